"""zipgeo_sqlite's plain API (connect, lookup, distance, near, nearest, search) as a user calls it.

Usage: /usr/bin/python3 api.py PATH/TO/libZipgeo PYTHON_FOLDER US_DB WORLD_DB
  PYTHON_FOLDER: the repository's python/, whose zipgeo_sqlite is imported with its extension
  taken from PATH/TO/libZipgeo (the wheel puts it beside the module); US_DB: an import of
  data/zips.csv; WORLD_DB: an import of data/world.txt.xz.
Standard library only: it runs without pandas. Prints one line per check, then "N passed, M failed".
"""
import math
import os
import sqlite3
import sys
import tempfile

library, python_folder, us_path, world_path = sys.argv[1:5]
sys.path.insert(0, python_folder)
import zipgeo_sqlite  # noqa: E402

zipgeo_sqlite.loadable_path = lambda: library
from checks import check, raises, finish  # noqa: E402


def queries_run(db, call):
    """What call() returns, and how many queries it ran of zipgeo's table functions (not counting
    those the functions themselves run on the connection, which the trace shows too)."""
    run = []
    db.connection.set_trace_callback(run.append)
    try:
        answer = call()
    finally:
        db.connection.set_trace_callback(None)
    return answer, len([sql for sql in run if any(name in sql for name in _COUNTED)])


_COUNTED = ("zipgeo_lookup(", "distance(", "zipgeo_distances(", "zipgeo_codes(")


PLANO = zipgeo_sqlite.PostalCode(
    zip="75075", place="Plano", state="TX", county="Collin", lat=33.025, lon=-96.7397, country="US",
    accuracy=None, state_name="Texas", kind="area", places=1, place_names="Plano", resolution="as written",
)

us = zipgeo_sqlite.connect(us_path)

# -- one code -----------------------------------------------------------------------------
check("lookup gives a code's row", us.lookup("75075") == PLANO, us.lookup("75075"))
found = us.lookup("75075-1234")
check("a ZIP+4 is its zip, coarser", found == PLANO._replace(resolution="coarser"), found)
for typed in (2134, "2134", 2134.0):
    found = us.lookup(typed)
    check(
        f"{typed!r}, which lost its leading zero, is 02134",
        found is not None and (found.zip, found.place, found.resolution) == ("02134", "Allston", "leading zeros"),
        found,
    )
check("spaces around a code are left out", us.lookup("  75075 ") == PLANO, us.lookup("  75075 "))
for nothing in ("nowhere", "", "   ", None, math.nan, float("inf"), 2134.5, "00000"):
    check(f"{nothing!r} is no code: None", us.lookup(nothing) is None, us.lookup(nothing))
for text in ("日本", "７５０７５", "75075\x00", "\x0075075", "\ud83d", "75075\u200b"):
    check(f"odd text {text!r} is no code, and no error", us.lookup(text) is None, us.lookup(text))
for wrong in (True, b"75075", object(), [["75075"]]):
    message = raises(lambda: us.lookup(wrong), TypeError)
    check(f"{type(wrong).__name__} is refused: {message}", message is not None and "not a postal code" in message)

# -- many codes ---------------------------------------------------------------------------
codes = ["75075", "nowhere", "", None, math.nan, 75075, "75075-1234", 2134, "  75075 "]
found = us.lookup(codes)
check(
    "a list gives a row or None for each code, in order",
    found == [PLANO, None, None, None, None, PLANO, PLANO._replace(resolution="coarser"), us.lookup(2134), PLANO],
    found,
)
check("a tuple is a list of codes too", us.lookup(("75075", 75075)) == [PLANO, PLANO])
check("an empty list gives an empty list", us.lookup([]) == [])
check("one code in a list gives a list", us.lookup(["75075"]) == [PLANO])
check(
    "a country for all codes, or one for each",
    us.lookup(["75075", "2134"], "US") == [PLANO, us.lookup(2134)]
    and us.lookup(["75075", "75075"], ["US", "DE"]) == [PLANO, None],
)
check("a country list of another length is refused", raises(lambda: us.lookup(["1", "2"], ["US"]), ValueError))

stored = [code for (code,) in us.connection.execute("SELECT zip FROM zips ORDER BY zip")]
many = []
for index in range(100_000):
    code = stored[(index * 7919) % len(stored)]
    kind = index % 5
    many.append(
        code if kind == 0 else f"{code}-{index % 10_000:04d}" if kind == 1 else int(code) if kind == 2
        else f"x{code}" if kind == 3 else f" {code} "
    )
found, statements = queries_run(us, lambda: us.lookup(many))
check(
    f"100,000 codes take at most three queries: codes as stored, the others, the states' names: {statements}",
    statements <= 3,
    statements,
)
check("100,000 codes give 100,000 answers", len(found) == 100_000, len(found))
expected_zip = [None if index % 5 == 3 else stored[(index * 7919) % len(stored)] for index in range(100_000)]
check(
    "each of the 100,000 is the code written, or None (x-prefixed codes)",
    [row.zip if row else None for row in found] == expected_zip,
)
sample = list(range(0, 100_000, 997))
one_by_one = [us.lookup(many[index]) for index in sample]
check(
    "a code in a list is what it is alone, state name included",
    [found[index] for index in sample] == one_by_one,
    [(found[index], alone) for index, alone in zip(sample, one_by_one) if found[index] != alone][:2],
)

