#!/usr/bin/env bash
# Instructions per row of distance() and geodesic_distance() in SQLite, for two builds of the
# extension side by side: counts under valgrind are the same run after run, where times on a
# shared machine are not.
#
# Usage: scripts/count-sql-instructions.sh OLD/libZipgeo.so NEW/libZipgeo.so
# (build each with `swift build -c release --static-swift-stdlib`; needs valgrind and /usr/bin/python3)
set -euo pipefail
[ $# -eq 2 ] || { sed -n 2,8p "$0"; exit 64; }
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
count() {  # LIBRARY QUERY REGION: instructions of the whole run
  valgrind --tool=callgrind --callgrind-out-file=/dev/null /usr/bin/python3 "$here/bench/sql_function_rows.py" \
    "$1" "$2" "$3" 2>&1 | sed -n 's/.*Collected : //p'
}
for label in old new; do
  mkdir -p "$work/$label"
  # valgrind cannot read the debug info lld writes for the static Swift runtime; it needs none.
  strip --strip-debug -o "$work/$label/libZipgeo.so" "$([ $label = old ] && echo "$1" || echo "$2")"
done
printf '%-7s %-7s %12s %12s %8s\n' region query old/row new/row change
for region in us global; do
  for query in sphere wgs84; do
    old=$(( ($(count "$work/old/libZipgeo" $query $region) - $(count "$work/old/libZipgeo" scan $region)) / 100000 ))
    new=$(( ($(count "$work/new/libZipgeo" $query $region) - $(count "$work/new/libZipgeo" scan $region)) / 100000 ))
    printf '%-7s %-7s %12d %12d %+7.1f%%\n' $region $query $old $new "$(echo "($new - $old) * 100 / $old" | bc -l)"
  done
done
