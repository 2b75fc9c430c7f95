#!/usr/bin/env python3
"""Radius and nearest-neighbour query times inside SQLite, zipgeo's table functions next to a
full scan with distance(), measured side by side in one process.

Usage: /usr/bin/python3 scripts/bench-queries.py [zipgeo.db] [--rounds 51]

Builds the release extension, opens the database (default: a fresh import of data/zips.csv in a
temporary folder), and times, round after round, around 75075 (Plano, TX):
  scan 10 km / 100 km     SELECT ... FROM zips WHERE distance(lat, lon, ...) <= r ORDER BY ...
  zipgeo 10 km / 100 km   SELECT ... FROM zipgeo_within(lat, lon, r)
  nearest k = 1, 5, 50    SELECT ... FROM zipgeo_nearest(lat, lon, k)
It prints the median and p99 of each, and the scan/zipgeo ratios.
"""
import argparse
import pathlib
import sqlite3
import statistics
import subprocess
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
parser = argparse.ArgumentParser()
parser.add_argument("database", nargs="?")
parser.add_argument("--rounds", type=int, default=51)
args = parser.parse_args()

subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib"], cwd=ROOT, check=True,
               stdout=subprocess.DEVNULL)
database = args.database
if database is None:
    database = str(pathlib.Path(tempfile.mkdtemp()) / "zipgeo.db")
    subprocess.run([str(ROOT / ".build/release/zipgeo"), "import", str(ROOT / "data/zips.csv"), "--db", database,
                    "--quiet"], check=True)

con = sqlite3.connect(database)
con.enable_load_extension(True)
con.load_extension(str(ROOT / ".build/release/libZipgeo"))
lat, lon = 33.025, -96.7397
scan = ("SELECT zip, distance(lat, lon, ?, ?) AS km FROM zips WHERE km <= ? ORDER BY km, zip", (lat, lon))
queries = {
    "scan 10 km": (scan[0], scan[1] + (10,)),
    "zipgeo 10 km": ("SELECT zip, distance FROM zipgeo_within(?, ?, ?)", (lat, lon, 10)),
    "scan 100 km": (scan[0], scan[1] + (100,)),
    "zipgeo 100 km": ("SELECT zip, distance FROM zipgeo_within(?, ?, ?)", (lat, lon, 100)),
    "nearest k=1": ("SELECT zip, distance FROM zipgeo_nearest(?, ?, 1)", (lat, lon)),
    "nearest k=5": ("SELECT zip, distance FROM zipgeo_nearest(?, ?, 5)", (lat, lon)),
    "nearest k=50": ("SELECT zip, distance FROM zipgeo_nearest(?, ?, 50)", (lat, lon)),
}
rows = {name: con.execute(sql, p).fetchall() for name, (sql, p) in queries.items()}  # warm-up
assert rows["scan 10 km"] == rows["zipgeo 10 km"] and rows["scan 100 km"] == rows["zipgeo 100 km"]
times = {name: [] for name in queries}
for _ in range(args.rounds):
    for name, (sql, p) in queries.items():
        start = time.perf_counter()
        con.execute(sql, p).fetchall()
        times[name].append(time.perf_counter() - start)

count = con.execute("SELECT COUNT(*) FROM zips").fetchone()[0]
print(f"{count:,} zips, {args.rounds} rounds, SQLite {sqlite3.sqlite_version}")
for name, t in times.items():
    t = sorted(t)
    p99 = t[min(len(t) - 1, int(0.99 * len(t)))]
    print(f"  {name:14s} {len(rows[name]):6d} rows   median {statistics.median(t) * 1e6:9.1f} us   p99 {p99 * 1e6:9.1f} us")
for radius in ("10 km", "100 km"):
    ratio = statistics.median(times[f"scan {radius}"]) / statistics.median(times[f"zipgeo {radius}"])
    print(f"scan / zipgeo at {radius}: {ratio:.1f}x")
