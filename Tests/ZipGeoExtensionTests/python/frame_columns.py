"""zipgeo_sqlite.frame against zipgeo's SQL functions, value by value: resolve() is zipgeo_lookup,
distance() is distance() and geodesic_distance() to the last bit, nearest() is zipgeo_nearest.

Usage: python3 frame_columns.py PATH/TO/libZipgeo PYTHON_FOLDER US_DB WORLD_DB ZIPGEO
  ZIPGEO: the zipgeo binary, which imports the centres within() is checked against.
  Run by /usr/bin/python3 without numpy and pandas (lists in, lists out), and by a python3 with
  them (arrays, Series and DataFrames); each check runs in both, on what that python has.
Prints one line per check, then "N passed, M failed".
"""
import math
import os
import random
import shutil
import sqlite3
import struct
import subprocess
import sys
import tempfile

library, python_folder, us_path, world_path, zipgeo_binary = sys.argv[1:6]
sys.path.insert(0, python_folder)
import zipgeo_sqlite  # noqa: E402

zipgeo_sqlite.loadable_path = lambda: library
from zipgeo_sqlite import frame  # noqa: E402
from checks import check, raises, finish  # noqa: E402

try:
    import numpy
    import pandas
except ImportError:
    numpy = pandas = None
print(f"numpy and pandas: {'yes' if numpy is not None else 'no'}")

us = zipgeo_sqlite.connect(us_path)
world = zipgeo_sqlite.connect(world_path)
plain = sqlite3.connect(":memory:")
zipgeo_sqlite.load(plain)


def bits(value):
    return struct.pack("<d", value)


def as_list(value):
    return value.tolist() if hasattr(value, "tolist") else list(value)


def rows_of(found):
    """resolve()'s answer as a list of tuples of plain values (None for NaN)."""
    if pandas is not None:
        check("resolve gives a DataFrame with pandas", isinstance(found, pandas.DataFrame), type(found))
        records = found.astype(object).where(found.notna(), None).itertuples(index=False, name=None)
        return [tuple(record) for record in records]
    check("resolve gives a list without pandas", isinstance(found, list), type(found))
    return [tuple(row) for row in found]


def lookup_rows(db, codes, countries):
    """zipgeo_lookup of each code, one query a code, as resolve()'s rows."""
    rows = []
    for code, country in zip(codes, countries):
        value = code
        if isinstance(code, float) and math.isfinite(code) and code.is_integer():
            value = int(code)
        if isinstance(value, float) or (isinstance(value, str) and "\x00" in value):
            value = None
        row = db.connection.execute(
            "SELECT country, zip, lat, lon, place, state, resolution FROM zipgeo_lookup(?, ?)", (value, country)
        ).fetchone()
        rows.append((code,) + (row or (None,) * 7))
    return rows


def same(a, b):
    """Rows equal, NaN and None alike."""
    def cells(row):
        # pandas shows no value as NaN where a list shows None.
        return tuple(None if isinstance(cell, float) and math.isnan(cell) else cell for cell in row)

    return [cells(row) for row in a] == [cells(row) for row in b]


# -- resolve ------------------------------------------------------------------------------
typed = [
    "75075", "75075-1234", "75075 1234", "  75075 ", "2134", 2134, 2134.0, "02134", "US:75075", "us:75075",
    "nowhere", "", "   ", None, math.nan, 2134.5, "75075\x00", "-75075", "7507", "00000", "99999", "75075",
    "2134",
]
found = rows_of(frame.resolve(typed, db=us))
expected = lookup_rows(us, typed, [None] * len(typed))
check("resolve gives zipgeo_lookup's answer for every way a code is typed, in order", same(found, expected),
      [(a, b) for a, b in zip(found, expected) if not same([a], [b])][:3])

stored = [zip_code for (zip_code,) in us.connection.execute("SELECT zip FROM zips ORDER BY zip")]
drawn = random.Random(56)
many = []
for index in range(60_000):
    code = drawn.choice(stored)
    kind = index % 7
    many.append(
        code if kind < 3 else f"{code}-{drawn.randrange(10_000):04d}" if kind == 3 else int(code) if kind == 4
        else f" {code}" if kind == 5 else code.lower() + "x"
    )
found = rows_of(frame.resolve(many, db=us))
sample = list(range(0, len(many), 37))
expected = lookup_rows(us, [many[index] for index in sample], [None] * len(sample))
check(
    "60,000 codes (most matched in bulk as stored) are zipgeo_lookup's, code by code",
    same([found[index] for index in sample], expected),
    [(found[index], row) for index, row in zip(sample, expected) if not same([found[index]], [row])][:3],
)
check("every code typed from the data is resolved", sum(row[1] is not None for row in found) == len(many) * 6 // 7
      or abs(sum(row[1] is not None for row in found) - len(many) * 6 / 7) < 10, sum(row[1] is not None for row in found))
