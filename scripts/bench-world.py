#!/usr/bin/env python3
"""The world benchmark: what holding 121 countries costs, measured side by side in one run.

Usage: /usr/bin/python3 scripts/bench-world.py [--rounds 15] [--import-rounds 3] [--cli-runs 30]

It builds the release zipgeo and libZipgeo.so, then prints:
  import    `zipgeo import data/world.txt.xz` (1.8 million rows: parse, validate, repeats,
            unique index, cell index) against `xz -dc | sqlite3 '.mode tabs' '.import'` into a
            bare table, interleaved, medians; zipgeo's peak RSS.
  queries   in one Python process with the extension loaded, round after round (a query of
            microseconds runs back to back for about 5 ms of each round, every call timed),
            medians: the same search on the world database and on a database of one country
            (data/zips.csv for the US, `--countries DE`, `--countries JP`), and the textbook
            R*Tree box joined back with distance() on the world rows:
              zipgeo_near('75075', 10)              world vs US
              zipgeo_within(50.11, 8.68, 100)       world vs DE   (Frankfurt)
              zipgeo_nearest(35.6812, 139.7671, 5)  world vs JP   (Tokyo station)
            zipgeo and the R*Tree must return the same rows of the world; whether the
            one-country database does too is printed. The two radius searches again, reading
            only zip, country and distance, as scripts/bench-search.py times them (zipgeo
            answers those from its index alone).
  cli       `zipgeo near 75075 --km 10` on the world database and on the US one, each run
            --cli-runs times, interleaved, medians (process start, open, search, print).
The machines are shared and noisy: only the ratios of one run mean much.
"""
import argparse
import math
import os
import pathlib
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "bench"))
from common import fmt, run, table  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
parser = argparse.ArgumentParser()
parser.add_argument("--rounds", type=int, default=15)
parser.add_argument("--import-rounds", type=int, default=3)
parser.add_argument("--cli-runs", type=int, default=30)
args = parser.parse_args()

subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib"], cwd=ROOT, check=True,
               stdout=subprocess.DEVNULL)
ZIPGEO = str(ROOT / ".build/release/zipgeo")
EXTENSION = str(ROOT / ".build/release/libZipgeo")
WORLD = str(ROOT / "data/world.txt.xz")
work = pathlib.Path(tempfile.mkdtemp(prefix="zipgeo-bench-world-"))