# -- distances ----------------------------------------------------------------------------
sql_distance = us.connection.execute(
    "SELECT distance(a.lat, a.lon, b.lat, b.lon) FROM zipgeo_lookup('75075') a, zipgeo_lookup('10001') b"
).fetchone()[0]
check("distance between two codes is SQL's distance()", us.distance("75075", "10001") == sql_distance)
check(
    "distance between points is SQL's, as docs/sql.md shows it",
    us.distance((33.025, -96.7397), (40.7484, -73.9967)) == 2189.19581648223,
)
check("distance of a code to itself is 0.0", us.distance("75075", "75075-1234") == 0.0)
check("distance in miles", us.distance((33.025, -96.7397), (40.7484, -73.9967), unit="mi") == 1360.303214528547)
pairs = us.distance(["75075", "nowhere", "02134"], ["10001", "10001", None])
check(
    "distances pair by pair, NaN where a code is unknown",
    pairs[0] == sql_distance and math.isnan(pairs[1]) and math.isnan(pairs[2]),
    pairs,
)
against = us.distance("10001", ["75075", 2134, "nowhere"])
check(
    "one code against each of a list",
    against[0] == sql_distance and against[1] == us.distance("10001", "02134") and math.isnan(against[2]),
    against,
)
check("an unknown code's distance is NaN", math.isnan(us.distance("75075", "nowhere")))
check("a NaN point's distance is NaN", math.isnan(us.distance((math.nan, 0.0), "75075")))
message = raises(lambda: us.distance(["1", "2"], ["1", "2", "3"]), ValueError)
check(f"lists of two lengths are refused: {message}", message is not None and "2 and 3" in message)
message = raises(lambda: us.distance("75075", "10001", unit="parsec"), ValueError)
check(f"an unknown unit is zipgeo's error: {message}", message is not None and "unknown unit 'parsec'" in message)
check("the unit is checked when no code is known", raises(lambda: us.distance("x", "y", unit="parsec"), ValueError))
_, statements = queries_run(us, lambda: us.distance(many[:50_000], many[50_000:]))
check(
    f"50,000 distances take at most three queries, the codes as stored, the others, the distances: {statements}",
    statements <= 3,
    statements,
)

# -- searches -----------------------------------------------------------------------------
near = us.near("75075", km=10)
readme = ["75075", "75023", "75026", "75086", "75093", "75074", "75252", "75025", "75080", "75082", "75024", "75248",
          "75287", "75081"]
check("near gives zipgeo_near's rows, nearest first, as README shows", [row.zip for row in near] == readme, near)
check("near's distances are in km", near[1].distance == us.distance("75075", "75023") and near[0].distance == 0.0)
check("near's radius in miles", [row.zip for row in us.near("75075", mi=10 / 1.609344)] == readme)
check("near of a ZIP+4", [row.zip for row in us.near("75075-1234", km=10)] == readme)
check("near of a code that lost its zeros", us.near(2134, km=1)[0].zip == "02134", us.near(2134, km=1)[:1])
lists = us.near(["75075", "nowhere", "75075"], km=4)
check("near of a list: a list for each code, None where it is unknown", lists == [near[:4], None, near[:4]], lists)
message = raises(lambda: us.near("nowhere", km=1), zipgeo_sqlite.UnknownCode)
check(f"near of one unknown code raises UnknownCode: {message}", message == "zip code 'nowhere' is not in the zips table")
check("UnknownCode is a LookupError", issubclass(zipgeo_sqlite.UnknownCode, LookupError))
message = raises(lambda: us.near("75075", km=-1), ValueError)
check(f"a negative radius is zipgeo's error: {message}", message is not None and message.startswith("zipgeo_near(): radius"))
check("near needs km= or mi=", raises(lambda: us.near("75075"), TypeError) and raises(lambda: us.near("75075", 1, mi=1), TypeError))

nearest = us.nearest((64.8378, -147.7164), k=3)
check(
    "nearest a point, as docs/sql.md shows it",
    [(row.zip, row.place, row.state, round(row.distance, 1)) for row in nearest]
    == [("99701", "Fairbanks", "AK", 0.0), ("99707", "Fairbanks", "AK", 0.0), ("99710", "Fairbanks", "AK", 0.0)],
    nearest,
)
check("nearest a code is nearest its centre", [row.zip for row in us.nearest("75075", k=3)] == readme[:3])
mixed = us.nearest([(33.025, -96.7397), "nowhere", "10001"], k=1)
check(
    "nearest of a list of points and codes",
    [None if rows is None else [row.zip for row in rows] for rows in mixed] == [["75075"], None, ["10001"]],
    mixed,
)
message = raises(lambda: us.nearest((100.0, 0.0)), ValueError)
check(f"a latitude of 100 is zipgeo's error: {message}", message is not None and "outside [-90, 90]" in message)
check("a NaN centre is refused", raises(lambda: us.nearest((math.nan, 0.0)), ValueError))
check("nearest of one unknown code raises UnknownCode", raises(lambda: us.nearest("nowhere"), zipgeo_sqlite.UnknownCode))

