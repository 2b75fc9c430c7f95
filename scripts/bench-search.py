#!/usr/bin/env python3
"""The search benchmark: zipgeo's index against the textbook ways, at several sizes, in one run.

Usage: /usr/bin/python3 scripts/bench-search.py [--sizes 41k,1M,10M] [--rounds 9] [--out docs/benchmarks]
                                               [--prebuilt DIR]

For each size (41k: data/zips.csv; 1M and 10M: scripts/generate-points.py, seeded), it builds:
  zipgeo    `zipgeo import` (parse, validate, the table clustered by grid cell, unique zip
            index), timed whole;
  baseline  the stock shell's `.import --csv` into a plain table (timed), then the textbook
            R*Tree over it (timed), and a B-tree on (lat, lon) (timed);
and times, round after round in one Python process with the extension loaded (a query of
microseconds back to back for about 5 ms of each round, every call timed), around 75075's
coordinates: a full scan with distance(), the R*Tree box joined back with distance(), the
B-tree box with distance(), and zipgeo_within(), at 10 km and 100 km; and zipgeo_nearest() for
k = 1, 5, 50 against a full scan ordered by distance. Beside each query it times the host's
floor: as many zips read from neighbouring rowids of the plain table, with no search. It checks
that every method returns the same rows, prints medians and p99, and writes
docs/benchmarks/results.md and results.svg.
"""
import argparse
import datetime
import json
import math
import os
import pathlib
import platform
import sqlite3
import statistics
import subprocess
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
parser = argparse.ArgumentParser()
parser.add_argument("--sizes", default="41k,1M")
parser.add_argument("--rounds", type=int, default=9)
parser.add_argument("--out", default=str(ROOT / "docs/benchmarks"))
parser.add_argument("--prebuilt", metavar="DIR", help="use DIR/zipgeo and DIR/libZipgeo instead of building")
args = parser.parse_args()

if args.prebuilt:
    ZIPGEO = str(pathlib.Path(args.prebuilt).resolve() / "zipgeo")
    EXTENSION = str(pathlib.Path(args.prebuilt).resolve() / "libZipgeo")
else:
    subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    ZIPGEO = str(ROOT / ".build/release/zipgeo")
    EXTENSION = str(ROOT / ".build/release/libZipgeo")
work = pathlib.Path(tempfile.mkdtemp())
LAT, LON = 33.025, -96.7397


FLOOR = "floor: as many rows, no search"
# What zipgeo_within cannot go below however it searches: as many rows of zipgeo's own table,
# read by its key from one seek near the centre; and as many values handed over by a table
# function that reads no table (SQLite's json_each).
FLOOR_OWN = "floor: as many rows of zipgeo's table, one seek"
FLOOR_TVF = "floor: a table function of as many values"
FLOORS = (FLOOR, FLOOR_OWN, FLOOR_TVF)


def timed(command):
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def box(km):
    dlat = km / 111.19
    dlon = dlat / math.cos(math.radians(LAT))
    return LAT - dlat, LAT + dlat, LON - dlon, LON + dlon


