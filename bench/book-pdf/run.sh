#!/usr/bin/env bash
# Printed book benchmark: a vacation of PHOTOS camera-like photos (200 by default; 1600×1200 and
# 1200×1600, over five days) laid out and written as a print-ready PDF by `roadtrip vacation book`
# (the code the server's book worker runs), beside `vipsthumbnail` making the same photos at the
# pixels the book prints them at (read back from the PDF with pdfimages), in the same run,
# alternately ROUNDS times: the ratio of the medians (book seconds ÷ vipsthumbnail seconds; the
# layout, Pango's text and the PDF cost what is above 1), the book's peak memory and the PDF's size.
set -euo pipefail
cd "$(dirname "$0")/../.."

PHOTOS=${PHOTOS:-200}
ROUNDS=${ROUNDS:-3}
. bench/lib.sh

# The photos, in a Takeout's album so that the import makes them a vacation of bench's, each
# dated by its sidecar, five days apart in fifths.
camera_jpeg "$work/wide.jpg"
vips rot "$work/wide.jpg" "$work/tall.jpg[Q=88,strip]" d90
python3 - "$work" "$PHOTOS" <<'PY'
import json, os, sys, zipfile
work, count = sys.argv[1], int(sys.argv[2])
shapes = [open(f"{work}/wide.jpg", "rb").read(), open(f"{work}/tall.jpg", "rb").read()]
os.makedirs(f"{work}/photos", exist_ok=True)
with zipfile.ZipFile(f"{work}/takeout-001.zip", "w") as part:
    part.writestr("Takeout/Google Photos/Bench trip/metadata.json", json.dumps({"title": "Bench trip"}))
    for i in range(count):
        name = f"IMG_{i:05}.JPG"
        note = f"photo {i}".encode()
        base = shapes[i % 3 == 2]
        photo = base[:2] + b"\xff\xfe" + (len(note) + 2).to_bytes(2, "big") + note + base[2:]
        open(f"{work}/photos/{name}", "wb").write(photo)
        part.writestr(f"Takeout/Google Photos/Bench trip/{name}", photo, zipfile.ZIP_STORED)
        sidecar = {"title": name, "photoTakenTime": {"timestamp": str(1_560_000_000 + i * 5 * 86_400 // count)},
                   "geoData": {"latitude": 38.7 + i / count, "longitude": -9.13 + i / count}}
        part.writestr(f"Takeout/Google Photos/Bench trip/{name}.json", json.dumps(sidecar))
PY
printf 'bench password\nbench password\n' | "$BIN" user add bench --owner --data "$work/data" > /dev/null
"$BIN" import "$work/takeout-001.zip" --user bench --data "$work/data" > "$work/import.log"
grep -q "Imported $PHOTOS, already there 0, refused 0." "$work/import.log" || { cat "$work/import.log"; exit 1; }

# The pixels each photo is printed at, in page order (the cover first, then the photos by date).
"$BIN" vacation book 1 --user bench --output "$work/book.pdf" --data "$work/data" > /dev/null
pdfimages -list "$work/book.pdf" | awk 'NR > 2 { print $4 "x" $5 }' | tail -n +2 > "$work/sizes"
[ "$(wc -l < "$work/sizes")" -eq "$PHOTOS" ] || { echo "the book holds $(wc -l < "$work/sizes") photos, not $PHOTOS"; exit 1; }
# vipsthumbnail once per printed size, with every photo of that size.
paste -d' ' "$work/sizes" <(ls "$work/photos" | sort) > "$work/jobs"
vips_run() {
    rm -rf "$work/out" && mkdir "$work/out"
    cut -d' ' -f1 "$work/jobs" | sort -u | while read -r size; do
        awk -v s="$size" -v d="$work/photos" '$1 == s { print d "/" $2 }' "$work/jobs" \
            | xargs vipsthumbnail --size "$size" -o "$work/out/%s-$size.jpg[Q=92,strip]"
    done
}
export -f vips_run
export work

book_runs=(); vips_runs=(); peak=0
for round in $(seq 1 "$ROUNDS"); do
    book_runs+=("$(timed_peak "$work/book.log" "$BIN" vacation book 1 --user bench --output "$work/book.pdf" --data "$work/data")")
    grep -q " pages, $PHOTOS photos." "$work/book.log" || { cat "$work/book.log"; exit 1; }
    (( $(cat "$work/peak") > peak )) && peak=$(cat "$work/peak")
    vips_runs+=("$(timed_peak "$work/vips.log" bash -c vips_run)")
done
book=$(echo "${book_runs[@]}" | median)
vips=$(echo "${vips_runs[@]}" | median)
pages=$(pdfinfo "$work/book.pdf" | awk '/^Pages:/ { print $2 }')
megabytes=$(du -m "$work/book.pdf" | cut -f1)

echo "Printed book: $PHOTOS photos of 1600×1200 and 1200×1600 over 5 days, A4, $pages pages, $(nproc) cores, $(date -u +%Y-%m-%d), median of $ROUNDS rounds"
rate_row ""
rate_row "vipsthumbnail, each photo at its printed pixels" "$vips" "$PHOTOS" "-" "${vips_runs[@]}"
rate_row "roadtrip vacation book (layout, text, PDF)" "$book" "$PHOTOS" "$peak" "${book_runs[@]}"
echo "ratio (book seconds ÷ vipsthumbnail seconds, at most 1.5): $(awk -v a="$book" -v b="$vips" 'BEGIN { printf "%.2f", a / b }')"
echo "PDF: $megabytes MB, $pages pages"
