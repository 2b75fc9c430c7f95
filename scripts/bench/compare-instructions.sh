#!/usr/bin/env bash
# Instructions a call of one query, two builds of the extension side by side: counts are the same
# run after run, where times on a shared machine are not. Each build's libZipgeo.so is stripped of
# its debug info (valgrind reads it slowly), loaded into /usr/bin/python3, and the query run once,
# then N more times; the difference of callgrind's two totals, over N, is a call's cost.
#
#   scripts/bench/compare-instructions.sh /tmp/before/.build/release .build/release world.db \
#     "SELECT * FROM zipgeo_nearest(35.6812, 139.7671, 5)" 10
#
# Usage: scripts/bench/compare-instructions.sh BEFORE_DIR AFTER_DIR DATABASE SQL [N]   (N: 10)
set -euo pipefail
[ $# -ge 4 ] || { sed -n '2,10p' "$0" >&2; exit 64; }
before=$1 after=$2 database=$3 sql=$4 calls=${5:-10}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/run.py" <<'PY'
import sqlite3, sys
library, database, sql, calls = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
connection.enable_load_extension(True)
connection.load_extension(library)
for _ in range(calls + 1):
    connection.execute(sql).fetchall()
PY
count() {
  PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null /usr/bin/python3 "$work/run.py" "$1" "$database" "$sql" "$2" \
    2>&1 | sed -n 's/.*Collected : //p'
}
for build in before after; do
  dir=$([ "$build" = before ] && echo "$before" || echo "$after")
  mkdir -p "$work/$build"
  strip --strip-debug -o "$work/$build/libZipgeo.so" "$dir/libZipgeo.so"
  none=$(count "$work/$build/libZipgeo" 0)
  some=$(count "$work/$build/libZipgeo" "$calls")
  echo "$build $(( (some - none) / calls ))"
done
