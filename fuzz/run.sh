#!/usr/bin/env bash
# `make fuzz`: each target (all of fuzz/corpus/*, or those named) for FUZZ_SECONDS under
# libFuzzer and AddressSanitizer, one after another, from the libFuzzer build of FuzzDriver.
#
#   fuzz/corpus/<target>/   the seeds, in the repository (scripts/make-fuzz-corpus.sh)
#   fuzz/dicts/<target>.dict   tokens the mutations splice in, where a format has them
#   fuzz/work/<target>/     what libFuzzer adds to the corpus as it finds new paths (git-ignored)
#   fuzz/crashes/<target>/  each crashing (or hanging, or leaking) input (git-ignored)
#
# Prints each target's executions and executions per second, and each crash with the line that
# replays it. Exits non-zero when a target crashed. FUZZ_FLAGS adds libFuzzer flags: "-fork=1
# -ignore_crashes=1" goes on past a crash (each one saved), "-jobs=2" runs a target twice over.
set -uo pipefail
cd "$(dirname "$0")/.."
driver=${FUZZ_DRIVER:-.build/fuzz/debug/FuzzDriver}
seconds=${FUZZ_SECONDS:-60}
[ -x "$driver" ] || { echo "no libFuzzer build at $driver (make fuzz builds it)" >&2; exit 2; }
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for folder in fuzz/corpus/*/; do targets+=("$(basename "$folder")"); done
fi

# The targets' scratch files go on tmpfs; a crash leaves its scratch folder, removed at the end.
scratch=$(mktemp -d "${TMPDIR:-/tmp}/roadtrip-fuzz.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
summary=()
crashed=0
for target in "${targets[@]}"; do
    mkdir -p "fuzz/work/$target" "fuzz/crashes/$target"
    log="fuzz/work/$target.log"
    dict=()
    [ -f "fuzz/dicts/$target.dict" ] && dict=("-dict=fuzz/dicts/$target.dict")
    echo "== $target: $seconds s"
    # Leaks are not looked for: libvips, glib and SQLite keep caches that read as leaks per input.
    # The Swift backtracer is off: libFuzzer reports the crash, and the backtracer waits on it.
    ROADTRIP_FUZZ_TARGET=$target TMPDIR=$scratch SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:${ASAN_OPTIONS:-} \
        "$driver" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=3072 -print_final_stats=1 "${dict[@]}" ${FUZZ_FLAGS:-} \
        -artifact_prefix="fuzz/crashes/$target/" "fuzz/work/$target" "fuzz/corpus/$target" > "$log" 2>&1
    status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    if [ -z "$runs" ]; then
        # Fork mode prints no final stats; its last status line has the count and the time.
        last=$(grep -E '^#[0-9]+: cov' "$log" | tail -1)
        runs=$(sed -n 's/^#\([0-9]*\):.*/\1/p' <<< "$last")
        time=$(sed -n 's/.* time: \([0-9]*\)s.*/\1/p' <<< "$last")
        [ -n "$runs" ] && [ -n "$time" ] && [ "$time" -gt 0 ] && rate=$((runs / time))
    fi
    line=$(printf '%-20s %10s executions %7s/s' "$target" "${runs:-?}" "${rate:-?}")
    if [ "$status" -ne 0 ]; then
        crashed=1
        artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
        grep -E "^(==[0-9]+==ERROR|SUMMARY|Fatal error|.*Fatal error:|.*Precondition failed)" "$log" | head -5
        echo "   replay: ROADTRIP_FUZZ_TARGET=$target $driver $artifact   (or: .build/debug/FuzzDriver run $target $artifact)"
        line="$line   CRASHED: ${artifact:-see $log}"
    fi
    echo "$line"
    summary+=("$line")
done
echo
echo "Fuzzing, $seconds s a target:"
printf '  %s\n' "${summary[@]}"
exit "$crashed"