try:
    # a. Import: zipgeo against the stock shell's bare .import, interleaved.
    world = work / "world.db"
    imports = {"zipgeo import": [], "xz -dc | sqlite3 .import (bare table)": []}
    peaks = []
    for _ in range(args.import_rounds):
        world.unlink(missing_ok=True)
        seconds, peak = run([ZIPGEO, "import", WORLD, "--db", str(world), "--quiet"])
        imports["zipgeo import"].append(seconds)
        peaks.append(peak)
        bare = work / "bare.db"
        bare.unlink(missing_ok=True)
        subprocess.run(["sqlite3", str(bare), "CREATE TABLE t(country, zip, place, admin1, admin1_code, admin2, "
                        "admin2_code, admin3, admin3_code, lat REAL, lon REAL, accuracy)"], check=True)
        seconds, _ = run(f"xz -dc {WORLD} | sqlite3 {bare} '.mode tabs' '.import /dev/stdin t'", shell=True)
        imports["xz -dc | sqlite3 .import (bare table)"].append(seconds)
    xz_alone, _ = run(f"xz -dc {WORLD} > /dev/null", shell=True)
    counts = {
        "zipgeo import": sqlite3.connect(str(world)).execute("SELECT count(*) FROM zips").fetchone()[0],
        "xz -dc | sqlite3 .import (bare table)": sqlite3.connect(str(bare)).execute("SELECT count(*) FROM t").fetchone()[0],
    }
    ours = statistics.median(imports["zipgeo import"])
    table(f"Import of data/world.txt.xz ({args.import_rounds} rounds, interleaved; xz -dc alone {fmt(xz_alone)})",
          ["method", "rows", "median", "runs", "zipgeo / this"],
          [[name, counts[name], fmt(statistics.median(t)), " ".join(f"{s:.1f}" for s in t),
            f"{ours / statistics.median(t):.2f}x"] for name, t in imports.items()])
    print(f"\nzipgeo import peak RSS: {max(peaks):.0f} MB (runs: {', '.join(f'{p:.0f}' for p in peaks)} MB); "
          f"database {world.stat().st_size / 1e6:.0f} MB")

    # b. Databases of one country, and the textbook R*Tree over the world's rows.
    one = {"US": work / "us.db", "DE": work / "de.db", "JP": work / "jp.db"}
    run([ZIPGEO, "import", str(ROOT / "data/zips.csv"), "--db", str(one["US"]), "--quiet"])
    for country in ("DE", "JP"):
        run([ZIPGEO, "import", WORLD, "--countries", country, "--db", str(one[country]), "--quiet"])
    rtree = work / "rtree.db"
    con = sqlite3.connect(str(rtree))
    con.execute(f"ATTACH '{world}' AS w")
    con.executescript("""
        CREATE TABLE t AS SELECT zip, place, state, county, lat, lon, country, accuracy FROM w.zips;
        CREATE VIRTUAL TABLE t_rtree USING rtree(id, min_lat, max_lat, min_lon, max_lon);
        INSERT INTO t_rtree SELECT rowid, lat, lat, lon, lon FROM t;
        """)
    con.commit()
    con.close()

    def box(lat, lon, km):
        dlat = km / 111.19
        dlon = dlat / math.cos(math.radians(lat))
        return lat - dlat, lat + dlat, lon - dlon, lon + dlon

    def rtree_sql(lat, lon, km, limit="", columns="t.zip, t.place, t.state, t.county, t.lat, t.lon, t.country, t.accuracy"):
        s, n, w, e = box(lat, lon, km)
        d = f"distance({lat}, {lon}, t.lat, t.lon)"
        return (f"SELECT {columns}, {d} "
                f"FROM r.t_rtree AS b JOIN r.t AS t ON t.rowid = b.id WHERE b.min_lat >= {s} AND b.max_lat <= {n} "
                f"AND b.min_lon >= {w} AND b.max_lon <= {e} AND {d} <= {km} ORDER BY {d}, t.zip, t.country, t.place {limit}")

    plano = sqlite3.connect(str(world)).execute("SELECT lat, lon FROM zips WHERE zip = '75075'").fetchone()
    queries = {  # query: {method: (database, sql)}
        "near '75075' 10 km": {
            "zipgeo_near, world": ("world", "SELECT * FROM zipgeo_near('75075', 10)"),
            "zipgeo_near, US only": ("US", "SELECT * FROM zipgeo_near('75075', 10)"),
            "zipgeo_within 75075's point, world": ("world", f"SELECT * FROM zipgeo_within({plano[0]}, {plano[1]}, 10)"),
            "R*Tree + distance(), world": ("world", rtree_sql(*plano, 10)),
        },
        "within 100 km of Frankfurt": {
            "zipgeo_within, world": ("world", "SELECT * FROM zipgeo_within(50.11, 8.68, 100)"),
            "zipgeo_within, DE only": ("DE", "SELECT * FROM zipgeo_within(50.11, 8.68, 100)"),
            "R*Tree + distance(), world": ("world", rtree_sql(50.11, 8.68, 100)),
        },
        # scripts/bench-search.py's way: the zips and distances only, which zipgeo reads from its
        # index alone.
        "near '75075' 10 km, zip only": {
            "zipgeo_near, world": ("world", "SELECT zip, country, distance FROM zipgeo_near('75075', 10)"),
            "zipgeo_near, US only": ("US", "SELECT zip, country, distance FROM zipgeo_near('75075', 10)"),
            # The R*Tree query is given 75075's point; zipgeo_near looks the code up first.
            "zipgeo_within 75075's point, world": (
                "world", f"SELECT zip, country, distance FROM zipgeo_within({plano[0]}, {plano[1]}, 10)"),
            "R*Tree + distance(), world": ("world", rtree_sql(*plano, 10, columns="t.zip, t.country")),
        },
        "within 100 km of Frankfurt, zip only": {
            "zipgeo_within, world": ("world", "SELECT zip, country, distance FROM zipgeo_within(50.11, 8.68, 100)"),
            "zipgeo_within, DE only": ("DE", "SELECT zip, country, distance FROM zipgeo_within(50.11, 8.68, 100)"),
            "R*Tree + distance(), world": ("world", rtree_sql(50.11, 8.68, 100, columns="t.zip, t.country")),
        },
        "5 nearest to Tokyo station": {
            "zipgeo_nearest, world": ("world", "SELECT * FROM zipgeo_nearest(35.6812, 139.7671, 5)"),
            "zipgeo_nearest, JP only": ("JP", "SELECT * FROM zipgeo_nearest(35.6812, 139.7671, 5)"),
            # The R*Tree has no nearest search: a box of a guessed 2 km, ordered and cut.
            "R*Tree 2 km box + distance(), world": ("world", rtree_sql(35.6812, 139.7671, 2, "LIMIT 5")),
        },
    }
    # A connection for each method of each query: its page cache (2 MB) holds that query's pages
    # alone, as an app's would, and not what the 3,000 rows around Frankfurt pushed out.
    connections = {}
    for query, methods in queries.items():
        for method, (db, sql) in methods.items():
            con = sqlite3.connect(str(world if db == "world" else one[db]))
            con.enable_load_extension(True)
            con.load_extension(EXTENSION)
            con.execute(f"ATTACH '{rtree}' AS r")
            connections[(query, method)] = con
    answers, first = {}, {}
    for query, methods in queries.items():
        for method, (db, sql) in methods.items():
            start = time.perf_counter()
            answers[(query, method)] = connections[(query, method)].execute(sql).fetchall()
            first[(query, method)] = time.perf_counter() - start
    # What must agree: the zips, their countries and distances (to 1e-9 km: zipgeo_near measures
    # from the code's mean position), on the world's rows; data/zips.csv is another GeoNames dump.
    def key(rows):
        return [(r[0], r[6], round(r[8], 9)) if len(r) > 3 else (r[0], r[1], round(r[2], 9)) for r in rows]
    agrees = {}
    for query, methods in queries.items():
        world_answers = [key(answers[(query, m)]) for m, (db, _) in methods.items() if db == "world"]
        assert all(a == world_answers[0] for a in world_answers), f"{query}: zipgeo and the R*Tree disagree"
        for method, (db, _) in methods.items():
            agrees[(query, method)] = key(answers[(query, method)]) == world_answers[0]
    # Each round runs every method in turn; a method of microseconds runs back to back for about
    # 5 ms of its round (each call timed), so that it is measured warm.
    repeats = {key: max(1, min(500, int(0.005 / max(seconds, 1e-6)))) for key, seconds in first.items()}
    times = {key: [] for key in first}
    for _ in range(args.rounds):
        for query, methods in queries.items():
            for method, (db, sql) in methods.items():
                for _ in range(repeats[(query, method)]):
                    start = time.perf_counter()
                    connections[(query, method)].execute(sql).fetchall()
                    times[(query, method)].append(time.perf_counter() - start)
    rows = []
    for query, methods in queries.items():
        ours = statistics.median(times[(query, next(iter(methods)))])
        for method in methods:
            t = sorted(times[(query, method)])
            median = statistics.median(t)
            rows.append([query, method, len(answers[(query, method)]), "yes" if agrees[(query, method)] else "no", fmt(median), fmt(t[int(0.99 * (len(t) - 1))]),
                         f"{median / ours:.2f}"])
    table(f"Queries ({args.rounds} rounds, medians of single calls in one process, all columns fetched)",
          ["query", "method", "rows", "same rows", "median", "p99", "this / zipgeo on world"], rows)

    # c. The command line, world against US only, interleaved.
    cli = {"world.db": [], "us.db": []}
    for _ in range(args.cli_runs):
        for name, path in (("world.db", world), ("us.db", one["US"])):
            seconds, _ = run([ZIPGEO, "near", "75075", "--km", "10", "--db", str(path)])
            cli[name].append(seconds)
    world_cli, us_cli = statistics.median(cli["world.db"]), statistics.median(cli["us.db"])
    table(f"zipgeo near 75075 --km 10 ({args.cli_runs} runs each, interleaved)",
          ["database", "median", "min", "world / US"],
          [["world.db", fmt(world_cli), fmt(min(cli["world.db"])), f"{world_cli / us_cli:.2f}"],
           ["us.db", fmt(us_cli), fmt(min(cli["us.db"])), ""]])
finally:
    shutil.rmtree(work, ignore_errors=True)