check("an empty column gives no rows", rows_of(frame.resolve([], db=us)) == [])

world_typed = ["sw1a 1aa", "SW1A", "DE:10115", "10115", "jp:1000001", "3000", "75075", "2134", "F-75008", "GB:xx"]
for country in (None, "DE", "gb", "Germany", "QQ"):
    found = rows_of(frame.resolve(world_typed, country=country, db=world))
    expected = lookup_rows(world, world_typed, [country] * len(world_typed))
    check(f"on the world's codes, country={country!r}, resolve is zipgeo_lookup", same(found, expected),
          [(a, b) for a, b in zip(found, expected) if not same([a], [b])][:3])
countries = ["GB", None, "DE", "DE", "JP", "AU", "US", "US", "FR", None]
found = rows_of(frame.resolve(world_typed, country=countries, db=world))
check("a country for each code", same(found, lookup_rows(world, world_typed, countries)))
world_codes = [zip_code for (zip_code,) in world.connection.execute("SELECT zip FROM zips WHERE country = 'DE'")]
found = rows_of(frame.resolve(world_codes[:20_000], country="DE", db=world))
expected = lookup_rows(world, world_codes[:20_000:101], ["DE"] * len(world_codes[:20_000:101]))
check("20,000 German codes of a world file are zipgeo_lookup's", same(found[::101], expected))
message = raises(lambda: frame.resolve("75075", db=us), TypeError)
check(f"a lone code is refused, as no column: {message}", message is not None and "column of codes" in message)
message = raises(lambda: frame.resolve(["1", "2"], country=["US"], db=us), ValueError)
check(f"a country column of another length is refused: {message}", message is not None)

# A file changed by another connection after a first read: the codes kept are read again.
folder = tempfile.mkdtemp()
try:
    copy = os.path.join(folder, "copy.db")
    shutil.copy(us_path, copy)
    db = zipgeo_sqlite.connect(copy)
    first = rows_of(frame.resolve(stored, db=db))
    check("a first read finds 75075 in Plano", first[stored.index("75075")][5] == "Plano")
    writer = sqlite3.connect(copy)
    writer.execute("UPDATE zips SET place = 'Plano Renamed' WHERE zip = '75075'")
    writer.commit()
    writer.close()
    again = rows_of(frame.resolve(stored, db=db))
    check("a change another connection committed is seen", again[stored.index("75075")][5] == "Plano Renamed",
          again[stored.index("75075")])
    db.close()
finally:
    shutil.rmtree(folder)

if pandas is not None:
    series = pandas.Series(["75075", "2134", None], index=[10, 20, 30])
    found = frame.resolve(series, db=us)
    check("a Series keeps its index", list(found.index) == [10, 20, 30] and list(found.zip[:2]) == ["75075", "02134"])
    check("lat and lon are float64", str(found.lat.dtype) == "float64" and str(found.lon.dtype) == "float64")

# -- distance -----------------------------------------------------------------------------
count = 1_000_000 if numpy is not None else 100_000
drawn = random.Random(57)
lat1 = [drawn.uniform(-90, 90) for _ in range(count)]
lon1 = [drawn.uniform(-180, 180) for _ in range(count)]
lat2 = [drawn.uniform(-90, 90) for _ in range(count)]
lon2 = [drawn.uniform(-180, 180) for _ in range(count)]
edges = [
    (0.0, 0.0, 0.0, 180.0), (90.0, 0.0, -90.0, 0.0), (90.0, 10.0, 90.0, -170.0), (-90.0, 0.0, -90.0, 45.0),
    (0.0, 180.0, 0.0, -180.0), (0.0, 179.9999, 0.0, -179.9999), (-0.0, -0.0, 0.0, 0.0),
    (33.025, -96.7397, 33.025, -96.7397), (10.0, 1e300, -10.0, -1e300), (0.0, 0.0, 1e-12, 0.0),
    (45.0, 90.0, -45.0, -90.0),
]
for a, b, c, d in edges:
    lat1.append(a)
    lon1.append(b)
    lat2.append(c)
    lon2.append(d)
