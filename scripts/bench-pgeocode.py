#!/usr/bin/env python3
"""pgeocode 0.5.0 against zipgeo's pgeocode layer (zipgeo_sqlite.pgeocode), side by side in one
run, on the same GeoNames US rows, in the same venv's Python.

Usage: /usr/bin/python3 scripts/bench-pgeocode.py [--build-dir DIR] [--work DIR] [--geonames FILE] [--runs N]
  --build-dir DIR  where libZipgeo.so and zipgeo are (default: .build/release; build them with
                   swift build -c release --static-swift-stdlib)
  --work DIR       a folder for the venv, the data and the databases (default: /tmp/zipgeo-bench-pgeocode);
                   its venv is made on the first run with pgeocode 0.5.0 and pandas from PyPI
  --geonames FILE  GeoNames postal codes of several countries (default: /work/shared/data's
                   geonames-allcountries-postal.txt.xz, else data/world.txt.xz): their US rows are the data
  --runs N         how many times each measure is taken, the median shown (default: 5)

The same rows for both: the file's US rows, as GeoNames' US.txt; pgeocode is handed it as the file
it downloads (its DOWNLOAD_URL pointed at it), so that PGEOCODE_DATA_DIR holds US.txt and
US-index.txt as pgeocode writes them; `zipgeo import` makes the zipgeo database of it, which
zipgeo_sqlite finds through $ZIPGEO_DB. The wheel scripts/build-wheel.sh makes from --build-dir
is installed in the venv, so both run as a user runs them: `pgeocode.Nominatim("us")` and
`zipgeo_sqlite.pgeocode.Nominatim("us")`.

  (a) a fresh process's first 100,000 codes, load included: the process's wall time from its
      start to its answer, Python's start, the imports (pandas) and the data's loading included;
      pgeocode with its index of codes as every run after the first finds it (warm), and as its
      first run builds it (first use); zipgeo's plain API (zipgeo_sqlite.connect().lookup, no
      pandas) beside its pgeocode layer. The codes: 100,000 drawn at random from the US codes,
      a tenth written as ZIP+4.
  (b) one code: query_postal_code of one code, after the load (the median of 2,000 codes).
  (c) 50,000 distances: GeoDistance("us").query_postal_code of two lists of 50,000 codes, after
      the load.
  (d) 100,000 codes, warm: query_postal_code of the same 100,000 after a first call, beside
      zipgeo_sqlite.frame.resolve and connect().lookup (each after a first call of its own).
Prints each measure, the ratios, and how many of the 100,000 codes each resolved.
"""

import argparse
import json
import lzma
import os
import random
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

FIRST_CODES = r"""
import time
start = time.perf_counter()
import json, os, sys
kind, codes_path = sys.argv[1], sys.argv[2]
codes = json.load(open(codes_path))
if kind == "zipgeo-plain":
    import zipgeo_sqlite
    imported = time.perf_counter()
    db = zipgeo_sqlite.connect()
    loaded = time.perf_counter()
    found = sum(row is not None for row in db.lookup(codes))
else:
    if kind == "zipgeo":
        import zipgeo_sqlite.pgeocode as pgeocode
    else:
        import pgeocode
    imported = time.perf_counter()
    nomi = pgeocode.Nominatim("us")
    loaded = time.perf_counter()
    found = int(nomi.query_postal_code(codes).latitude.notna().sum())
done = time.perf_counter()
print(json.dumps({"import": imported - start, "load": loaded - imported, "query": done - loaded, "found": found}))
"""

AFTER_LOAD = r"""
import json, statistics, sys, time
{columns}
kind, codes_path, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
codes = json.load(open(codes_path))
if kind == "zipgeo":
    import zipgeo_sqlite.pgeocode as pgeocode
else:
    import pgeocode
nomi = pgeocode.Nominatim("us")
dist = pgeocode.GeoDistance("us")
one = []
for code in codes[:2000]:
    start = time.perf_counter()
    nomi.query_postal_code(code)
    one.append(time.perf_counter() - start)
distances = []
for _ in range(runs):
    start = time.perf_counter()
    answer = dist.query_postal_code(codes[:50000], codes[50000:])
    distances.append(time.perf_counter() - start)
warm = {}
for name, call in columns(kind, nomi, codes):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        found = call()
        times.append(time.perf_counter() - start)
    warm[name] = (statistics.median(times), found)
print(json.dumps({"one": statistics.median(one), "distances": statistics.median(distances),
                  "measured": int((answer == answer).sum()), "warm": warm}))
"""