places = us.search("plano", limit=3)
check(
    "search gives zipgeo_search's rows",
    [(row.zip, row.place, row.state, row.match) for row in places]
    == [("75023", "Plano", "TX", "exact"), ("75024", "Plano", "TX", "exact"), ("75025", "Plano", "TX", "exact")],
    places,
)
check("search of a name with no letter is zipgeo's error", raises(lambda: us.search("--"), ValueError))

# -- the database -------------------------------------------------------------------------
check("countries of the database", us.countries() == ["US"], us.countries())
message = raises(lambda: us.connection.execute("CREATE TABLE mine (x)"), sqlite3.OperationalError)
check(f"the database is opened read-only: {message}", message is not None and "readonly" in message)
folder = tempfile.mkdtemp(prefix="zipgeo-api-")
missing = os.path.join(folder, "missing.db")
message = raises(lambda: zipgeo_sqlite.connect(missing), zipgeo_sqlite.DatabaseNotFound)
check(f"a path with no file: {message}", message == f"no zipgeo database at {missing}")
check("DatabaseNotFound is a FileNotFoundError", issubclass(zipgeo_sqlite.DatabaseNotFound, FileNotFoundError))
check("no file is made where none was", not os.path.exists(missing))
message = raises(lambda: zipgeo_sqlite.connect(folder), zipgeo_sqlite.DatabaseNotFound)
check(f"a folder: {message}", message == f"{folder} (the path given) is a folder, not a zipgeo database")
text = os.path.join(folder, "notes.txt")
with open(text, "w") as f:
    f.write("not a database, but long enough to be read as one's header. " * 10)
message = raises(lambda: zipgeo_sqlite.connect(text), ValueError)
check(f"a file that is no database: {message}", message == f"{text} (the path given) is not a zipgeo database: file is not a database")
other = os.path.join(folder, "other.db")
sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.close()
message = raises(lambda: zipgeo_sqlite.connect(other), ValueError)
check(f"a database of no zips: {message}", message is not None and "it has no zips table" in message)
os.environ["ZIPGEO_DB"] = missing
message = raises(zipgeo_sqlite.connect, zipgeo_sqlite.DatabaseNotFound)
check(f"$ZIPGEO_DB names a missing file: {message}", message == f"no zipgeo database at {missing}, which $ZIPGEO_DB names")
os.environ["ZIPGEO_DB"] = us_path
with zipgeo_sqlite.connect() as db:
    check("connect() opens $ZIPGEO_DB", (db.path, db.chosen_by, db.lookup("75075")) == (us_path, "$ZIPGEO_DB", PLANO))
check("with closes the connection", raises(lambda: db.connection.execute("SELECT 1"), sqlite3.ProgrammingError))
odd = os.path.join(folder, "a ?#% name.db")
os.symlink(us_path, odd)
check("a path with ?, # and % in its name", zipgeo_sqlite.connect(odd).lookup("75075") == PLANO)
check("importing zipgeo_sqlite and looking codes up imports no pandas", "pandas" not in sys.modules)

# -- the world ----------------------------------------------------------------------------
world = zipgeo_sqlite.connect(world_path)
found = world.lookup("sw1a 1aa")
check("GB's full code is its outward code", (found.zip, found.country, found.place, found.resolution) == ("SW1A", "GB", "Westminster Abbey", "coarser"), found)
found = world.lookup("1000001", "jp")
check("JP's code without its hyphen, normalised", (found.zip, found.country, found.resolution) == ("100-0001", "JP", "normalised"), found)
found = world.lookup("DE:01945")
check(
    "a code of nine places: their mean, their names",
    (found.places, found.place, round(found.lat, 4), round(found.lon, 4), found.place_names.split(", ")[:2])
    == (9, None, 51.4198, 13.8781, ["Grünewald", "Tettau"]),
    found,
)
check("a code of several countries, no home: None", world.lookup("3000") is None)
pair = world.lookup(["3000", "3000"], ["AU", "CH"])
check("a country for each code", [(row.country, row.state_name) for row in pair] == [("AU", "Victoria"), ("CH", "Canton de Berne")], pair)
sample = [f"{country}:{code}" for code, country in world.connection.execute("SELECT zip, country FROM zips WHERE id % 601 = 0")]
together = world.lookup(sample)
alone = [world.lookup(code) for code in sample]
check(
    f"{len(sample)} codes of {len({row.country for row in alone if row})} countries: the same in a list as alone, state names included",
    together == alone,
    [(a, b) for a, b in zip(together, alone) if a != b][:2],
)
check("places named in any case and without diacritics", [row.zip for row in world.search("MUNCHEN", "DE", limit=2)] == ["80331", "80333"])
nearest = world.nearest((47.56, 7.59), k=2, only_country="DE")
check("nearest of one country", [(row.zip, round(row.distance, 2)) for row in nearest] == [("79574", 3.61), ("79574", 4.0)], nearest)

finish()
