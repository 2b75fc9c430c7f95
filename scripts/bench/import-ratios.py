#!/usr/bin/env python3
"""The import's targets, side by side in one run: each round runs every command once, in turn,
and each line gives the median wall time and its ratio to the shell's `.import` of the same file.

- the world file: `zipgeo import data/world.txt.xz` against `xz -dc | sqlite3 '.mode tabs'
  '.import /dev/stdin t'` into a bare 12-column table;
- a CSV of a million random points (scripts/generate-points.py): `zipgeo import` against
  `sqlite3 '.import --csv'` into a bare table, and the textbook R*Tree built over that table;
- the floor of each: SQLite alone writing the rows zipgeo wrote, already in the table's order,
  into the same table and its unique zip index, committed (`INSERT ... SELECT` from the
  database the import made, which SQLite reads without a sort, then `CREATE UNIQUE INDEX`),
  as `sqlite3` runs it: what any import into these tables costs before it reads a byte of its
  file.

Usage: /usr/bin/python3 scripts/bench/import-ratios.py ZIPGEO [ROUNDS]   (ROUNDS: 5 unless given)
ZIPGEO is the release binary (.build/release/zipgeo).
"""
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
zipgeo = os.path.abspath(sys.argv[1])
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
work = pathlib.Path(tempfile.mkdtemp())
world = ROOT / "data/world.txt.xz"
points = work / "points-1M.csv"
subprocess.run(["python3", str(ROOT / "scripts/generate-points.py"), "1000000", str(points)], check=True,
               stdout=subprocess.DEVNULL)
geonames_columns = "country, zip, place, name1, code1, name2, code2, name3, code3, lat, lon, accuracy"
header = open(points, encoding="utf-8").readline().strip().split(",")
csv_columns = ", ".join(f"{c} REAL" if c in ("lat", "lon") else f"{c} TEXT" for c in header)


def fresh(path):
    for suffix in ("", "-journal", "-wal", "-shm"):
        if os.path.exists(str(path) + suffix):
            os.remove(str(path) + suffix)
    return path


def timed(command, **options):
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **options)
    return time.perf_counter() - start


def floor_script(source):
    """SQLite writing `source`'s zips, in their order, into a new file's table and index."""
    schema = subprocess.run(["sqlite3", str(source), ".schema zips"], check=True, capture_output=True,
                            text=True).stdout
    table = schema[:schema.index("WITHOUT ROWID;") + len("WITHOUT ROWID;")]
    columns = "zip, place, state, county, lat, lon, cell, country, accuracy, id"
    return (f"PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = MEMORY; PRAGMA synchronous = FULL;"
            f" PRAGMA cache_size = -16384; PRAGMA threads = 2; PRAGMA ignore_check_constraints = ON;"
            f" {table} ATTACH '{source}' AS source; BEGIN;"
            # `WHERE id > 0` keeps SQLite from copying the records whole, which only a copy of the
            # same table may do.
            f" INSERT INTO zips ({columns}) SELECT {columns} FROM source.zips WHERE id > 0;"
            f" CREATE UNIQUE INDEX zips_zip ON zips (zip, country, ifnull(place, '')); COMMIT;")


made = {"world": work / "world.db", "points": work / "points.db"}
runs = {
    "world: zipgeo import data/world.txt.xz": lambda: timed(
        [zipgeo, "import", str(world), "--db", str(fresh(made["world"])), "--quiet"]),
    "world: xz -dc | sqlite3 .import (bare table)": lambda: timed(
        f"xz -dc {world} | sqlite3 {fresh(work / 'bare.db')} 'CREATE TABLE t({geonames_columns})'"
        f" '.mode tabs' '.import /dev/stdin t'", shell=True),
    "world: the floor (SQLite writing zipgeo's rows)": lambda: timed(
        ["sqlite3", str(fresh(work / "floor.db")), floor_script(made["world"])]),
    "1M CSV: zipgeo import": lambda: timed(
        [zipgeo, "import", str(points), "--db", str(fresh(made["points"])), "--quiet"]),
    "1M CSV: sqlite3 .import --csv (bare table)": lambda: timed(
        ["sqlite3", str(fresh(work / "bare-points.db")), f"CREATE TABLE t({csv_columns})",
         f".import --csv --skip 1 {points} t"]),
    "1M CSV: the floor (SQLite writing zipgeo's rows)": lambda: timed(
        ["sqlite3", str(fresh(work / "floor.db")), floor_script(made["points"])]),
    "1M CSV: R*Tree over the bare table (textbook)": lambda: timed(
        ["sqlite3", str(work / "bare-points.db"), "DROP TABLE IF EXISTS t_rtree;"
         " CREATE VIRTUAL TABLE t_rtree USING rtree(id, min_lat, max_lat, min_lon, max_lon);"
         " INSERT INTO t_rtree SELECT rowid, lat, lat, lon, lon FROM t;"]),
}
times = {name: [] for name in runs}
for round in range(rounds):
    for name, run in runs.items():
        times[name].append(run())
median = {name: statistics.median(values) for name, values in times.items()}
print(f"{rounds} rounds, medians; each ratio: this / the shell's .import of the same file")
for name in runs:
    base = median["world: xz -dc | sqlite3 .import (bare table)" if name.startswith("world") else
                  "1M CSV: sqlite3 .import --csv (bare table)"]
    spread = f"{min(times[name]):.2f} to {max(times[name]):.2f} s"
    print(f"{name:52} {median[name]:6.2f} s  {median[name] / base:5.2f}x   ({spread})")
print(f"R*Tree build / whole zipgeo import of the 1M CSV: "
      f"{median['1M CSV: R*Tree over the bare table (textbook)'] / median['1M CSV: zipgeo import']:.2f}x")
shutil.rmtree(work)