# The warm column jobs of each side, after one call that loads what it keeps: 100,000 codes.
COLUMNS = r"""
def columns(kind, nomi, codes):
    count = lambda frame: int(frame.latitude.notna().sum())
    if kind != "zipgeo":
        nomi.query_postal_code(codes)
        return [("pgeocode query_postal_code", lambda: count(nomi.query_postal_code(codes)))]
    import zipgeo_sqlite
    from zipgeo_sqlite import frame
    db = zipgeo_sqlite.connect()
    for call in (lambda: nomi.query_postal_code(codes), lambda: frame.resolve(codes, db=db), lambda: db.lookup(codes)):
        call()
    return [
        ("zipgeo_sqlite.pgeocode query_postal_code", lambda: count(nomi.query_postal_code(codes))),
        ("frame.resolve", lambda: int(frame.resolve(codes, db=db).lat.notna().sum())),
        ("connect().lookup", lambda: sum(row is not None for row in db.lookup(codes))),
    ]
"""



def main():
    parser = argparse.ArgumentParser(description="pgeocode 0.5.0 against zipgeo_sqlite.pgeocode, side by side.")
    parser.add_argument("--build-dir", default=os.path.join(ROOT, ".build", "release"))
    parser.add_argument("--work", default="/tmp/zipgeo-bench-pgeocode")
    parser.add_argument("--geonames", default=None)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    work = os.path.abspath(args.work)
    os.makedirs(work, exist_ok=True)
    for name in ("libZipgeo.so", "zipgeo"):
        if not os.path.isfile(os.path.join(args.build_dir, name)):
            sys.exit(f"Error: no {name} in {args.build_dir}: swift build -c release --static-swift-stdlib, or --build-dir")

    python = venv_with_pgeocode(work)
    install_wheel(python, args.build_dir, work)
    us_file = us_rows(args.geonames, work)
    pgeocode_data = os.path.join(work, "pgeocode")
    database = os.path.join(work, "us.db")
    prepare(python, us_file, pgeocode_data, database, args.build_dir)
    codes_path = os.path.join(work, "codes.json")
    zips = write_codes(database, codes_path)

    environment = dict(os.environ, PGEOCODE_DATA_DIR=pgeocode_data, ZIPGEO_DB=database)
    for name in ("PYTHONPATH", "PYTHONHOME"):
        environment.pop(name, None)
    index = os.path.join(pgeocode_data, "US-index.txt")
    kept_index = index + ".kept"

    def fresh(kind, first_use=False):
        if first_use:
            os.replace(index, kept_index)
        start = time.perf_counter()
        result = subprocess.run([python, "-c", FIRST_CODES, kind, codes_path], env=environment,
                                capture_output=True, text=True, check=True)
        wall = time.perf_counter() - start
        if first_use:
            os.replace(kept_index, index)
        return dict(json.loads(result.stdout), wall=wall)

    kinds = [("pgeocode", False), ("pgeocode", True), ("zipgeo", False), ("zipgeo-plain", False)]
    runs = {kind: [] for kind in kinds}
    fresh("pgeocode")  # the files in the page cache, for every run alike
    fresh("zipgeo")
    for _ in range(args.runs):
        for kind in kinds:
            runs[kind].append(fresh(*kind))

    after = {}
    for kind in ("pgeocode", "zipgeo"):
        result = subprocess.run([python, "-c", AFTER_LOAD.replace("{columns}", COLUMNS), kind, codes_path, str(args.runs)], env=environment,
                                capture_output=True, text=True, check=True)
        after[kind] = json.loads(result.stdout)

    def median(kind, field):
        return statistics.median(run[field] for run in runs[kind])

    print(f"GeoNames US rows: {zips:,} codes; 100,000 codes asked, a tenth as ZIP+4; {args.runs} runs, medians;")
    print(f"Python {subprocess.run([python, '-c', 'import platform, pandas, sqlite3; print(platform.python_version(), pandas.__version__, sqlite3.sqlite_version)'], capture_output=True, text=True).stdout.strip()} (Python, pandas, SQLite)")
    print()
    print("(a) a fresh process's first 100,000 codes   wall     import   load     query    resolved")
    labels = {
        ("pgeocode", False): "pgeocode 0.5.0 (its index built before)",
        ("pgeocode", True): "pgeocode 0.5.0 (first use: builds its index)",
        ("zipgeo", False): "zipgeo_sqlite.pgeocode",
        ("zipgeo-plain", False): "zipgeo_sqlite.connect().lookup (no pandas)",
    }
    for kind in kinds:
        print(f"  {labels[kind]:<44} {median(kind, 'wall'):6.3f} s {median(kind, 'import'):6.3f} s {median(kind, 'load'):6.3f} s"
              f" {median(kind, 'query'):6.3f} s {runs[kind][-1]['found']:,}")
    zipgeo_wall = median(("zipgeo", False), "wall")
    print(f"  ratio pgeocode (index built) / zipgeo_sqlite.pgeocode: {median(('pgeocode', False), 'wall') / zipgeo_wall:.2f}")
    print(f"  ratio pgeocode (first use) / zipgeo_sqlite.pgeocode:   {median(('pgeocode', True), 'wall') / zipgeo_wall:.2f}")
    print(f"  ratio pgeocode (index built) / zipgeo_sqlite.connect().lookup: {median(('pgeocode', False), 'wall') / median(('zipgeo-plain', False), 'wall'):.2f}")
    print()
    print(f"(b) one code, after the load:  pgeocode {after['pgeocode']['one'] * 1e3:.3f} ms,"
          f" zipgeo_sqlite.pgeocode {after['zipgeo']['one'] * 1e3:.3f} ms;"
          f" ratio {after['pgeocode']['one'] / after['zipgeo']['one']:.1f}")
    print(f"(c) 50,000 distances, after the load:  pgeocode {after['pgeocode']['distances']:.3f} s"
          f" ({after['pgeocode']['measured']:,} measured), zipgeo_sqlite.pgeocode {after['zipgeo']['distances']:.3f} s"
          f" ({after['zipgeo']['measured']:,} measured); ratio {after['pgeocode']['distances'] / after['zipgeo']['distances']:.2f}")
    print("(d) 100,000 codes, warm (after a first call):          time   resolved  zipgeo / pgeocode")
    (pgeocode_time, pgeocode_found), = after["pgeocode"]["warm"].values()
    for name, (seconds, found) in [("pgeocode query_postal_code", (pgeocode_time, pgeocode_found))] + list(after["zipgeo"]["warm"].items()):
        print(f"  {name:<44} {seconds:6.3f} s {found:8,}  {seconds / pgeocode_time:5.2f}x")


