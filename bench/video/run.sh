#!/usr/bin/env bash
# Video benchmark (issue 50), three figures:
#  1. Import with renditions: `roadtrip import` of generated clips (H.264 and HEVC, 1080p, 10 s
#     each), then a server's video job making their renditions, beside a shell script running
#     the same FFmpeg commands (ffprobe, the poster, the remux or transcode) one after another, in
#     the same run: seconds each, and the ratio (goal ≥ 0.9: RoadTrip adds little around FFmpeg);
#     the remux's and the transcode's times apart.
#  2. Streaming a rendition of about 200 MB in byte ranges (wrk, a 1 MB range from the middle),
#     beside nginx serving the same file with the same ranges (goal ≥ 0.8×).
#  3. The server's memory while four clients download that file slowly, beside its memory idle:
#     flat, not growing with the file.
set -euo pipefail
cd "$(dirname "$0")/../.."

CLIPS=${CLIPS:-2}
DURATION=${DURATION:-5s}
. bench/lib.sh
command -v ffmpeg > /dev/null || { echo "ffmpeg is missing: make deps installs it" >&2; exit 1; }

# 1. Clips: a moving test picture with a tone, 10 s of 1080p, each a different pattern.
mkdir -p "$work/clips"
patterns=(testsrc2 smptehdbars rgbtestsrc yuvtestsrc testsrc)
for i in $(seq 1 "$CLIPS"); do
    pattern=${patterns[$(( (i - 1) % ${#patterns[@]} ))]}
    source=(-f lavfi -i "$pattern=size=1920x1080:rate=30:duration=10" -f lavfi -i "sine=frequency=$((300 + i * 40)):duration=10")
    ffmpeg -nostdin -v error "${source[@]}" -c:v libx264 -preset veryfast -crf 20 -pix_fmt yuv420p -c:a aac -y "$work/clips/h264-$i.mp4"
    ffmpeg -nostdin -v error "${source[@]}" -c:v libx265 -preset ultrafast -x265-params log-level=error -tag:v hvc1 -c:a aac \
        -y "$work/clips/hevc-$i.mov"
done
megabytes=$(du -sm "$work/clips" | cut -f1)

# The same FFmpeg work, by hand: what RoadTrip runs for each clip, in turn.
baseline() {
    local out="$work/baseline" kind file started
    mkdir -p "$out"
    remux=0; transcode=0
    for file in "$work"/clips/*; do
        started=$(seconds)
        ffprobe -v error -f mov -print_format json -show_format -show_streams "file:$file" > /dev/null
        ffmpeg -nostdin -v error -threads 1 -f mov -t 1 -i "file:$file" -map 0:v:0 \
            -vf "signalstats,metadata=mode=select:key=lavfi.signalstats.YAVG:value=24:function=greater" \
            -frames:v 1 -pix_fmt rgb24 -f image2 -update 1 -c:v png -y "$out/poster.png"
        case "$file" in
            *h264*) kind=remux; ffmpeg -nostdin -v error -threads 2 -f mov -i "file:$file" -map 0:v:0 -map '0:a:0?' -map_metadata -1 \
                -map_chapters -1 -dn -sn -c copy -movflags +faststart -f mp4 -y "$out/rendition.mp4" ;;
            *) kind=transcode; ffmpeg -nostdin -v error -threads 2 -filter_threads 1 -f mov -i "file:$file" -map 0:v:0 -map '0:a:0?' \
                -map_metadata -1 -map_chapters -1 -dn -sn \
                -vf "scale='if(gte(iw,ih),min(1920,iw),min(1080,iw))':'if(gte(iw,ih),min(1080,ih),min(1920,ih))':force_original_aspect_ratio=decrease:force_divisible_by=2,format=yuv420p" \
                -c:v libx264 -profile:v high -preset veryfast -crf 23 -threads 2 -c:a aac -b:a 128k -ac 2 -movflags +faststart -f mp4 -y "$out/rendition.mp4" ;;
        esac
        ffprobe -v error -f mov -print_format json -show_format -show_streams "file:$out/rendition.mp4" > /dev/null
        elapsed=$(python3 -c "print($(seconds) - $started)")
        if [ "$kind" = remux ]; then remux=$(python3 -c "print($remux + $elapsed)"); else transcode=$(python3 -c "print($transcode + $elapsed)"); fi
    done
}

# RoadTrip: the import (probe, poster, thumbnail, stored), then a server making the renditions,
# timed from when it says it runs (its first start, which loads the demo library, is not counted).
roadtrip_import() {
    local folder="$work/library-$1" started imported total
    started=$(seconds)
    "$BIN" import "$work/clips" --data "$folder" > "$work/import.log"
    imported=$(python3 -c "print($(seconds) - $started)")
    data=$folder start_roadtrip --video-jobs 1
    started=$(seconds)
    total=$(( CLIPS * 2 ))
    for _ in $(seq 1 3000); do
        ready=$(sqlite3 "$folder/library.sqlite" "SELECT count(*) FROM videos WHERE rendition = 'ready'")
        failed=$(sqlite3 "$folder/library.sqlite" "SELECT count(*) FROM videos WHERE rendition = 'failed'")
        [ "$failed" -gt 0 ] && { echo "a rendition failed:"; sqlite3 "$folder/library.sqlite" "SELECT rendition_error FROM videos"; exit 1; }
        [ "$ready" -eq "$total" ] && break
        sleep 0.1
    done
    [ "$ready" -eq "$total" ] || { echo "only $ready of $total renditions made"; exit 1; }
    roadtrip_seconds=$(python3 -c "print($imported + $(seconds) - $started)")
    stop_roadtrip
}

# Alternately, twice: the machine's other load moves either from one minute to the next.
best_baseline=""; best_roadtrip=""
for round in 1 2; do
    started=$(seconds); baseline; elapsed=$(python3 -c "print($(seconds) - $started)")
    best_baseline=$(python3 -c "print(min(x for x in [$elapsed, ${best_baseline:-1e9}]))")
    [ "$round" = 1 ] && { first_remux=$remux; first_transcode=$transcode; }
    roadtrip_import "$round"
    best_roadtrip=$(python3 -c "print(min(x for x in [$roadtrip_seconds, ${best_roadtrip:-1e9}]))")
done

echo "Video import and renditions: $CLIPS H.264 + $CLIPS HEVC clips, 1080p 10 s, $megabytes MB; $(nproc) cores, $(date -u +%Y-%m-%d); best of 2"
printf '%-40s %10s\n' "" "seconds"
printf '%-40s %10.2f\n' "FFmpeg's commands by a script" "$best_baseline" "RoadTrip: import, then its video job" "$best_roadtrip"
printf '%-40s %10.2f\n' "ratio (script ÷ RoadTrip, goal ≥ 0.9)" "$(python3 -c "print($best_baseline / $best_roadtrip)")"
printf '%-40s %10.2f\n' "of the script: remuxing the H.264" "$first_remux" "of the script: transcoding the HEVC" "$first_transcode"

# 2. Streaming: a rendition of about 200 MB (a high-bitrate H.264 clip, remuxed by RoadTrip).
ffmpeg -nostdin -v error -f lavfi -i "testsrc2=size=1920x1080:rate=30:duration=58" -c:v libx264 -preset ultrafast -qp 8 -pix_fmt yuv420p \
    -y "$work/big.mp4"
big="$work/library-stream"
"$BIN" import "$work/big.mp4" --data "$big" > /dev/null
data=$big start_roadtrip --video-jobs 1
for _ in $(seq 1 3000); do
    [ "$(sqlite3 "$big/library.sqlite" "SELECT count(*) FROM videos WHERE rendition = 'ready'")" = 1 ] && break
    sleep 0.1
done
id=$(sqlite3 "$big/library.sqlite" "SELECT photo_id FROM videos")
sha=$(sqlite3 "$big/library.sqlite" "SELECT sha256 FROM videos")
rendition="$big/cache/video/${sha:0:2}/$sha.mp4"
size=$(stat -c %s "$rendition")
sign_in
mkdir -p "$work/www"
cp "$rendition" "$work/www/rendition.mp4"
start_nginx "$work/www" 1
middle=$(( size / 2 ))
range="Range: bytes=$middle-$(( middle + 1048575 ))"
read -r r50 r99 rrps < <(wrk -t2 -c16 -d"$DURATION" --latency -H "$cookie" -H "$range" "$base/photos/$id/video" | awk '
    function ms(v) { if (v ~ /us$/) { sub(/us/, "", v); return v / 1000 } if (v ~ /ms$/) { sub(/ms/, "", v); return v } sub(/s/, "", v); return v * 1000 }
    $1 == "50%" { p50 = ms($2) } $1 == "99%" { p99 = ms($2) } /Requests\/sec/ { rps = $2 } END { printf "%.2f %.2f %.0f\n", p50, p99, rps }')
read -r n50 n99 nrps < <(wrk -t2 -c16 -d"$DURATION" --latency -H "$range" "http://127.0.0.1:$ng_port/rendition.mp4" | awk '
    function ms(v) { if (v ~ /us$/) { sub(/us/, "", v); return v / 1000 } if (v ~ /ms$/) { sub(/ms/, "", v); return v } sub(/s/, "", v); return v * 1000 }
    $1 == "50%" { p50 = ms($2) } $1 == "99%" { p99 = ms($2) } /Requests\/sec/ { rps = $2 } END { printf "%.2f %.2f %.0f\n", p50, p99, rps }')
echo
echo "Streaming a $(( size / 1048576 )) MiB rendition, 1 MiB ranges from its middle; wrk -t2 -c16 -d$DURATION"
printf '%-24s %8s %8s %8s\n' "" "p50 ms" "p99 ms" "req/s"
printf '%-24s %8s %8s %8s\n' "RoadTrip" "$r50" "$r99" "$rrps" "nginx, the same file" "$n50" "$n99" "$nrps"
printf '%-24s %8.2f\n' "ratio (goal ≥ 0.8)" "$(python3 -c "print($rrps / $nrps)")"

# 3. Memory: the server's resident memory idle, then while four clients each read the whole file
# at 20 MB/s (ten seconds of it), sampled every half second.
rss() { awk '/^VmRSS/ { print $2 }' "/proc/$roadtrip_pid/status"; }
idle=$(rss)
clients=()
for _ in 1 2 3 4; do curl -s -o /dev/null -H "$cookie" --limit-rate 20M "$base/photos/$id/video" & clients+=($!); done
peak=$idle
for _ in $(seq 1 20); do sleep 0.5; now=$(rss); [ "$now" -gt "$peak" ] && peak=$now; done
wait "${clients[@]}"
echo
printf 'Server memory: idle %d MiB, at most %d MiB while four clients streamed %d MiB each\n' $(( idle / 1024 )) $(( peak / 1024 )) $(( size / 1048576 ))
