#!/usr/bin/env python3
"""Writes Sources/ISO3166/CountryName.swift from Debian's iso-codes (apt-get install iso-codes).

Usage: python3 scripts/make-country-names.py [/usr/share/iso-codes/json/iso_3166-1.json]

Each ISO 3166-1 alpha-2 code with its English short name, in the common form where ISO gives one.
"""
import json
import pathlib
import sys

source = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/iso-codes/json/iso_3166-1.json"
countries = json.load(open(source, encoding="utf-8"))["3166-1"]
rows = [
    f'    "{c["alpha_2"]}": "{c.get("common_name", c["name"])}",'
    for c in sorted(countries, key=lambda c: c["alpha_2"])
]
target = pathlib.Path(__file__).resolve().parent.parent / "Sources/ISO3166/CountryName.swift"
text = target.read_text(encoding="utf-8")
head, _, rest = text.partition("  static let names: [String: String] = [\n")
_, _, tail = rest.partition("\n  ]\n")
target.write_text(head + "  static let names: [String: String] = [\n" + "\n".join(rows) + "\n  ]\n" + tail, encoding="utf-8")
print(f"{len(rows)} countries written to {target}")
