#!/usr/bin/env bash
# Times `zipgeo import` against the stock sqlite3 shell on the same CSV, side by side in one
# hyperfine run (the machines are shared and noisy: only ratios from one run mean much).
#
#   scripts/bench-import.sh [FILE.csv]      (default data/zips.csv; needs hyperfine and sqlite3)
#
# Three commands, each starting from no database:
#   zipgeo import              validates every row, keeps (zip, country, place) unique, builds
#                              the (cell, lat, lon, zip, country) grid-cell index
#   sqlite3 .import            loads text into a table, no checks, no index
#   sqlite3 .import + indexes  the same, then a unique zip index and a (lat, lon) index: the
#                              textbook way, which zipgeo's schema replaced with the cell index
set -euo pipefail
cd "$(dirname "$0")/.."
csv=$(realpath "${1:-data/zips.csv}")
command -v hyperfine >/dev/null || { echo "bench-import: needs hyperfine (apt-get install hyperfine)" >&2; exit 1; }
swift build -c release --static-swift-stdlib >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
zipgeo=$(realpath .build/release/zipgeo)
hyperfine -N --warmup 2 --runs "${RUNS:-20}" --prepare "rm -f $work/a.db $work/b.db $work/c.db" \
  --export-json "$work/result.json" \
  -n "zipgeo import" "$zipgeo import $csv --db $work/a.db" \
  -n "sqlite3 .import" "sqlite3 $work/b.db \".import --csv $csv t\"" \
  -n "sqlite3 .import + indexes" \
  "sqlite3 $work/c.db \".import --csv $csv t\" \"CREATE UNIQUE INDEX t_zip ON t(zip)\" \"CREATE INDEX t_ll ON t(lat, lon)\""
python3 - "$work/result.json" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
ours = results["zipgeo import"]["median"]
for name, r in results.items():
    print(f"{name:28s} median {r['median'] * 1000:8.1f} ms   zipgeo / this = {ours / r['median']:.2f}")
PY
