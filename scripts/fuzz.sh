#!/usr/bin/env bash
# Fuzzes the CSV reader and the import row validator with libFuzzer.
#
#   scripts/fuzz.sh [SECONDS]        (default 600)
#
# Compiles the CSV module, the validator's sources (as a module named ZipGeo, without the
# SQLite parts) and Tests/Fuzz/CSVImportFuzz.swift with -sanitize=fuzzer,address into
# .build/fuzz, seeds the corpus with the hostile CSV files under Tests/, and runs for SECONDS.
# Crashing inputs land in .build/fuzz/artifacts/; each one found becomes a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
out=.build/fuzz
rm -rf "$out/src" && mkdir -p "$out/src" "$out/corpus" "$out/artifacts"
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -I "$out")

swiftc "${flags[@]}" -emit-library -static -emit-module -module-name CSV \
  -emit-module-path "$out/CSV.swiftmodule" -o "$out/libCSV.a" Sources/CSV/*.swift
# The validator and what it needs, in one module: their `import Geodesy` and `import SQLiteKit`
# lines go, since the few types they use from there are compiled into the same module.
for file in Sources/ZipGeo/Import/ColumnMap.swift Sources/ZipGeo/Import/ColumnMap+Validation.swift Sources/ZipGeo/Support/Double+Decimal.swift \
  Sources/ZipGeo/Model/ZipCode.swift Sources/ZipGeo/Import/ImportError.swift Sources/ZipGeo/Model/CountryCode.swift \
  Sources/ZipGeo/Support/Trimming.swift Sources/Geodesy/Coordinate.swift Sources/Geodesy/Length.swift \
  Sources/Geodesy/LengthUnit.swift Sources/SQLiteKit/String+Shortened.swift; do
  grep -v -e '^import Geodesy$' -e '^import SQLiteKit$' "$file" >"$out/src/$(basename "$file")"
done
swiftc "${flags[@]}" -emit-library -static -emit-module -module-name ZipGeo \
  -emit-module-path "$out/ZipGeo.swiftmodule" -o "$out/libZipgeo.a" "$out"/src/*.swift
# (The linker warns about sanitizer symbols it cannot export; they need no exporting.)
swiftc "${flags[@]}" -o "$out/csv-import-fuzz" Tests/Fuzz/CSVImportFuzz.swift -L "$out" -lZipgeo -lCSV \
  2> >(grep -v "Cannot export local symbol" >&2)

cp Tests/ZipGeoCLITests/HostileCSV/*.csv "$out/corpus"/ 2>/dev/null || true
head -c 4096 data/zips.csv >"$out/corpus/zips-head.csv"
"$out/csv-import-fuzz" "$out/corpus" -max_total_time="$seconds" -max_len=4096 -timeout=10 \
  -artifact_prefix="$out/artifacts/" -print_final_stats=1 2>&1 | tee "$out/fuzz.log" |
  grep -E "^#[0-9]+ +(INITED|DONE)|stat::number_of_executed_units|stat::peak_rss|ERROR|SUMMARY" || true
crashes=$(find "$out/artifacts" -type f | wc -l)
echo "fuzz: $seconds s, crash artifacts: $crashes (log: $out/fuzz.log)"
[ "$crashes" -eq 0 ]