results = []  # (size, method, query, median s, p99 s, rows)
builds = []  # (size, what, seconds, MB)
for size in args.sizes.split(","):
    if size == "41k":
        csv = ROOT / "data/zips.csv"
    else:
        count = int(size.replace("M", "000000").replace("k", "000"))
        csv = work / f"points-{size}.csv"
        subprocess.run(["python3", str(ROOT / "scripts/generate-points.py"), str(count), str(csv)], check=True)
    ours, base = work / f"zipgeo-{size}.db", work / f"baseline-{size}.db"
    # The table is its own spatial index (clustered by cell), so the whole import is the
    # counterpart of the R*Tree build.
    builds.append((size, "zipgeo import (validate, clustered table, unique zip)", timed([ZIPGEO, "import", str(csv), "--db", str(ours), "--quiet"]), ours.stat().st_size / 1e6))
    # The textbook table: the file's columns, coordinates typed REAL so that boxes compare numbers.
    header = open(csv, encoding="utf-8-sig").readline().strip().split(",")
    columns = ", ".join(f"{c} REAL" if c in ("lat", "lon") else f"{c} TEXT" for c in header)
    subprocess.run(["sqlite3", str(base), f"CREATE TABLE t({columns})"], check=True)
    builds.append((size, "sqlite3 .import --csv (no checks, no index)", timed(["sqlite3", str(base), f".import --csv --skip 1 {csv} t"]), base.stat().st_size / 1e6))
    builds.append((size, "R*Tree over it (textbook)", timed(["sqlite3", str(base), "CREATE VIRTUAL TABLE t_rtree USING rtree(id, min_lat, max_lat, min_lon, max_lon); INSERT INTO t_rtree SELECT rowid, lat, lat, lon, lon FROM t;"]), base.stat().st_size / 1e6))
    builds.append((size, "B-tree on (lat, lon)", timed(["sqlite3", str(base), "CREATE INDEX t_lat_lon ON t(lat, lon);"]), base.stat().st_size / 1e6))

    con = sqlite3.connect(str(ours))
    con.enable_load_extension(True)
    con.load_extension(EXTENSION)
    con.execute(f"ATTACH '{base}' AS b")
    queries = {}
    for km in (10, 100):
        s, n, w, e = box(km)
        d = f"distance(lat, lon, {LAT}, {LON})"
        queries[(f"{km} km", "full scan + distance()")] = f"SELECT zip FROM b.t WHERE {d} <= {km} ORDER BY {d}, zip"
        queries[(f"{km} km", "R*Tree + distance()")] = (
            f"SELECT t.zip FROM b.t_rtree r JOIN b.t t ON t.rowid = r.id WHERE r.min_lat >= {s} AND r.max_lat <= {n} "
            f"AND r.min_lon >= {w} AND r.max_lon <= {e} AND distance(t.lat, t.lon, {LAT}, {LON}) <= {km} "
            f"ORDER BY distance(t.lat, t.lon, {LAT}, {LON}), t.zip")
        queries[(f"{km} km", "B-tree (lat, lon) + distance()")] = (
            f"SELECT zip FROM b.t INDEXED BY t_lat_lon WHERE lat BETWEEN {s} AND {n} AND lon BETWEEN {w} AND {e} "
            f"AND {d} <= {km} ORDER BY {d}, zip")
        queries[(f"{km} km", "zipgeo_within()")] = f"SELECT zip FROM zipgeo_within({LAT}, {LON}, {km})"
    for k in (1, 5, 50):
        queries[(f"k={k}", "full scan ORDER BY distance()")] = (
            f"SELECT zip FROM b.t ORDER BY distance(lat, lon, {LAT}, {LON}), zip LIMIT {k}")
        queries[(f"k={k}", "zipgeo_nearest()")] = f"SELECT zip FROM zipgeo_nearest({LAT}, {LON}, {k})"
    answers = {}
    first = {}
    for key, sql in queries.items():
        start = time.perf_counter()
        answers[key] = con.execute(sql).fetchall()
        first[key] = time.perf_counter() - start
    for query in {q for q, _ in queries}:
        same = {tuple(a) for (q, _), a in answers.items() if q == query}
        assert len(same) == 1, f"{size} {query}: methods disagree"
    # The host's floor: as many rows as the answer, of its one column, from neighbouring rowids of
    # the plain table, with no search: what any method pays Python and SQLite for its rows.
    for query in sorted({q for q, _ in queries}):
        rows = len(answers[next(key for key in answers if key[0] == query)])
        cell = con.execute(f"SELECT cell FROM zips ORDER BY abs(lat - {LAT}) + abs(lon - {LON}) LIMIT 1").fetchone()[0]
        values = json.dumps([f"{n:05d}" for n in range(rows)])
        for floor, sql in ((FLOOR, f"SELECT zip FROM b.t WHERE rowid BETWEEN 1 AND {rows}"),
                           (FLOOR_OWN, f"SELECT zip FROM zips WHERE cell >= {cell} LIMIT {rows}"),
                           (FLOOR_TVF, f"SELECT value FROM json_each('{values}')")):
            key = (query, floor)
            queries[key] = sql
            start = time.perf_counter()
            answers[key] = con.execute(queries[key]).fetchall()
            first[key] = time.perf_counter() - start
            assert len(answers[key]) == rows, (floor, rows, len(answers[key]))
    # Each round runs every method in turn; a method that takes microseconds runs back to back
    # for about 5 ms of its round (each call timed), so that it is measured warm, as the slower
    # ones are by their own length, and not by what the method before it left in the caches.
    repeats = {key: max(1, min(200, int(0.005 / max(first[key], 1e-6)))) for key in queries}
    times = {key: [] for key in queries}
    for _ in range(args.rounds):
        for key, sql in queries.items():
            if "full scan" in key[1] and size == "10M" and len(times[key]) >= 3:
                continue  # seconds each: three rounds tell enough
            for _ in range(repeats[key]):
                start = time.perf_counter()
                con.execute(sql).fetchall()
                times[key].append(time.perf_counter() - start)
    for (query, method), t in times.items():
        t = sorted(t)
        results.append((size, method, query, statistics.median(t), t[min(len(t) - 1, int(0.99 * len(t)))],
                        len(answers[(query, method)])))
    con.close()

