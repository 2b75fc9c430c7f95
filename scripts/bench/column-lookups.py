#!/usr/bin/env python3
"""A column of codes through zipgeo_lookup, a code at a time as a join runs it, beside SQLite's own
floors, for one or two builds side by side in one run (interleaved rounds, CPU time, medians).

Usage: /usr/bin/python3 scripts/bench/column-lookups.py DATABASE LIBRARY [LIBRARY_BEFORE] [--rounds N]
  DATABASE: a zipgeo database (zipgeo import data/zips.csv --db us.db); LIBRARY: the extension
  without .so (.build/release/libZipgeo); LIBRARY_BEFORE: another build's, compared with it.

The codes: 100,000 drawn at random from the database's codes of its first country (seed 56), a
tenth written as ZIP+4, a tenth without leading zeros, a tenth in spaces; each distinct code
once, as a JSON array. Prints CPU microseconds a distinct code for:
  lookup        SELECT count(l.lat) FROM json_each(?) j, zipgeo_lookup(j.value) l
  lookup, US    the same with the country given
  floor: exact  SELECT count(z.lat) FROM json_each(?) j JOIN zips z ON z.zip = j.value (codes as
                stored alone match: what SQL without zipgeo does)
  floor: json   SELECT count(*) FROM json_each(?) (the host's cost of the list itself)
Each round is a fresh connection with SQLite's default cache, so that what a build keeps on a
connection is paid for in every round.
"""
import argparse
import json
import random
import sqlite3
import statistics
import time

parser = argparse.ArgumentParser()
parser.add_argument("database")
parser.add_argument("library")
parser.add_argument("before", nargs="?")
parser.add_argument("--rounds", type=int, default=5)
args = parser.parse_args()

probe = sqlite3.connect(f"file:{args.database}?mode=ro", uri=True)
country = probe.execute("SELECT country FROM zips LIMIT 1").fetchone()[0]
zips = [zip for (zip,) in probe.execute("SELECT DISTINCT zip FROM zips WHERE country = ? ORDER BY zip", (country,))]
probe.close()
drawn = random.Random(56)
codes = []
for index in range(100_000):
    code = drawn.choice(zips)
    kind = index % 10
    codes.append(f"{code}-{drawn.randrange(10_000):04d}" if kind == 1 else code.lstrip("0") or code if kind == 2
                 else f" {code} " if kind == 3 else code)
distinct = list(dict.fromkeys(codes))
array = json.dumps(distinct)
queries = {
    "lookup": "SELECT count(l.lat) FROM json_each(?1) j, zipgeo_lookup(j.value) l",
    f"lookup, {country}": f"SELECT count(l.lat) FROM json_each(?1) j, zipgeo_lookup(j.value, '{country}') l",
    "floor: exact": "SELECT count(z.lat) FROM json_each(?1) j JOIN zips z ON z.zip = j.value",
    "floor: json": "SELECT count(*) FROM json_each(?1)",
}
builds = [("after", args.library)] + ([("before", args.before)] if args.before else [])
times = {(build, name): [] for build, _ in builds for name in queries}
found = {}
for _ in range(args.rounds):
    for build, library in builds:
        for name, sql in queries.items():
            if name.startswith("floor") and build == "before":
                continue
            connection = sqlite3.connect(f"file:{args.database}?mode=ro", uri=True)
            connection.enable_load_extension(True)
            connection.load_extension(library)
            start = time.process_time()
            found[(build, name)] = connection.execute(sql, (array,)).fetchone()[0]
            times[(build, name)].append(time.process_time() - start)
            connection.close()
print(f"{len(codes):,} codes, {len(distinct):,} distinct; {args.rounds} rounds, medians, CPU us a distinct code")
for name in queries:
    cells = []
    for build, _ in builds:
        if times[(build, name)]:
            median = statistics.median(times[(build, name)]) / len(distinct) * 1e6
            cells.append(f"{build} {median:6.2f} us ({found[(build, name)]:,} found)")
    line = f"  {name:14} " + "   ".join(cells)
    if args.before and times[("before", name)]:
        ratio = statistics.median(times[("after", name)]) / statistics.median(times[("before", name)])
        line += f"   after/before {ratio:.2f}"
    print(line)