columns = [numpy.array(column) for column in (lat1, lon1, lat2, lon2)] if numpy is not None else [lat1, lon1, lat2, lon2]
for function, model in (("distance", "sphere"), ("geodesic_distance", "wgs84")):
    for unit in ("km", "mi"):
        if model == "wgs84" and unit == "mi":
            continue
        found = frame.distance(*columns, unit=unit, model=model)
        if numpy is not None:
            check("distance gives a float64 array with numpy", isinstance(found, numpy.ndarray) and found.dtype == "float64")
        found = as_list(found)
        step = 1 if model == "sphere" else 97
        indexes = list(range(0, count, step)) + list(range(count, count + len(edges)))
        expected = [
            plain.execute(f"SELECT {function}(?, ?, ?, ?, ?)", (lat1[i], lon1[i], lat2[i], lon2[i], unit)).fetchone()[0]
            for i in indexes
        ]
        differing = [i for i, value in zip(indexes, expected) if bits(found[i]) != bits(value)]
        check(
            f"{len(indexes):,} {model} distances in {unit} are {function}()'s to the last bit, edges included",
            not differing,
            differing[:3],
        )
found = as_list(frame.distance([40.7484, math.nan, None], [-73.9967, 0.0, 0.0], 33.025, -96.7397))
check("a NaN or None coordinate gives NaN, the others are measured",
      math.isnan(found[1]) and math.isnan(found[2]) and abs(found[0] - 2189.1958) < 0.001, found)
found = as_list(frame.distance(math.nan, 0.0, [1.0, 2.0], 0.0))
check("a NaN for every pair gives NaN for every pair", len(found) == 2 and all(math.isnan(v) for v in found), found)
check("four numbers give one distance", len(as_list(frame.distance(0, 0, 0, 90))) == 1)
check("empty columns give an empty answer", as_list(frame.distance([], [], 0, 0)) == [])
for arguments, kind, words in (
    (([0.0, 95.0], 0, 0, 0), ValueError, "lat1[1] is 95.0, outside [-90, 90]"),
    (([0.0], [1e400], 0, 0), ValueError, "lon1[0] is inf"),
    (([0.0, 1.0], [0.0], 0, 0), ValueError, "different numbers of values"),
    ((["north"], 0, 0, 0), TypeError, "'north'"),
    ((True, 0, 0, 0), TypeError, "bool"),
):
    message = raises(lambda: frame.distance(*arguments), kind)
    check(f"{arguments!r} is refused: {message}", message is not None and words in message, message)
message = raises(lambda: frame.distance(0, 0, 0, 0, unit="parsec"), ValueError)
check(f"an unknown unit is refused: {message}", message is not None and "unknown unit 'parsec'" in message)
message = raises(lambda: frame.distance(0, 0, 0, 0, model="flat"), ValueError)
check(f"an unknown model is refused: {message}", message is not None and "unknown model 'flat'" in message)

# -- nearest ------------------------------------------------------------------------------
points = [(33.02, -96.70), (40.75, -73.99), (90.0, 0.0), (-90.0, 0.0), (0.0, 180.0), (0.0, -180.0), (51.5, -0.12)]
for db, name in ((us, "US"), (world, "world")):
    for k in (1, 5):
        found = frame.nearest(points, k=k, db=db)
        found = list(found.itertuples(index=False, name=None)) if pandas is not None else [tuple(row) for row in found]
        expected = [
            (index,) + row
            for index, (lat, lon) in enumerate(points)
            for row in db.connection.execute(
                "SELECT zip, place, state, county, lat, lon, country, accuracy, distance, state_name, kind"
                " FROM zipgeo_nearest(?, ?, ?)",
                (lat, lon, k),
            )
        ]
        found = [tuple(None if isinstance(v, float) and math.isnan(v) else v for v in row) for row in found]
        check(f"nearest(k={k}) on the {name} file is zipgeo_nearest, poles and the 180th meridian included",
              found == expected, (found[:2], expected[:2]))
found = frame.nearest([(48.8566, 2.3522)], k=3, only_country="FR", db=world)
found = list(found.country) if pandas is not None else [row.country for row in found]
check("only_country keeps the codes of one country", found == ["FR", "FR", "FR"], found)
for wrong, kind in (([(95.0, 0.0)], ValueError), ([(math.nan, 0.0)], ValueError), (["75075"], ValueError),
                    ([(1.0, 2.0, 3.0)], ValueError)):
    message = raises(lambda: frame.nearest(wrong, k=1, db=us), kind)
    check(f"{wrong!r} is refused: {message}", message is not None)