# Report
out = pathlib.Path(args.out)
out.mkdir(parents=True, exist_ok=True)
stamp = datetime.date.today().isoformat()
machine = f"{os.cpu_count()} cores, {platform.machine()}, SQLite {sqlite3.sqlite_version}"
lines = [f"# Search benchmark", "", f"`/usr/bin/python3 scripts/bench-search.py --sizes {args.sizes} --rounds {args.rounds}`, "
         f"{stamp}, {machine}. Times are medians and 99th percentiles of single calls inside one Python process, "
         "fetching the zips; each round runs every method in turn, a fast one back to back for about 5 ms. "
         f"The floor ({FLOOR}) reads as many zips from neighbouring rowids of the plain table: what any method "
         "pays Python and SQLite for its rows. Two more floors say what zipgeo_within cannot go below: as many "
         "rows of zipgeo's own table read by its key after one seek near the centre, and a table function that "
         "hands over as many values and reads no table (json_each).", "",
         "## Queries around 75075 (33.025, -96.7397)", "", "| size | query | method | rows | median | p99 | vs zipgeo |", "|---|---|---|---|---|---|---|"]


def fmt(seconds):
    return f"{seconds * 1e3:.2f} ms" if seconds >= 1e-3 else f"{seconds * 1e6:.0f} us"


for size in args.sizes.split(","):
    for query in ("10 km", "100 km", "k=1", "k=5", "k=50"):
        rows = [r for r in results if r[0] == size and r[2] == query]
        ours = next(r for r in rows if r[1].startswith("zipgeo"))
        for r in rows:
            ratio = "" if r is ours else f"{r[3] / ours[3]:.1f}x slower" if r[3] >= ours[3] else f"{ours[3] / r[3]:.1f}x faster"
            lines.append(f"| {size} | {query} | {r[1]} | {r[5]} | {fmt(r[3])} | {fmt(r[4])} | {ratio} |")
lines += ["", "## Building", "", "| size | step | seconds | database MB |", "|---|---|---|---|"]
for size, what, seconds, mb in builds:
    lines.append(f"| {size} | {what} | {seconds:.2f} | {mb:.0f} |")

# The targets, as ratios from this run.
def median_of(size, query, method):
    return next((r[3] for r in results if r[0] == size and r[2] == query and r[1].startswith(method)), None)


def build_of(size, what):
    return next((b[2] for b in builds if b[0] == size and b[1].startswith(what)), None)