def venv_with_pgeocode(work):
    """The work folder's venv of /usr/bin/python3, with pgeocode 0.5.0 (and pandas, numpy)."""
    venv = os.path.join(work, "venv")
    python = os.path.join(venv, "bin", "python")
    if not os.path.exists(python):
        subprocess.run(["/usr/bin/python3", "-m", "venv", venv], check=True)
    has = subprocess.run([python, "-c", "import pgeocode; assert pgeocode.__version__ == '0.5.0'"], capture_output=True)
    if has.returncode != 0:
        print("installing pgeocode 0.5.0 (with pandas and numpy) from PyPI into", venv, file=sys.stderr)
        subprocess.run([python, "-m", "pip", "install", "--quiet", "pgeocode==0.5.0"], check=True)
    return python


def install_wheel(python, build_dir, work):
    wheel = subprocess.run(["/bin/bash", os.path.join(ROOT, "scripts", "build-wheel.sh"), "--build-dir", build_dir,
                            "--out", os.path.join(work, "dist")], capture_output=True, text=True, check=True).stdout.strip()
    subprocess.run([python, "-m", "pip", "install", "--quiet", "--no-index", "--no-deps", "--force-reinstall", wheel],
                   check=True)


def us_rows(geonames, work):
    """GeoNames' US.txt: the US rows of the file, as they are."""
    if geonames is None:
        shared = "/work/shared/data/geonames-allcountries-postal.txt.xz"
        geonames = shared if os.path.isfile(shared) else os.path.join(ROOT, "data", "world.txt.xz")
    path = os.path.join(work, "US.txt")
    opener = lzma.open if geonames.endswith(".xz") else open
    with opener(geonames, "rt", encoding="utf-8") as source, open(path, "w", encoding="utf-8") as us:
        for line in source:
            if line.startswith("US\t"):
                us.write(line)
    return path


def prepare(python, us_file, pgeocode_data, database, build_dir):
    """pgeocode's data folder as its first download leaves it, and zipgeo's database, of us_file."""
    if os.path.isdir(pgeocode_data):
        for name in os.listdir(pgeocode_data):
            os.remove(os.path.join(pgeocode_data, name))
    download = (
        "import pgeocode, sys\n"
        "pgeocode.DOWNLOAD_URL = ['file://' + sys.argv[1]]\n"
        "pgeocode.Nominatim('us')\n"
    )
    subprocess.run([python, "-c", download, us_file], env=dict(os.environ, PGEOCODE_DATA_DIR=pgeocode_data), check=True)
    if os.path.exists(database):
        os.remove(database)
    subprocess.run([os.path.join(build_dir, "zipgeo"), "import", us_file, "--db", database, "--quiet"], check=True)


def write_codes(database, path):
    """100,000 codes drawn at random from the database's, a tenth with a ZIP+4 suffix."""
    import sqlite3

    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    zips = [zip for (zip,) in connection.execute("SELECT DISTINCT zip FROM zips ORDER BY zip")]
    connection.close()
    drawn = random.Random(36)
    codes = [drawn.choice(zips) for _ in range(100_000)]
    for index in range(0, len(codes), 10):
        codes[index] += f"-{drawn.randrange(10_000):04d}"
    with open(path, "w") as f:
        json.dump(codes, f)
    return len(zips)


if __name__ == "__main__":
    main()
