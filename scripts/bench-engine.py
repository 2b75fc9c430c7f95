#!/usr/bin/env python3
"""The engine benchmark: zipgeo's table functions against the textbook R*Tree, on the world's rows.

Usage: /usr/bin/python3 scripts/bench-engine.py [--rounds 15] [--import-rounds 3] [--join-rounds 3]
                                               [--quick] [--prebuilt DIR]

It builds the release zipgeo and libZipgeo.so (`swift build -c release --static-swift-stdlib`), or
with --prebuilt DIR takes DIR/zipgeo and DIR/libZipgeo as they are, then prints:
  import    `zipgeo import data/world.txt.xz` (1.8 million rows) against `xz -dc | sqlite3
            '.mode tabs' '.import'` into a bare 12-column table, interleaved, --import-rounds
            rounds, medians; zipgeo's peak RSS (its own, from wait4). The last zipgeo database
            is the one searched below.
  R*Tree    the comparison database, zipgeo's rows copied in the world file's own order (by id,
            each row's line):
            a plain rowid table t(zip, place, state, county, lat, lon, country, accuracy) and
            `rt USING rtree(id, minlat, maxlat, minlon, maxlon)`, one entry a row. Its rows must
            be zipgeo's: the counts are printed, and a fingerprint of every column compared.
  searches  in one Python process, both databases with the extension loaded (the R*Tree's for
            distance()), round after round, the two methods interleaved (which goes first
            alternates), medians of single calls (a query of microseconds runs back to back for
            about 5 ms of each round, every call timed). Five searches, each in four forms:
              10 km around Plano (33.0198, -96.6989), London (51.5074, -0.1278), Sao Paulo
              (-23.5505, -46.6333); 25 km around Tokyo (35.6812, 139.7671); 100 km around
              Frankfurt (50.11, 8.68);
              all       `SELECT * FROM zipgeo_within(lat, lon, km)` against
                        `SELECT t.*, distance(t.lat, t.lon, ?, ?) AS distance FROM rt JOIN t ON
                        t.rowid = rt.id WHERE rt.minlat BETWEEN ? AND ? AND rt.minlon BETWEEN ?
                        AND ? AND distance <= ? ORDER BY distance`, every column fetched;
              nine      the same, zipgeo's reading the R*Tree's nine columns (zip, place, state,
                        county, lat, lon, country, accuracy, distance), without state_name and kind;
              zip       the same reading only zip and distance;
              in SQLite `SELECT count(*), sum(length(place)) FROM (<query>)`: one row fetched;
            and zipgeo_cover, the native form, in each of the four: its ranges joined to zips on
            cell, distance() in WHERE, unordered, the same eight columns and the distance (with the
            rows it reads beside the rows it returns); and beside them the host's floor: as many rows of the same columns from neighbouring
            rowids of the R*Tree database's plain table (`WHERE rowid BETWEEN ? AND ?`: no search,
            no distance, no sort), and R*Tree / floor, the ratio an engine that cost nothing would
            show.
            The box is the sphere's (distance()'s radius, 6371.0088 km): latitude +- r/R, longitude
            +- asin(sin(r/R) / cos(lat)), both padded by 1e-4 degrees (the R*Tree rounds its
            coordinates to 32-bit floats); a circle holding a pole or crossing the 180th meridian
            gets every longitude. Both must return the same multiset of (zip, country) rows (and
            of whole rows, distances to 1e-9 km), and the same count and sum.
  nearest   `zipgeo_within(50.11, 8.68, 20000) LIMIT 10` (a radius holding the whole Earth, cut)
            against `zipgeo_nearest(50.11, 8.68, 10)`: the same rows? the time of each, and the
            peak memory each adds, measured in a fresh Python process (VmHWM of /proc/self/status
            reset through /proc/self/clear_refs after opening, then read after the query; where
            it cannot be reset, the peak before and after). `zipgeo_nearest(35.6812, 139.7671, 5)`
            against `zipgeo_within(35.6812, 139.7671, 10)`, all columns (the target: the nearest
            five cost at most half the 10 km search).
  join      2,000 places of the world as centres (every Nth row of t by rowid, a fixed sample,
            in a temporary table c with each centre's box half-sizes d and dl precomputed):
            `SELECT count(*) FROM c, zipgeo_within(c.lat, c.lon, 10)` against the R*Tree join
            with the same box, `SELECT count(*) FROM c JOIN rt ON rt.minlat BETWEEN c.lat - c.d
            AND c.lat + c.d AND rt.minlon BETWEEN c.lon - c.dl AND c.lon + c.dl JOIN t ON
            t.rowid = rt.id WHERE distance(t.lat, t.lon, c.lat, c.lon) <= 10`, --join-rounds
            rounds, interleaved, medians; the pair counts must agree (where they do not, the
            centres that differ are listed); and the same count through zipgeo_cover, joined to zips.
  summary   one line per comparison: query, rows, zipgeo, R*Tree, R*Tree / zipgeo (the last three
            lines hold in the R*Tree column what zipgeo was set against there: zipgeo_nearest,
            zipgeo_within 10 km, the bare import).
A mismatch is printed where it is found, between lines of !!!, and makes the exit status 1.
--quick runs 5 rounds of the searches and 1 of the import and join, unless given otherwise.
The machines are shared and noisy: only the ratios of one run mean much.
"""
import argparse
import collections
import json
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
parser = argparse.ArgumentParser(description="zipgeo's table functions against the textbook R*Tree.")
parser.add_argument("--rounds", type=int, help="rounds of the searches (default 15, --quick 5)")
parser.add_argument("--import-rounds", type=int, help="rounds of the import (default 3, --quick 1)")
parser.add_argument("--join-rounds", type=int, help="rounds of the spatial join (default 3, --quick 1)")
parser.add_argument("--quick", action="store_true", help="fewer rounds, for a first look")
parser.add_argument("--prebuilt", metavar="DIR", help="use DIR/zipgeo and DIR/libZipgeo instead of building")
args = parser.parse_args()
for name, full, quick in (("rounds", 15, 5), ("import_rounds", 3, 1), ("join_rounds", 3, 1)):
    if getattr(args, name) is None:
        setattr(args, name, quick if args.quick else full)

