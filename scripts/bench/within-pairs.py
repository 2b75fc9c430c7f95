#!/usr/bin/env python3
"""Pairs of points and centres within a radius: zipgeo_sqlite.frame.within over whole arrays
against zipgeo_within called per point over a table of the centres (what a join does), in one
run, CPU time a point, and the pairs of both checked equal on the points both measured.

Usage: python3 scripts/bench/within-pairs.py WORLD_DB ZIPGEO LIBRARY [--points N] [--centres N] [--km KM] [--sample N]
  WORLD_DB: data/world.txt.xz imported (the centres are places of it); ZIPGEO: the zipgeo binary
  (it imports the centres); LIBRARY: the extension without .so. A python3 with numpy and pandas
  (a venv of /usr/bin/python3), run from the repository (python/ is put on the path).
  Defaults: 1,000,000 points, 2,000 centres, 10 km, 20,000 points through zipgeo_within.
"""
import argparse
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import time

parser = argparse.ArgumentParser()
parser.add_argument("world")
parser.add_argument("zipgeo")
parser.add_argument("library")
parser.add_argument("--points", type=int, default=1_000_000)
parser.add_argument("--centres", type=int, default=2_000)
parser.add_argument("--km", type=float, default=10.0)
parser.add_argument("--sample", type=int, default=20_000)
args = parser.parse_args()
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
import numpy  # noqa: E402
import zipgeo_sqlite  # noqa: E402

zipgeo_sqlite.loadable_path = lambda: args.library
from zipgeo_sqlite import frame  # noqa: E402

world = sqlite3.connect(f"file:{args.world}?mode=ro", uri=True)
places = world.execute("SELECT lat, lon FROM zips").fetchall()
drawn = random.Random(59)
centres = numpy.array(drawn.sample(places, args.centres), dtype="float64")
around = centres[numpy.random.default_rng(59).integers(0, len(centres), args.points)]
jitter = numpy.random.default_rng(60).uniform(-0.2, 0.2, (args.points, 2))
points = numpy.column_stack([numpy.clip(around[:, 0] + jitter[:, 0], -90, 90),
                             numpy.clip(around[:, 1] + jitter[:, 1], -180, 180)])

start = time.process_time()
pairs = frame.within(points, centres, km=args.km)
whole = time.process_time() - start

with tempfile.TemporaryDirectory() as folder:
    path = os.path.join(folder, "centres.csv")
    with open(path, "w") as out:
        out.write("zip,lat,lon\n")
        for index, (lat, lon) in enumerate(centres.tolist()):
            out.write(f"C{index},{lat!r},{lon!r}\n")
    db = os.path.join(folder, "centres.db")
    subprocess.run([args.zipgeo, "import", path, "--db", db, "--quiet"], check=True)
    table = sqlite3.connect(db)
    zipgeo_sqlite.load(table)
    sample = points[: args.sample].tolist()
    start = time.process_time()
    expected = []
    for index, (lat, lon) in enumerate(sample):
        for zip_code, distance in table.execute("SELECT zip, distance FROM zipgeo_within(?, ?, ?)", (lat, lon, args.km)):
            expected.append((index, int(zip_code[1:]), distance))
    per_point = (time.process_time() - start) / len(sample)

measured = pairs[pairs.point < args.sample]
same = sorted(map(tuple, measured.itertuples(index=False, name=None))) == sorted(expected)
print(f"{args.points:,} points x {args.centres:,} centres, {args.km} km: {len(pairs):,} pairs")
print(f"  frame.within, every point:          {whole:8.3f} s CPU, {whole / args.points * 1e6:7.3f} us a point")
print(f"  zipgeo_within per point ({args.sample:,} of them): {per_point * 1e6:7.3f} us a point,"
      f" {per_point * args.points:8.3f} s for all")
print(f"  ratio zipgeo_within per point / frame.within: {per_point * args.points / whole:.1f}x;"
      f" the same pairs and distances on the sample: {same}")