message = raises(lambda: frame.nearest([(0.0, 0.0)], k=True, db=us), TypeError)
check(f"k=True is refused: {message}", message is not None)
if pandas is not None:
    stores = pandas.DataFrame({"lat": [33.02, 40.75], "lon": [-96.70, -73.99]})
    found = frame.nearest(stores, k=1, db=us)
    check("a DataFrame of lat and lon is points", list(found.zip) == ["75026", "10120"], list(found.zip))

# -- within -------------------------------------------------------------------------------
# Centres of the world's codes, ties (two at one point), the poles and the 180th meridian;
# points near them, and on the edges. zipgeo_within around each point over a table of the
# centres is the answer.
drawn = random.Random(58)
sample = world.connection.execute("SELECT lat, lon FROM zips WHERE id % 97 = 0 LIMIT 1500").fetchall()
centres = [(lat, lon) for lat, lon in sample] + [
    (90.0, 0.0), (-90.0, 0.0), (0.0, 180.0), (0.0, -180.0), (0.05, 179.99), (-0.05, -179.99), (89.95, 120.0),
    (sample[0][0], sample[0][1]), (sample[1][0], sample[1][1]),
]
points = [(min(90.0, max(-90.0, lat + drawn.uniform(-0.1, 0.1))), max(-180.0, min(180.0, lon + drawn.uniform(-0.1, 0.1))))
          for lat, lon in (drawn.choice(centres) for _ in range(3000))]
points += [(90.0, 0.0), (-90.0, 90.0), (0.0, 180.0), (0.0, -180.0), (0.0, 179.95), (89.99, -60.0)] + centres[:50]
folder = tempfile.mkdtemp()
try:
    csv_path = os.path.join(folder, "centres.csv")
    with open(csv_path, "w") as out:
        out.write("zip,lat,lon\n")
        for index, (lat, lon) in enumerate(centres):
            out.write(f"C{index},{lat!r},{lon!r}\n")
    centres_db = os.path.join(folder, "centres.db")
    subprocess.run([zipgeo_binary, "import", csv_path, "--db", centres_db, "--quiet"], check=True)
    table = sqlite3.connect(centres_db)
    zipgeo_sqlite.load(table)
    for radius, unit, model in ((10.0, "km", "sphere"), (25.0, "mi", "wgs84"), (300.0, "km", "sphere")):
        expected = []
        for index, (lat, lon) in enumerate(points):
            rows = table.execute(
                "SELECT zip, distance FROM zipgeo_within(?, ?, ?, ?, ?)", (lat, lon, radius, unit, model)
            ).fetchall()
            expected += [(index, int(zip_code[1:]), distance) for zip_code, distance in rows]
        arguments = {"km": radius} if unit == "km" else {"mi": radius}
        found = frame.within(points, centres, model=model, **arguments)
        found = list(found.itertuples(index=False, name=None)) if pandas is not None else [tuple(row) for row in found]
        key = lambda row: (row[0], row[1])  # noqa: E731
        same_pairs = sorted(map(key, found)) == sorted(map(key, expected))
        distances = {key(row): bits(row[2]) for row in expected}
        same_distances = same_pairs and all(distances[key(row)] == bits(row[2]) for row in found)
        ordered = found == sorted(found, key=lambda row: (row[0], row[2], row[1]))
        check(
            f"within {radius} {unit} ({model}): zipgeo_within's {len(expected):,} pairs, distances to the bit, ordered",
            same_pairs and same_distances and ordered and len(expected) > len(points) // 2,
            (len(found), len(expected), sorted(set(map(key, found)) ^ set(map(key, expected)))[:3]),
        )
    table.close()
finally:
    shutil.rmtree(folder)
check("no points give no pairs", len(frame.within([], centres, km=10)) == 0)
for wrong, kind in ((([(95.0, 0.0)], centres), ValueError), (([(0.0, 190.0)], centres), ValueError),
                    (([(0.0, 0.0)], [(0.0, 0.0)], "x"), TypeError)):
    message = raises(lambda: frame.within(wrong[0], wrong[1], km=wrong[2] if len(wrong) > 2 else 10), kind)
    check(f"{wrong!r} is refused: {message}", message is not None)
message = raises(lambda: frame.within([(0.0, 0.0)], [(0.0, 0.0)], km=-1), ValueError)
check(f"a negative radius is refused: {message}", message is not None and "radius" in message)
found = frame.within([(0.0, math.nan), (0.0, 0.0)], [(0.0, 0.0), (math.nan, 0.0)], km=1)
found = list(found.itertuples(index=False, name=None)) if pandas is not None else [tuple(row) for row in found]
check("a point or centre with a NaN is in no pair", found == [(1, 0, 0.0)], found)

finish()