if args.prebuilt:
    BIN = pathlib.Path(args.prebuilt).resolve()
else:
    subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    BIN = ROOT / ".build/release"
for path in (BIN / "zipgeo", BIN / "libZipgeo.so"):
    if not path.exists():
        raise SystemExit(f"missing: {path}")
work = pathlib.Path(tempfile.mkdtemp(prefix="zipgeo-bench-engine-"))
# Copies: a build that rewrites the files in place while this runs would crash the loaded library.
ZIPGEO = str(shutil.copy2(BIN / "zipgeo", work / "zipgeo"))
EXTENSION = str(shutil.copy2(BIN / "libZipgeo.so", work / "libZipgeo.so"))[:-len(".so")]  # SQLite adds .so
WORLD = str(ROOT / "data/world.txt.xz")
EARTH_KM = 6371.0088  # distance()'s sphere (IUGG mean radius)
PAD = 1e-4  # degrees added to each side of a box: the R*Tree stores 32-bit floats
problems = []  # every mismatch, for the end


def mismatch(what, details):
    """Prints a mismatch loudly and remembers it for the exit status."""
    problems.append(what)
    print("\n" + "!" * 100 + f"\nMISMATCH: {what}")
    for line in details:
        print(f"  {line}")
    print("!" * 100, flush=True)


def connect(path):
    con = sqlite3.connect(str(path))
    con.enable_load_extension(True)
    con.load_extension(EXTENSION)
    return con


def box(lat, km):
    """Half the height and half the width, in degrees, of the box around every point within km
    of a centre at latitude lat (distance()'s sphere), padded; a width of 360 takes every longitude."""
    angle = km / EARTH_KM
    d = math.degrees(angle) + PAD
    if abs(lat) + d >= 90 or angle >= math.pi / 2:
        return d, 360.0  # the circle holds a pole: every longitude
    ratio = math.sin(angle) / math.cos(math.radians(lat))
    if ratio >= 1:
        return d, 360.0
    return d, math.degrees(math.asin(ratio)) + PAD


def rtree_query(columns):
    """The textbook R*Tree search: parameters lat, lon, south, north, west, east, km."""
    return (f"SELECT {columns}, distance(t.lat, t.lon, ?, ?) AS distance FROM rt JOIN t ON t.rowid = rt.id "
            "WHERE rt.minlat BETWEEN ? AND ? AND rt.minlon BETWEEN ? AND ? AND distance <= ? ORDER BY distance")


def rtree_parameters(lat, lon, km):
    d, dl = box(lat, km)
    if lon - dl < -180 or lon + dl > 180:
        dl = 360.0  # across the 180th meridian: one box of every longitude, as the textbook has one box
    return (lat, lon, lat - d, lat + d, lon - dl, lon + dl, km)


def counted(rows):
    return collections.Counter(rows)


def difference(a, b, name_a="zipgeo", name_b="R*Tree", shown=8):
    """Lines naming the rows one multiset has and the other lacks."""
    only_a, only_b = a - b, b - a
    lines = [f"{name_a}: {sum(a.values())} rows, {name_b}: {sum(b.values())} rows; "
             f"only in {name_a}: {sum(only_a.values())}, only in {name_b}: {sum(only_b.values())}"]
    for name, only in ((name_a, only_a), (name_b, only_b)):
        for row in sorted(only, key=repr)[:shown]:
            lines.append(f"only in {name}: {row}" + (f" x{only[row]}" if only[row] > 1 else ""))
        if len(only) > shown:
            lines.append(f"only in {name}: ... {len(only) - shown} more")
    return lines


