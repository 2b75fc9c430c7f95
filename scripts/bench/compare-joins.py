#!/usr/bin/env python3
"""Two builds of the extension counting the same spatial join, side by side in one run: 2,000
places of the world as centres (every 912th row of zips), each joined to zipgeo_within(lat, lon,
KM), `count(*)` (the join of scripts/bench-engine.py), the builds interleaved round after round
(which goes first alternates); the best time of each, and their ratio. The counts must be the
same, or it stops. For a change to the searches that only count their rows:

    /usr/bin/python3 scripts/bench/compare-joins.py /tmp/before/.build/release .build/release /tmp/world.db 10

Usage: /usr/bin/python3 scripts/bench/compare-joins.py BEFORE_DIR AFTER_DIR WORLD_DB [KM [ROUNDS]]
(each DIR holds a libZipgeo.so; WORLD_DB is data/world.txt.xz imported; KM 10, ROUNDS 3).
"""
import sqlite3
import sys
import time

if len(sys.argv) < 4:
    sys.exit(__doc__)
before, after, world = sys.argv[1:4]
km = float(sys.argv[4]) if len(sys.argv) > 4 else 10.0
rounds = int(sys.argv[5]) if len(sys.argv) > 5 else 3
builds = {"before": before.rstrip("/") + "/libZipgeo", "after": after.rstrip("/") + "/libZipgeo"}
connections = {}
for build, library in builds.items():
    connection = sqlite3.connect(f"file:{world}?mode=ro", uri=True)
    connection.enable_load_extension(True)
    connection.load_extension(library)
    connection.execute(
        "CREATE TEMP TABLE c AS SELECT lat, lon FROM "
        "(SELECT lat, lon, row_number() OVER (ORDER BY id) AS n FROM zips) WHERE n % 912 = 0")
    connections[build] = connection

sql = f"SELECT count(*) FROM temp.c, zipgeo_within(c.lat, c.lon, {km})"
times = {"before": [], "after": []}
counts = {}
for round in range(rounds):
    for build in (["before", "after"] if round % 2 == 0 else ["after", "before"]):
        start = time.perf_counter()
        counts[build] = connections[build].execute(sql).fetchone()[0]
        times[build].append(time.perf_counter() - start)
if counts["before"] != counts["after"]:
    sys.exit(f"!!! the two builds count {counts['before']} and {counts['after']} pairs")
b, a = min(times["before"]), min(times["after"])
centres = connections["after"].execute("SELECT count(*) FROM temp.c").fetchone()[0]
print(f"{centres} centres x {km:g} km, {counts['after']} pairs: before {b:.2f} s, after {a:.2f} s, "
      f"before / after {b / a:.2f}")