targets = []
for size, query, base, want in (("1M", "10 km", "R*Tree", 2), ("1M", "100 km", "R*Tree", 2),
                                ("10M", "10 km", "R*Tree", 2), ("10M", "100 km", "R*Tree", 2),
                                ("41k", "10 km", "full scan", 100), ("41k", "10 km", "R*Tree", 1.0)):
    ours, theirs = median_of(size, query, "zipgeo"), median_of(size, query, base)
    if ours and theirs:
        ratio = theirs / ours
        floor, own, tvf = (median_of(size, query, f) for f in FLOORS)
        best = f"; at best {theirs / floor:.2f}x, the floor's {fmt(floor)}" if floor else ""
        if own and tvf:
            best += (f"; {theirs / own:.2f}x at {fmt(own)}, zipgeo's table read with no search; {theirs / tvf:.2f}x "
                     f"at {fmt(tvf)}, a table function with no table")
        targets.append(f"| {size} {query}: zipgeo faster than {base} + distance() by{best} | {ratio:.2f}x | >= {want}x | {'met' if ratio >= want else 'missed'} |")
if median_of("1M", "k=5", "zipgeo") and median_of("1M", "10 km", "zipgeo"):
    ratio = median_of("1M", "k=5", "zipgeo") / median_of("1M", "10 km", "zipgeo")
    floor, own = median_of("1M", "k=5", FLOOR), median_of("1M", "k=5", FLOOR_OWN)
    targets.append(f"| 1M k=5 nearest, relative to the 10 km radius query (its floor: {fmt(floor)}; "
                   f"{fmt(own)} from zipgeo's table) | {ratio:.2f}x "
                   f"| <= 0.5x | {'met' if ratio <= 0.5 else 'missed'} |")
if median_of("10M", "k=5", "zipgeo") and median_of("10M", "10 km", "zipgeo"):
    ratio = median_of("10M", "k=5", "zipgeo") / median_of("10M", "10 km", "zipgeo")
    targets.append(f"| 10M k=5 nearest, relative to the 10 km radius query | {ratio:.2f}x | <= 2x | {'met' if ratio <= 2 else 'missed'} |")
for size in ("1M", "10M"):
    whole, shell, rtree = build_of(size, "zipgeo import"), build_of(size, "sqlite3 .import"), build_of(size, "R*Tree")
    if whole and rtree:
        targets.append(f"| {size}: R*Tree build time / whole zipgeo import time | {rtree / whole:.1f}x | >= 5x | {'met' if rtree / whole >= 5 else 'missed'} |")
    if whole and shell:
        targets.append(f"| {size} whole import: zipgeo import time / sqlite3 .import time | {whole / shell:.1f}x | <= 2x | {'met' if whole / shell <= 2 else 'missed'} |")
if targets:
    lines += ["", "## Targets", "", "| target | measured | wanted | |", "|---|---|---|---|"] + targets
(out / "results.md").write_text("\n".join(lines) + "\n")

# A bar chart of the radius queries, log scale.
bars = [r for r in results if r[2] in ("10 km", "100 km") and r[1] not in FLOORS]
colors = {"zipgeo_within()": "#c0392b", "R*Tree + distance()": "#2980b9", "B-tree (lat, lon) + distance()": "#7f8c8d",
          "full scan + distance()": "#bdc3c7"}
width, row_h, left = 760, 18, 300
svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{len(bars) * row_h + 70}" font-family="sans-serif" font-size="11">',
       '<rect width="100%" height="100%" fill="white"/>',
       f'<text x="10" y="18" font-size="13">Radius queries around 75075, median time (log scale), {stamp}</text>']
lo, hi = math.log10(min(r[3] for r in bars)) - 0.2, math.log10(max(r[3] for r in bars)) + 0.2
for i, (size, method, query, median, _, _) in enumerate(bars):
    y = 35 + i * row_h
    length = (math.log10(median) - lo) / (hi - lo) * (width - left - 80)
    svg.append(f'<text x="10" y="{y + 12}">{size} {query}: {method}</text>')
    svg.append(f'<rect x="{left}" y="{y}" width="{length:.1f}" height="{row_h - 4}" fill="{colors.get(method, "#333")}"/>')
    svg.append(f'<text x="{left + length + 4:.1f}" y="{y + 12}">{fmt(median)}</text>')
svg.append("</svg>")
(out / "results.svg").write_text("\n".join(svg) + "\n")
print("\n".join(lines))