try:
    # a. Import: zipgeo against the stock shell's bare .import, interleaved (which goes first
    # alternates); the last zipgeo database is the one searched.
    world = work / "world.db"
    bare = work / "bare.db"
    imports = {"zipgeo import": [], "xz -dc | sqlite3 .import (bare table)": []}
    peaks = []

    def import_zipgeo():
        world.unlink(missing_ok=True)
        seconds, peak = run([ZIPGEO, "import", WORLD, "--db", str(world), "--quiet"])
        imports["zipgeo import"].append(seconds)
        peaks.append(peak)

    def import_bare():
        bare.unlink(missing_ok=True)
        subprocess.run(["sqlite3", str(bare), "CREATE TABLE t(country, zip, place, admin1, admin1_code, admin2, "
                        "admin2_code, admin3, admin3_code, lat REAL, lon REAL, accuracy)"], check=True)
        seconds, _ = run(f"xz -dc {WORLD} | sqlite3 {bare} '.mode tabs' '.import /dev/stdin t'", shell=True)
        imports["xz -dc | sqlite3 .import (bare table)"].append(seconds)

    for i in range(args.import_rounds):
        for step in ((import_bare, import_zipgeo) if i % 2 else (import_zipgeo, import_bare)):
            step()
    xz_alone, _ = run(f"xz -dc {WORLD} > /dev/null", shell=True)
    counts = {
        "zipgeo import": sqlite3.connect(str(world)).execute("SELECT count(*) FROM zips").fetchone()[0],
        "xz -dc | sqlite3 .import (bare table)": sqlite3.connect(str(bare)).execute("SELECT count(*) FROM t").fetchone()[0],
    }
    bare.unlink()
    import_median = {name: statistics.median(t) for name, t in imports.items()}
    table(f"Import of data/world.txt.xz ({args.import_rounds} rounds, interleaved; xz -dc alone {fmt(xz_alone)})",
          ["method", "rows", "median", "runs (s)", "zipgeo / this"],
          [[name, counts[name], fmt(import_median[name]), " ".join(f"{s:.1f}" for s in t),
            f"{import_median['zipgeo import'] / import_median[name]:.2f}x"] for name, t in imports.items()])
    print(f"\nzipgeo import peak RSS: {max(peaks):.0f} MB (runs: {', '.join(f'{p:.0f}' for p in peaks)} MB); "
          f"database {world.stat().st_size / 1e6:.0f} MB; the bare table has every line, zipgeo drops repeated "
          f"(country, code, place): {counts['xz -dc | sqlite3 .import (bare table)'] - counts['zipgeo import']} rows")

    # b. The comparison database: zipgeo's rows in the world file's order; then the R*Tree, one
    # entry a row.
    rtree = work / "rtree.db"
    start = time.perf_counter()
    # zipgeo's own rows in the file's order (id is the row's line): the importer's rules (a state
    # named alone takes the code other rows give that name) are the importer tests' business.
    world_rows = sqlite3.connect(str(world)).execute(
        "SELECT zip, place, state, county, lat, lon, country, accuracy FROM zips ORDER BY id").fetchall()
    parsed = time.perf_counter() - start
    con = sqlite3.connect(str(rtree))
    con.execute("CREATE TABLE t(zip, place, state, county, lat, lon, country, accuracy)")
    con.executemany("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?, ?)", world_rows)
    con.commit()
    inserted = time.perf_counter() - start
    del world_rows
    con.executescript("""
        CREATE VIRTUAL TABLE rt USING rtree(id, minlat, maxlat, minlon, maxlon);
        INSERT INTO rt SELECT rowid, lat, lat, lon, lon FROM t;
        """)
    con.commit()
    built = time.perf_counter() - start
    # Integer sums (coordinates in units of 1e-7 degrees), which do not depend on the rows' order.
    fingerprint = ("SELECT count(*), sum(CAST(round(lat * 1e7) AS INTEGER)), sum(CAST(round(lon * 1e7) AS INTEGER)), "
                   "sum(length(zip)), sum(length(place)), "
                   "sum(length(state)), sum(length(county)), sum(unicode(country)), sum(accuracy), "
                   "count(place), count(state), count(county), count(accuracy) FROM {}")
    ours = sqlite3.connect(str(world)).execute(fingerprint.format("zips")).fetchone()
    theirs = con.execute(fingerprint.format("t")).fetchone()
    entries = con.execute("SELECT count(*) FROM rt").fetchone()[0]
    con.close()
    print(f"\nR*Tree database: {theirs[0]} rows in t, {entries} entries in rt, in the file's order; zipgeo's "
          f"database: {ours[0]} rows. Built in {fmt(built)} (read {fmt(parsed)}, table {fmt(inserted - parsed)}, "
          f"R*Tree {fmt(built - inserted)}); {rtree.stat().st_size / 1e6:.0f} MB")
    if ours != theirs or entries != theirs[0]:
        mismatch("the R*Tree database does not hold zipgeo's rows",
                 [f"zipgeo (count, total lat, lon, lengths, ...): {ours}", f"R*Tree: {theirs}, rt entries {entries}"])
    else:
        print("Same rows: counts agree, and the fingerprint of every column (sums of coordinates, lengths, "
              "accuracies, non-NULL counts) is the same.")

    # c. The searches. A connection for each method of each query (as scripts/bench-world.py has
    # them): its page cache holds that query's pages alone, as an app's would.
    def zipgeo_connection():
        return connect(world)

    def rtree_connection():
        return connect(rtree)

    cases = [("Plano 10 km", 33.0198, -96.6989, 10), ("London 10 km", 51.5074, -0.1278, 10),
             ("Sao Paulo 10 km", -23.5505, -46.6333, 10), ("Tokyo 25 km", 35.6812, 139.7671, 25),
             ("Frankfurt 100 km", 50.11, 8.68, 100)]
    NINE = "zip, place, state, county, lat, lon, country, accuracy, distance"
    forms = {  # form: (zipgeo's columns, the R*Tree's columns, wrapped in the aggregate)
        "all": ("*", "t.*", False),
        # The R*Tree's own nine columns: SELECT * of zipgeo_within adds state_name and kind.
        "nine": (NINE, "t.*", False),
        "zip": ("zip, distance", "t.zip", False),
        "in SQLite": ("*", "t.*", True),
    }
    aggregate = "SELECT count(*), sum(length(place)) FROM ({})"
    # The native form: zipgeo_cover's ranges joined to the clustered table, distance() in WHERE,
    # unordered; the same eight columns as the R*Tree's t, and the distance.
    COVER = ("SELECT {columns} FROM (SELECT z.*, distance(z.lat, z.lon, ?1, ?2) AS distance "
             "FROM zipgeo_cover(?1, ?2, ?3) AS c JOIN zips AS z ON z.cell BETWEEN c.first_cell AND c.last_cell) "
             "AS z WHERE distance <= ?3")
    COVER_ALL = "z.zip, z.place, z.state, z.county, z.lat, z.lon, z.country, z.accuracy, distance"
    cover_read = {}
    for case, lat, lon, km in cases:
        con = zipgeo_connection()
        cover_read[case] = con.execute(
            "SELECT count(*) FROM zipgeo_cover(?1, ?2, ?3) AS c JOIN zips AS z "
            "ON z.cell BETWEEN c.first_cell AND c.last_cell", (lat, lon, km)).fetchone()[0]
    comparisons = []  # (name, {method: (connection, sql, parameters)})
    for case, lat, lon, km in cases:
        for form, (ours_columns, rtree_columns, wrapped) in forms.items():
            z = f"SELECT {ours_columns} FROM zipgeo_within(?, ?, ?)"
            r = rtree_query(rtree_columns)
            if wrapped:
                z, r = aggregate.format(z), aggregate.format(r)
            # The host's floor: the same number of rows, of the same columns, from neighbouring
            # rowids of the plain table, with nothing else to do (no search, no distance, no sort).
            con = rtree_connection()
            first, count = con.execute(
                f"SELECT min(t.rowid), count(*) FROM ({rtree_query('t.rowid')}) t", rtree_parameters(lat, lon, km)).fetchone()
            f = f"SELECT {rtree_columns}, 0.0 AS distance FROM t WHERE t.rowid BETWEEN ? AND ?"
            if wrapped:
                f = aggregate.format(f)
            cover_columns = {"*": COVER_ALL, NINE: COVER_ALL, "zip, distance": "z.zip, distance"}[ours_columns]
            v = COVER.format(columns=cover_columns)
            if wrapped:
                v = aggregate.format(v)
            comparisons.append((f"{case}, {form}", {
                "zipgeo": (zipgeo_connection(), z, (lat, lon, km)),
                "cover": (zipgeo_connection(), v, (lat, lon, km)),
                "R*Tree": (rtree_connection(), r, rtree_parameters(lat, lon, km)),
                "floor": (con, f, (first, first + count - 1)),
            }))
    comparisons.append(("Frankfurt: within 20000 km LIMIT 10 / nearest 10", {
        "within LIMIT 10": (zipgeo_connection(), "SELECT * FROM zipgeo_within(50.11, 8.68, 20000) LIMIT 10", ()),
        "nearest 10": (zipgeo_connection(), "SELECT * FROM zipgeo_nearest(50.11, 8.68, 10)", ()),
    }))
    comparisons.append(("Tokyo: nearest 5 / within 10 km", {
        "nearest 5": (zipgeo_connection(), "SELECT * FROM zipgeo_nearest(35.6812, 139.7671, 5)", ()),
        "within 10 km": (zipgeo_connection(), "SELECT * FROM zipgeo_within(35.6812, 139.7671, 10)", ()),
    }))

    answers, warm = {}, {}
    for name, methods in comparisons:
        for method, (con, sql, parameters) in methods.items():
            answers[(name, method)] = con.execute(sql, parameters).fetchall()  # cold; then warm:
            start = time.perf_counter()
            con.execute(sql, parameters).fetchall()
            warm[(name, method)] = time.perf_counter() - start

    # What must agree, zipgeo against the R*Tree: the multiset of (zip, country) of the rows (of
    # zip alone where only zip is read), and of whole rows with distances to 1e-9 km; the count
    # and sum of the aggregate.
    def whole(row):
        return tuple(round(v, 9) if isinstance(v, float) else v for v in row)

    for (case, lat, lon, km), i in zip(cases, range(0, len(forms) * len(cases), len(forms))):
        for name, methods in comparisons[i:i + len(forms)]:
            z, r = answers[(name, "zipgeo")], answers[(name, "R*Tree")]
            sqls = [f"zipgeo: {methods['zipgeo'][1]}  {methods['zipgeo'][2]}",
                    f"R*Tree: {methods['R*Tree'][1]}  {methods['R*Tree'][2]}"]
            v = answers[(name, "cover")]
            if counted(map(whole, v)) != counted(map(whole, r)):
                mismatch(f"{name}: zipgeo_cover's rows differ from the R*Tree's",
                         [f"cover: {methods['cover'][1]}  {methods['cover'][2]}", sqls[1]]
                         + difference(counted(map(whole, v)), counted(map(whole, r)), "cover"))
            if name.endswith(", all") or name.endswith(", nine"):
                z = [row[:9] for row in z]  # zipgeo_within's state_name and kind: the R*Tree has none
                if counted((row[0], row[6]) for row in z) != counted((row[0], row[6]) for row in r):
                    mismatch(f"{name}: (zip, country) rows differ", sqls + difference(
                        counted((row[0], row[6], round(row[8], 6)) for row in z),
                        counted((row[0], row[6], round(row[8], 6)) for row in r)))
                elif counted(map(whole, z)) != counted(map(whole, r)):
                    mismatch(f"{name}: same (zip, country) rows, but other columns differ",
                             sqls + difference(counted(map(whole, z)), counted(map(whole, r))))
                if [row[8] for row in z] != sorted(row[8] for row in z):
                    mismatch(f"{name}: zipgeo_within's rows are not nearest first", sqls[:1])
            elif name.endswith(", zip"):
                if counted(map(whole, z)) != counted(map(whole, r)):
                    mismatch(f"{name}: (zip, distance) rows differ", sqls + difference(
                        counted(map(whole, z)), counted(map(whole, r))))
            elif z != r:
                mismatch(f"{name}: count(*), sum(length(place)) differ", sqls + [f"zipgeo: {z}", f"R*Tree: {r}"])
    limited = answers[("Frankfurt: within 20000 km LIMIT 10 / nearest 10", "within LIMIT 10")]
    nearest = answers[("Frankfurt: within 20000 km LIMIT 10 / nearest 10", "nearest 10")]
    if limited == nearest:
        same_nearest = "same rows, same order"
    elif counted(map(whole, limited)) == counted(map(whole, nearest)):
        same_nearest = "same rows, in another order"
    else:
        same_nearest = "DIFFERENT rows"
        mismatch("zipgeo_within(50.11, 8.68, 20000) LIMIT 10 and zipgeo_nearest(50.11, 8.68, 10) differ",
                 difference(counted(map(whole, limited)), counted(map(whole, nearest)), "within LIMIT 10", "nearest 10"))
    tokyo_nearest = answers[("Tokyo: nearest 5 / within 10 km", "nearest 5")]
    tokyo_within = answers[("Tokyo: nearest 5 / within 10 km", "within 10 km")]
    if tokyo_nearest != tokyo_within[:5]:
        mismatch("zipgeo_nearest(35.6812, 139.7671, 5) is not the first 5 rows of zipgeo_within(35.6812, 139.7671, 10)",
                 [f"nearest: {row}" for row in tokyo_nearest] + [f"within:  {row}" for row in tokyo_within[:5]])

    # Each round runs every comparison, its methods in turn (which goes first alternates); a
    # method of microseconds runs back to back for about 5 ms of its round, each call timed.
    repeats = {key: max(1, min(500, int(0.005 / max(seconds, 1e-6)))) for key, seconds in warm.items()}
    times = {key: [] for key in warm}
    for round_ in range(args.rounds):
        for name, methods in comparisons:
            order = list(methods.items())
            for method, (con, sql, parameters) in (order[::-1] if round_ % 2 else order):
                calls = times[(name, method)]
                for _ in range(repeats[(name, method)]):
                    start = time.perf_counter()
                    con.execute(sql, parameters).fetchall()
                    calls.append(time.perf_counter() - start)
    median = {key: statistics.median(t) for key, t in times.items()}

    def p99(key):
        t = sorted(times[key])
        return t[math.ceil(0.99 * (len(t) - 1))]

    def shown_rows(name, method):
        rows = answers[(name, method)]
        return f"{rows[0][0]} (1 row fetched)" if name.endswith("in SQLite") else len(rows)

    rows = []
    for (name, methods), case in zip(comparisons[:len(forms) * len(cases)], [c for c in cases for _ in range(len(forms))]):
        z, r, f, v = (name, "zipgeo"), (name, "R*Tree"), (name, "floor"), (name, "cover")
        returned = len(answers[(name, "zipgeo")]) if not name.endswith("in SQLite") else answers[z][0][0]
        rows.append([name, shown_rows(name, "zipgeo"), fmt(median[z]), fmt(p99(z)), fmt(median[r]), fmt(p99(r)),
                     f"{median[r] / median[z]:.2f}", fmt(median[v]), f"{median[r] / median[v]:.2f}",
                     f"{cover_read[case[0]]} / {returned}", fmt(median[f]), f"{median[r] / median[f]:.2f}",
                     f"{len(times[z])}/{len(times[r])}"])
    table(f"Searches ({args.rounds} rounds, interleaved, medians of single calls in one process; "
          "all = every column fetched, nine = the R*Tree's nine columns, zip = zip and distance, in SQLite = count(*), sum(length(place)); "
          "floor = as many rows of the same columns read from neighbouring rowids of the plain table, no search, "
          "and R*Tree / floor the ratio an engine that cost nothing would show; cover = zipgeo_cover's ranges "
          "joined to zips, distance() in WHERE, unordered, and the rows it reads / the rows it returns)",
          ["search, form", "rows", "zipgeo", "p99", "R*Tree", "p99", "R*Tree / zipgeo", "cover", "R*Tree / cover",
           "cover read / returned", "floor", "R*Tree / floor", "calls"], rows)

    # d. Nearest: the times, and the memory each query adds, in a fresh process.
    memory_probe = r"""
import json, resource, sqlite3, sys
def hwm():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
con = sqlite3.connect(sys.argv[1])
con.enable_load_extension(True)
con.load_extension(sys.argv[2])
con.execute("SELECT count(*) FROM sqlite_master").fetchall()
try:
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")  # the peak RSS back to the current RSS
    reset = True
except OSError:
    reset = False
before, maxrss_before = hwm(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
rows = con.execute(sys.argv[3]).fetchall()
after, maxrss_after = hwm(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"reset": reset, "before": before, "after": after, "rows": len(rows),
                  "maxrss_before": maxrss_before, "maxrss_after": maxrss_after}))
"""

    def memory(sql):
        out = subprocess.run([sys.executable, "-c", memory_probe, str(world), EXTENSION, sql], check=True,
                             capture_output=True, text=True).stdout
        m = json.loads(out)
        return m, (m["after"] - m["before"]) / 1024

    probes = {
        "SELECT * FROM zipgeo_within(50.11, 8.68, 20000) LIMIT 10": None,
        "SELECT * FROM zipgeo_nearest(50.11, 8.68, 10)": None,
        "SELECT * FROM zipgeo_within(50.11, 8.68, 100)": None,
    }
    for sql in probes:
        probes[sql] = memory(sql)
    n = "Frankfurt: within 20000 km LIMIT 10 / nearest 10"
    t = "Tokyo: nearest 5 / within 10 km"
    rows = [
        ["zipgeo_within(50.11, 8.68, 20000) LIMIT 10", len(limited), fmt(median[(n, "within LIMIT 10")]),
         fmt(p99((n, "within LIMIT 10"))), f"{median[(n, 'within LIMIT 10')] / median[(n, 'nearest 10')]:.2f}",
         f"{probes['SELECT * FROM zipgeo_within(50.11, 8.68, 20000) LIMIT 10'][1]:.1f} MB"],
        ["zipgeo_nearest(50.11, 8.68, 10)", len(nearest), fmt(median[(n, "nearest 10")]), fmt(p99((n, "nearest 10"))),
         "1.00", f"{probes['SELECT * FROM zipgeo_nearest(50.11, 8.68, 10)'][1]:.1f} MB"],
        ["(for scale) zipgeo_within(50.11, 8.68, 100)", probes["SELECT * FROM zipgeo_within(50.11, 8.68, 100)"][0]["rows"],
         fmt(median[("Frankfurt 100 km, all", "zipgeo")]), "", "",
         f"{probes['SELECT * FROM zipgeo_within(50.11, 8.68, 100)'][1]:.1f} MB"],
    ]
    reset = all(m["reset"] for m, _ in probes.values())
    table(f"Nearest ten to Frankfurt, two ways (LIMIT 10 and nearest: {same_nearest}); peak memory the query adds "
          f"in a fresh process ({'VmHWM reset after opening' if reset else 'VmHWM after - before, not reset'})",
          ["query", "rows", "median", "p99", "this / nearest", "extra peak RSS"], rows)
    ratio_tokyo = median[(t, "nearest 5")] / median[(t, "within 10 km")]
    table("Five nearest to Tokyo station against the 10 km search around it (target: nearest <= 0.5 x within)",
          ["query", "rows", "median", "p99", "this / within 10 km"],
          [["zipgeo_nearest(35.6812, 139.7671, 5)", len(tokyo_nearest), fmt(median[(t, "nearest 5")]),
            fmt(p99((t, "nearest 5"))), f"{ratio_tokyo:.2f} ({'meets' if ratio_tokyo <= 0.5 else 'MISSES'} the target)"],
           ["zipgeo_within(35.6812, 139.7671, 10)", len(tokyo_within), fmt(median[(t, "within 10 km")]),
            fmt(p99((t, "within 10 km"))), "1.00"]])

    # e. The spatial join: 2,000 centres, a fixed sample of the world's rows (every Nth by rowid).
    con = sqlite3.connect(str(rtree))
    total = con.execute("SELECT max(rowid) FROM t").fetchone()[0]
    step = total // 2000
    centres = con.execute(f"SELECT rowid, lat, lon FROM t WHERE (rowid - 1) % {step} = 0 ORDER BY rowid LIMIT 2000").fetchall()
    con.close()
    join_km = 10
    join = {
        "zipgeo": (zipgeo_connection(), f"SELECT count(*) FROM c, zipgeo_within(c.lat, c.lon, {join_km})",
                   f"SELECT c.id, count(*) FROM c, zipgeo_within(c.lat, c.lon, {join_km}) GROUP BY c.id"),
        "cover": (zipgeo_connection(),
                  f"SELECT count(*) FROM c, zipgeo_cover(c.lat, c.lon, {join_km}) AS v JOIN zips AS z "
                  f"ON z.cell BETWEEN v.first_cell AND v.last_cell WHERE distance(z.lat, z.lon, c.lat, c.lon) <= {join_km}",
                  f"SELECT c.id, count(*) FROM c, zipgeo_cover(c.lat, c.lon, {join_km}) AS v JOIN zips AS z "
                  f"ON z.cell BETWEEN v.first_cell AND v.last_cell WHERE distance(z.lat, z.lon, c.lat, c.lon) <= {join_km} "
                  "GROUP BY c.id"),
        "R*Tree": (rtree_connection(),
                   "SELECT count(*) FROM c JOIN rt ON rt.minlat BETWEEN c.lat - c.d AND c.lat + c.d "
                   "AND rt.minlon BETWEEN c.lon - c.dl AND c.lon + c.dl JOIN t ON t.rowid = rt.id "
                   f"WHERE distance(t.lat, t.lon, c.lat, c.lon) <= {join_km}",
                   "SELECT c.id, count(*) FROM c JOIN rt ON rt.minlat BETWEEN c.lat - c.d AND c.lat + c.d "
                   "AND rt.minlon BETWEEN c.lon - c.dl AND c.lon + c.dl JOIN t ON t.rowid = rt.id "
                   f"WHERE distance(t.lat, t.lon, c.lat, c.lon) <= {join_km} GROUP BY c.id"),
    }
    centre_rows = []
    for id_, lat, lon in centres:
        d, dl = box(lat, join_km)
        if lon - dl < -180 or lon + dl > 180:
            dl = 360.0
        centre_rows.append((id_, lat, lon, d, dl))
    for con, _, _ in join.values():
        con.execute("CREATE TEMP TABLE c(id INTEGER PRIMARY KEY, lat REAL, lon REAL, d REAL, dl REAL)")
        con.executemany("INSERT INTO c VALUES (?, ?, ?, ?, ?)", centre_rows)
        con.commit()
    plan = " / ".join(r[3] for r in join["R*Tree"][0].execute("EXPLAIN QUERY PLAN " + join["R*Tree"][1]))
    join_times = {method: [] for method in join}
    pairs = {}
    for round_ in range(args.join_rounds):
        for method in (list(join)[::-1] if round_ % 2 else list(join)):
            con, sql, _ = join[method]
            start = time.perf_counter()
            pairs[method] = con.execute(sql).fetchone()[0]
            join_times[method].append(time.perf_counter() - start)
    if pairs["cover"] != pairs["R*Tree"]:
        mismatch(f"the spatial join counts differ: zipgeo_cover {pairs['cover']}, R*Tree {pairs['R*Tree']} pairs",
                 [f"cover: {join['cover'][1]}"])
    if pairs["zipgeo"] != pairs["R*Tree"]:
        per_centre = {method: dict(join[method][0].execute(join[method][2]).fetchall()) for method in join}
        differ = sorted(i for i in set(per_centre["zipgeo"]) | set(per_centre["R*Tree"])
                        if per_centre["zipgeo"].get(i, 0) != per_centre["R*Tree"].get(i, 0))
        where = {row[0]: row for row in centre_rows}
        mismatch(f"the spatial join counts differ: zipgeo {pairs['zipgeo']}, R*Tree {pairs['R*Tree']} pairs",
                 [f"zipgeo: {join['zipgeo'][1]}", f"R*Tree: {join['R*Tree'][1]}", f"{len(differ)} centres differ:"]
                 + [f"centre t.rowid {i} at ({where[i][1]}, {where[i][2]}): zipgeo {per_centre['zipgeo'].get(i, 0)}, "
                    f"R*Tree {per_centre['R*Tree'].get(i, 0)}" for i in differ[:10]])
    join_median = {method: statistics.median(t) for method, t in join_times.items()}
    table(f"Spatial join: {len(centres)} centres (every {step}th row of t) x {join_km} km ({args.join_rounds} rounds, "
          f"interleaved; the R*Tree's plan: {plan})",
          ["method", "pairs", "median", "runs (s)", "this / zipgeo", "R*Tree / this"],
          [[method, pairs[method], fmt(join_median[method]), " ".join(f"{s:.2f}" for s in join_times[method]),
            f"{join_median[method] / join_median['zipgeo']:.2f}",
            f"{join_median['R*Tree'] / join_median[method]:.2f}"] for method in join])

    # f. The summary.
    rows = []
    for name, methods in comparisons[:len(forms) * len(cases)]:
        z, r = median[(name, "zipgeo")], median[(name, "R*Tree")]
        rows.append([name, shown_rows(name, "zipgeo"), fmt(z), fmt(r), f"{r / z:.2f}"])
        v = median[(name, "cover")]
        rows.append([f"{name} [zipgeo column: zipgeo_cover]", shown_rows(name, "cover"), fmt(v), fmt(r), f"{r / v:.2f}"])
    rows.append([f"join {len(centres)} centres x {join_km} km (pairs)", pairs["zipgeo"], fmt(join_median["zipgeo"]),
                 fmt(join_median["R*Tree"]), f"{join_median['R*Tree'] / join_median['zipgeo']:.2f}"])
    rows.append([f"join {len(centres)} centres x {join_km} km [zipgeo column: zipgeo_cover]", pairs["cover"],
                 fmt(join_median["cover"]), fmt(join_median["R*Tree"]),
                 f"{join_median['R*Tree'] / join_median['cover']:.2f}"])
    rows.append(["Frankfurt within 20000 km LIMIT 10 [R*Tree column: zipgeo_nearest 10]", len(limited),
                 fmt(median[(n, "within LIMIT 10")]), fmt(median[(n, "nearest 10")]),
                 f"{median[(n, 'nearest 10')] / median[(n, 'within LIMIT 10')]:.2f}"])
    rows.append(["Tokyo zipgeo_nearest 5 [R*Tree column: zipgeo_within 10 km]", len(tokyo_nearest),
                 fmt(median[(t, "nearest 5")]), fmt(median[(t, "within 10 km")]), f"{1 / ratio_tokyo:.2f}"])
    rows.append(["import world.txt.xz [R*Tree column: xz -dc | sqlite3 .import, bare]", counts["zipgeo import"],
                 fmt(import_median["zipgeo import"]), fmt(import_median["xz -dc | sqlite3 .import (bare table)"]),
                 f"{import_median['xz -dc | sqlite3 .import (bare table)'] / import_median['zipgeo import']:.2f}"])
    table("Summary (medians; a ratio above 1: zipgeo is faster; in brackets, what the R*Tree column holds "
          "where it is not the R*Tree)",
          ["query", "rows", "zipgeo", "R*Tree", "R*Tree / zipgeo"], rows)
    if problems:
        print(f"\n{len(problems)} MISMATCH{'ES' if len(problems) > 1 else ''}:")
        for problem in problems:
            print(f"  {problem}")
finally:
    shutil.rmtree(work, ignore_errors=True)
sys.exit(1 if problems else 0)
