#!/usr/bin/env bash
# Backup benchmark: a library of 100,000 photo rows and 2,000 small originals (the rest of the
# rows name originals that are not there: the database weighs what a library of that size
# weighs, the originals what a household's first months do). Three figures, each beside a
# baseline measured in the same run:
#  1. The first `roadtrip backup` (the database copied with VACUUM INTO, every original copied
#     and hashed, the manifest, one syncfs) beside `cp -a` of the same folder, and beside
#     `cp -a` followed by `sync -f` (the same durability): ratio = cp's seconds ÷ backup's
#     (goal ≥ 0.8 against cp -a).
#  2. A second backup of the unchanged library: every original hard-linked (goal < 5 s).
#  3. `roadtrip restore` of the snapshot (every file checked against its manifest, copied,
#     the library opened and checked) beside `cp -a` of the snapshot.
set -euo pipefail
cd "$(dirname "$0")/../.."

ROWS=${ROWS:-100000}
ORIGINALS=${ORIGINALS:-2000}
ROUNDS=${ROUNDS:-3}
. bench/lib.sh

timed() { local start end; start=$(seconds); "$@" > "$work/last.log"; end=$(seconds); awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }'; }

# The library: ORIGINALS files of 8–40 KB of random bytes named by their SHA-256 with their rows,
# then the other rows.
data="$work/data"
"$BIN" destinations list --data "$data" > /dev/null  # the schema exists
python3 - "$data" "$ORIGINALS" > "$work/originals.sql" <<'PY'
import hashlib, os, random, sys
data, count = sys.argv[1], int(sys.argv[2])
rng = random.Random(35)
print("BEGIN;")
for i in range(count):
    body = rng.randbytes(rng.randint(8_000, 40_000))
    digest = hashlib.sha256(body).hexdigest()
    folder = os.path.join(data, "originals", digest[:2])
    os.makedirs(folder, mode=0o700, exist_ok=True)
    with open(os.path.join(folder, digest + ".jpg"), "wb") as file:
        file.write(body)
    print(f"INSERT INTO photos (sha256, format, byte_count, width, height, title, sorted_at, imported_at) "
          f"VALUES ('{digest}', 'jpeg', {len(body)}, 640, 480, 'Original {i}', '2024-01-01T00:00:00', 1700000000);")
print("COMMIT;")
PY
sqlite3 "$data/library.sqlite" < "$work/originals.sql"
sqlite3 "$data/library.sqlite" <<SQL
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $ROWS - $ORIGINALS)
INSERT INTO photos (sha256, format, byte_count, width, height, title, sorted_at, taken_at, imported_at)
SELECT lower(hex(randomblob(32))), 'jpeg', 4000000, 4000, 3000, 'Photo ' || i,
       strftime('%Y-%m-%dT%H:%M:%S', 1500000000 + i * 30, 'unixepoch'), strftime('%Y-%m-%dT%H:%M:%S', 1500000000 + i * 30, 'unixepoch'), 1700000000 FROM n;
SQL
sqlite3 "$data/library.sqlite" "PRAGMA wal_checkpoint(TRUNCATE)" > /dev/null
library_mb=$(du -sm "$data" | cut -f1)
db_mb=$(( $(stat -c %s "$data/library.sqlite") / 1000000 ))

# 1. First backups and copies, alternately (the machine's other load moves either from one run
# to the next): the medians are compared, and every round is printed.
cp_runs=(); cps_runs=(); first_runs=()
for round in $(seq 1 "$ROUNDS"); do
    rm -rf "$work/copy" "$work/backups"
    cp_runs+=("$(timed cp -a "$data" "$work/copy")")
    rm -rf "$work/copy"
    cps_runs+=("$(timed sh -c 'cp -a "$0" "$1" && sync -f "$1"' "$data" "$work/copy")")
    rm -rf "$work/copy"
    first_runs+=("$(timed "$BIN" backup "$work/backups" --data "$data")")
done
grep -q "^Backed up $((ORIGINALS + 1)) files" "$work/last.log" || { cat "$work/last.log"; exit 1; }
cp_s=$(echo "${cp_runs[@]}" | median); cps_s=$(echo "${cps_runs[@]}" | median); first_s=$(echo "${first_runs[@]}" | median)

# 2. Backups of the unchanged library, into the folder holding the first.
second_runs=()
for round in $(seq 1 "$ROUNDS"); do second_runs+=("$(timed "$BIN" backup "$work/backups" --data "$data")"); done
grep -q "$ORIGINALS unchanged hard-linked" "$work/last.log" || { cat "$work/last.log"; exit 1; }
second_s=$(echo "${second_runs[@]}" | median)
snapshot="$work/backups/$(ls "$work/backups" | tail -1)"
snapshot_new_kb=$(du -sk "$work/backups" | cut -f1)

# 3. Restores with their verification, beside a copy of the snapshot.
restore_runs=(); copy_runs=()
for round in $(seq 1 "$ROUNDS"); do
    rm -rf "$work/restored" "$work/copy"
    copy_runs+=("$(timed cp -a "$snapshot" "$work/copy")")
    # Exits 1: its check names the photos whose originals the library never had.
    restore_runs+=("$(timed sh -c '"$0" restore "$1" --data "$2" || true' "$BIN" "$snapshot" "$work/restored")")
done
grep -q "Restored $ROWS photos" "$work/last.log" || { cat "$work/last.log"; exit 1; }
[ "$(grep -c '^problem: photo .* is missing' "$work/last.log")" = $((ROWS - ORIGINALS)) ] || { tail "$work/last.log"; exit 1; }
restore_s=$(echo "${restore_runs[@]}" | median); copy_s=$(echo "${copy_runs[@]}" | median)

echo "Backup: $ROWS photo rows ($db_mb MB database), $ORIGINALS originals of 8–40 KB; library $library_mb MB; $(nproc) cores, $(date -u +%Y-%m-%d), median of $ROUNDS rounds"
printf '%-58s %9s   %s\n' "" "seconds" "rounds (s)"
printf '%-58s %9s   %s\n' "cp -a of the data folder" "$cp_s" "${cp_runs[*]}"
printf '%-58s %9s   %s\n' "cp -a of the data folder, then sync -f" "$cps_s" "${cps_runs[*]}"
printf '%-58s %9s   %s\n' "roadtrip backup, first (copy, hash, manifest, syncfs)" "$first_s" "${first_runs[*]}"
printf '%-58s %9s   %s\n' "roadtrip backup, unchanged library (hard links; goal < 5 s)" "$second_s" "${second_runs[*]}"
printf '%-58s %9s   %s\n' "cp -a of a snapshot" "$copy_s" "${copy_runs[*]}"
printf '%-58s %9s   %s\n' "roadtrip restore (verify, copy, open, check)" "$restore_s" "${restore_runs[*]}"
echo "ratio, first backup (cp -a seconds ÷ backup seconds; goal ≥ 0.8): $(awk -v a="$cp_s" -v b="$first_s" 'BEGIN { printf "%.2f", a / b }')"
echo "ratio, first backup (cp -a + sync seconds ÷ backup seconds): $(awk -v a="$cps_s" -v b="$first_s" 'BEGIN { printf "%.2f", a / b }')"
echo "ratio, restore (cp -a of the snapshot ÷ restore seconds): $(awk -v a="$copy_s" -v b="$restore_s" 'BEGIN { printf "%.2f", a / b }')"
echo "backup folder after $((ROUNDS + 1)) snapshots: $((snapshot_new_kb / 1000)) MB (the originals once, the database each time)"
