#!/usr/bin/env python3
"""Cost per row of zipgeo's distance() in SQLite, next to the alternatives, in one run.

Usage: python3 scripts/bench-sql-functions.py [--rows 1000000] [--rounds 15]
(run with the system Python, /usr/bin/python3, whose sqlite3 module can load extensions)

Builds the release extension (swift build -c release --static-swift-stdlib) and the C
yardstick (gcc -O2, scripts/bench/c_distance.c), fills an in-memory table with random points,
then times, round after round in the same process, `SELECT sum(...)` over every row for:
  scan        sum(lat + lon): reading the rows, no function;
  zipgeo      distance(lat, lon, 33.025, -96.7397), the Swift extension;
  wgs84       geodesic_distance(lat, lon, 33.025, -96.7397), the same on the WGS84 ellipsoid;
  c           c_distance(...), the same formula and checks as a plain C function;
  sql         the haversine written in SQL with SQLite's built-in math functions.
It prints the median time of each, the net cost per row (the function's time minus the scan's in
the same round, per row; median over rounds) and the ratios the project tracks, also taken round
by round: sql/zipgeo (want >= 5), zipgeo/c (want <= 1.2) and wgs84/zipgeo (want <= 20).
"""
import argparse
import os
import pathlib
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
parser = argparse.ArgumentParser()
parser.add_argument("--rows", type=int, default=1_000_000)
parser.add_argument("--rounds", type=int, default=15)
args = parser.parse_args()

subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib"], cwd=ROOT, check=True,
               stdout=subprocess.DEVNULL)
work = pathlib.Path(tempfile.mkdtemp())
c_library = work / "libcdistance.so"
subprocess.run(["gcc", "-O2", "-fPIC", "-shared", "-o", str(c_library), str(ROOT / "scripts/bench/c_distance.c"), "-lm"],
               check=True)

con = sqlite3.connect(":memory:")
con.enable_load_extension(True)
con.load_extension(str(ROOT / ".build/release/libZipgeo"))
con.load_extension(str(c_library.with_suffix("")))
con.execute("CREATE TABLE p (lat REAL, lon REAL)")
con.execute(f"""
    INSERT INTO p
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {args.rows})
    SELECT 25 + 24 * (abs(random()) % 1000000) / 1e6, -124 + 57 * (abs(random()) % 1000000) / 1e6 FROM n""")

queries = {
    "scan": "SELECT sum(lat + lon) FROM p",
    "zipgeo": "SELECT sum(distance(lat, lon, 33.025, -96.7397)) FROM p",
    "wgs84": "SELECT sum(geodesic_distance(lat, lon, 33.025, -96.7397)) FROM p",
    "c": "SELECT sum(c_distance(lat, lon, 33.025, -96.7397)) FROM p",
    "sql": """SELECT sum(2 * 6371.0088 * asin(sqrt(
                pow(sin(radians(33.025 - lat) / 2), 2)
                + cos(radians(lat)) * cos(radians(33.025)) * pow(sin(radians(-96.7397 - lon) / 2), 2)))) FROM p""",
}
results = {name: con.execute(sql).fetchone()[0] for name, sql in queries.items()}  # warm-up
assert abs(results["zipgeo"] - results["c"]) < 1e-6 * results["c"], results
assert abs(results["zipgeo"] - results["sql"]) < 1e-6 * results["sql"], results
assert abs(results["wgs84"] / results["zipgeo"] - 1) < 0.005, results

times = {name: [] for name in queries}
for _ in range(args.rounds):
    for name, sql in queries.items():
        start = time.perf_counter()
        con.execute(sql).fetchone()
        times[name].append(time.perf_counter() - start)

# Net cost per row of each function, round by round: each round's own scan is subtracted, so a
# slow patch of the shared machine weighs on both terms of a difference, not on one.
def net(name, round_):
    return (times[name][round_] - times["scan"][round_]) / args.rows * 1e9

rounds = range(args.rounds)
median = {name: statistics.median(t) for name, t in times.items()}
print(f"{args.rows:,} rows, {args.rounds} rounds, SQLite {sqlite3.sqlite_version}")
for name in queries:
    extra = "" if name == "scan" else f"   net {statistics.median(net(name, r) for r in rounds):7.1f} ns/row"
    print(f"  {name:7s} median {median[name] * 1000:8.1f} ms   {median[name] / args.rows * 1e9:7.1f} ns/row{extra}")
sql_ratio = statistics.median(net("sql", r) / net("zipgeo", r) for r in rounds)
c_ratio = statistics.median(net("zipgeo", r) / net("c", r) for r in rounds)
print(f"sql / zipgeo (net, median of rounds) = {sql_ratio:.2f}   (want >= 5)")
wgs84_ratio = statistics.median(net("wgs84", r) / net("zipgeo", r) for r in rounds)
print(f"zipgeo / c (net, median of rounds)   = {c_ratio:.2f}   (want <= 1.2)")
print(f"wgs84 / zipgeo (net, median of rounds) = {wgs84_ratio:.2f}   (want <= 20)")
