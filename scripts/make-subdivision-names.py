#!/usr/bin/env python3
"""Writes Sources/ISO3166/SubdivisionName.swift's table from Debian's iso-codes (apt-get install iso-codes).

Usage: python3 scripts/make-subdivision-names.py [/usr/share/iso-codes/json/iso_3166-2.json]

Each ISO 3166-2 subdivision whose code (the part after the country) has a letter, with its name as
ISO gives it. Codes of digits only are left out: data such as GeoNames numbers its regions in its
own way (GeoNames' JP 40 is Tokyo, ISO's JP-40 is Fukuoka), so a number is no ISO code to look up.
"""
import json
import pathlib
import re
import sys

source = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/iso-codes/json/iso_3166-2.json"
subdivisions = json.load(open(source, encoding="utf-8"))["3166-2"]
rows = []
for s in sorted(subdivisions, key=lambda s: s["code"]):
    country, _, code = s["code"].partition("-")
    if not re.search("[A-Za-z]", code):
        continue
    name = s["name"]
    assert "\t" not in name and "\n" not in name and '"""' not in name and "\\" not in name, name
    rows.append(f"    {country}:{code}\t{name}")
target = pathlib.Path(__file__).resolve().parent.parent / "Sources/ISO3166/SubdivisionName.swift"
text = target.read_text(encoding="utf-8")
head, _, rest = text.partition('  static let table = """\n')
_, _, tail = rest.partition('\n    """\n')
target.write_text(head + '  static let table = """\n' + "\n".join(rows) + '\n    """\n' + tail, encoding="utf-8")
print(f"{len(rows)} subdivisions written to {target}")
