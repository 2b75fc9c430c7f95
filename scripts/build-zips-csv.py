#!/usr/bin/env python3
"""Builds data/zips.csv from the GeoNames US postal-code file.

Usage: python3 scripts/build-zips-csv.py SOURCE [OUTPUT]
  SOURCE: the GeoNames US file as data/README.md describes it (header
  zip,city,state,state_abbr,county,lat,lng); OUTPUT defaults to data/zips.csv. Standard library
  only; the output is the same on every run.

Cleaning (documented in data/README.md):
  - reads UTF-8 with or without a byte-order mark, CRLF or LF;
  - keeps zip codes as text, so leading zeros stay (00501, 01001);
  - a zip that appears twice keeps its first row, as `zipgeo import` does;
  - rows whose zip is not five digits or whose coordinates are missing or out of range are
    dropped and listed on stderr;
  - empty place, state or county fields stay empty;
  - the output is sorted by zip, UTF-8 without BOM, LF line ends, columns
    zip,place,state,county,lat,lon (state is the two-letter abbreviation), coordinates as written
    in the source.
"""
import csv
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
if not 2 <= len(sys.argv) <= 3:
    sys.exit(__doc__)
source = pathlib.Path(sys.argv[1])
output = pathlib.Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT / "data/zips.csv"

rows = {}
duplicates = dropped = read = 0
with source.open(encoding="utf-8-sig", newline="") as f:
    for line, record in enumerate(csv.DictReader(f), start=2):
        read += 1
        zip_code = record["zip"].strip()
        try:
            lat, lon = float(record["lat"]), float(record["lng"])
            valid = re.fullmatch(r"\d{5}", zip_code) and -90 <= lat <= 90 and -180 <= lon <= 180
        except ValueError:
            valid = False
        if not valid:
            dropped += 1
            print(f"{source.name}:{line}: dropped {dict(record)}", file=sys.stderr)
            continue
        if zip_code in rows:
            duplicates += 1
            print(f"{source.name}:{line}: duplicate zip {zip_code}, keeping line {rows[zip_code][0]}", file=sys.stderr)
            continue
        rows[zip_code] = (line, [zip_code, record["city"].strip(), record["state_abbr"].strip(),
                                 record["county"].strip(), record["lat"].strip(), record["lng"].strip()])

output.parent.mkdir(parents=True, exist_ok=True)
with output.open("w", encoding="utf-8", newline="") as f:
    writer = csv.writer(f, lineterminator="\n")
    writer.writerow(["zip", "place", "state", "county", "lat", "lon"])
    for zip_code in sorted(rows):
        writer.writerow(rows[zip_code][1])

print(f"read {read} rows, wrote {len(rows)} to {output}, dropped {dropped}, duplicates {duplicates}", file=sys.stderr)
