#!/usr/bin/env python3
"""Two builds of the extension answering the same searches, side by side in one run: for each
search, each build's best-of-two median call time (seven rounds of about 20 ms of back-to-back
calls each), interleaved, and their ratio. The rows must be the same, or it stops. For a change's
cost to the searches, e.g. the nearest search's larger reads against the commit before it:

    git worktree add /tmp/before 598178f && (cd /tmp/before && swift build -c release --static-swift-stdlib)
    swift build -c release --static-swift-stdlib
    python3 scripts/generate-points.py 1000000 /tmp/p1m.csv && .build/release/zipgeo import /tmp/p1m.csv --db /tmp/p1m.db
    .build/release/zipgeo import data/world.txt.xz --db /tmp/world.db
    /usr/bin/python3 scripts/bench/compare-searches.py /tmp/before/.build/release .build/release /tmp/world.db /tmp/p1m.db

The searches: zipgeo_nearest for 1, 5 and 50; zipgeo_within at 10 and 25 km (every column), at
25 km inside SQLite, at 10 km reading zip and distance, and counting; and zipgeo_near from five
codes of the world at 10 km, every column and zip and distance.

Usage: /usr/bin/python3 scripts/bench/compare-searches.py BEFORE_DIR AFTER_DIR WORLD_DB POINTS_DB [ONLY]
(each DIR holds a libZipgeo.so; WORLD_DB is data/world.txt.xz imported, POINTS_DB the 1M points
of scripts/generate-points.py imported; ONLY keeps the searches whose name holds it: "within").
"""
import sqlite3
import statistics
import sys
import time

before, after, world, points = sys.argv[1:5]
# An optional fifth argument keeps only the searches whose name contains it ("within", "inside").
only = sys.argv[5] if len(sys.argv) > 5 else ""
libraries = {"before": before.rstrip("/") + "/libZipgeo", "after": after.rstrip("/") + "/libZipgeo"}
databases = {"world": world, "1M US": points}
centres = {
    "world": [
        ("Plano", 33.0198, -96.6989),
        ("London", 51.5074, -0.1278),
        ("Tokyo", 35.6812, 139.7671),
        ("Frankfurt", 50.11, 8.68),
        ("Sao Paulo", -23.5505, -46.6333),
        ("mid-Pacific", 0.0, -150.0),
    ],
    "1M US": [("75075", 33.0198, -96.6989)],
}
searches = [
    ("nearest 1", "SELECT * FROM zipgeo_nearest(?, ?, 1)"),
    ("nearest 5", "SELECT * FROM zipgeo_nearest(?, ?, 5)"),
    ("nearest 50", "SELECT * FROM zipgeo_nearest(?, ?, 50)"),
    ("within 10 km", "SELECT * FROM zipgeo_within(?, ?, 10)"),
    ("within 25 km", "SELECT * FROM zipgeo_within(?, ?, 25)"),
    # Inside SQLite: the columns read, no row handed to Python.
    ("25 km inside", "SELECT count(*), sum(length(place)), sum(lat), count(state), count(county) "
     "FROM zipgeo_within(?, ?, 25)"),
    # The statement that hands over the code and its country alone, and the one that counts.
    ("10 km zip", "SELECT zip, distance FROM zipgeo_within(?, ?, 10)"),
    ("10 km count", "SELECT count(*) FROM zipgeo_within(?, ?, 10)"),
]
# From a code: its own places among the rows, the code's country first of rows as near.
codes = {
    "world": ["US:75075", "GB:EC1A 1BB", "DE:10115", "JP:100-0001", "FR:75008"],
    "1M US": [],
}
near = [
    ("near 10 km", "SELECT * FROM zipgeo_near(?, 10)"),
    ("near 10 zip", "SELECT zip, distance FROM zipgeo_near(?, 10)"),
]

connections = {}
for build, library in libraries.items():
    for name, path in databases.items():
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        connection.enable_load_extension(True)
        connection.load_extension(library)
        connections[(build, name)] = connection


def median_call(connection, sql, arguments):
    """The median over seven rounds of the mean time of back-to-back calls, and the rows."""
    rounds = []
    for _ in range(7):
        calls, start = 0, time.perf_counter()
        while True:
            rows = connection.execute(sql, arguments).fetchall()
            calls += 1
            if time.perf_counter() - start > 0.02:
                break
        rounds.append((time.perf_counter() - start) / calls)
    return statistics.median(rounds), rows


def show(seconds):
    return f"{seconds * 1e6:.1f} us" if seconds < 1e-3 else f"{seconds * 1e3:.2f} ms"


print(f"{'database':8} {'centre':12} {'search':13} {'rows':>5} {'before':>10} {'after':>10} {'before / after':>14}")
runs = [
    (database, place, search, sql, (lat, lon))
    for database, places in centres.items()
    for place, lat, lon in places
    for search, sql in searches
] + [(database, code, search, sql, (code,)) for database, some in codes.items() for code in some for search, sql in near]
for database, place, search, sql, arguments in runs:
            if only not in search:
                continue
            times = {"before": [], "after": []}
            answers = {}
            for build in ["before", "after", "after", "before"]:
                seconds, answers[build] = median_call(connections[(build, database)], sql, arguments)
                times[build].append(seconds)
            if answers["before"] != answers["after"]:
                sys.exit(f"!!! {database} {place} {search}: the two builds' rows differ")
            b, a = min(times["before"]), min(times["after"])
            print(
                f"{database:8} {place:12} {search:13} {len(answers['after']):5} {show(b):>10} {show(a):>10} {b / a:14.2f}"
            )
