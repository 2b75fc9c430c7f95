#!/usr/bin/env bash
# Imports a generated file of N rows (default 10 million) and reports zipgeo's peak resident
# memory, which must stay under 300 MB however long the file is.
#
#   scripts/check-memory.sh [ROWS]        (needs /usr/bin/time: apt-get install time)
set -euo pipefail
cd "$(dirname "$0")/.."
rows=${1:-10000000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -c release --static-swift-stdlib >/dev/null
python3 scripts/generate-points.py "$rows" "$work/points.csv"
echo "file: $(du -h "$work/points.csv" | cut -f1) with $rows rows"
/usr/bin/time -v .build/release/zipgeo import "$work/points.csv" --db "$work/points.db" 2>"$work/time.txt"
peak=$(awk '/Maximum resident set size/ {print $6}' "$work/time.txt")
elapsed=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$work/time.txt")
echo "peak resident memory: $((peak / 1024)) MB, wall time $elapsed"
[ "$peak" -lt $((300 * 1024)) ] || { echo "check-memory: over 300 MB" >&2; exit 1; }
