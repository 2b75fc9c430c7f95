"""zipgeo_sqlite.pgeocode against pgeocode 0.5.0: its documented behaviour, its README's examples,
its columns and dtypes, and its answers on the same data, on US, FR, DE, GB and JP codes; and the
plain API's DataFrames (as_frame=True), which need pandas too.

Usage: python3 pgeocode_layer.py PATH/TO/libZipgeo PYTHON_FOLDER WORLD_DB
  (a python3 with pandas; WORLD_DB: an import of data/world.txt.xz)
Prints one line per check, then "N passed, M failed".

PGEOCODE holds pgeocode 0.5.0's answers (pandas 3.1.1), recorded on the same GeoNames rows as
the world database's: each country's rows of data/world.txt.xz, handed to pgeocode as the file it
downloads (pgeocode.DOWNLOAD_URL = ["file:///.../{country}.txt"], PGEOCODE_DATA_DIR a new
folder), then `Nominatim(country).query_postal_code(codes)`, row by row, NaN as "nan".
"""
import math
import sys

library, python_folder, world_path = sys.argv[1:4]
sys.path.insert(0, python_folder)
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

import zipgeo_sqlite  # noqa: E402

zipgeo_sqlite.loadable_path = lambda: library
import zipgeo_sqlite.pgeocode as pgeocode  # noqa: E402

from checks import check, raises, finish  # noqa: E402


def same(a, b):
    """Equal, NaN equal to NaN (pgeocode's "nan" as recorded)."""
    a = math.nan if a == "nan" else a
    b = math.nan if b == "nan" else b
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    return a == b


def metres(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * 6371008.8 * math.asin(math.sqrt(h))


# pgeocode's README lists these columns, in this order (query_postal_code puts postal_code first).
README_COLUMNS = [
    "country_code", "postal_code", "place_name", "state_name", "state_code", "county_name", "county_code",
    "community_name", "community_code", "latitude", "longitude", "accuracy",
]
ANSWER_COLUMNS = ["postal_code"] + [name for name in README_COLUMNS if name != "postal_code"]

PGEOCODE = {
    "US": {
        "75075": ["75075", "US", "Plano", "Texas", "TX", "Collin", 85.0, "nan", "nan", 33.025, -96.7397, 4.0],
        "02134": ["02134", "US", "Allston", "Massachusetts", "MA", "Suffolk", 25.0, "nan", "nan", 42.3535, -71.1329, 4.0],
        "96863": ["96863", "US", "Mcbh Kaneohe Bay, FPO AA", "Hawaii", "HI", "Honolulu", 3.0, "nan", "nan", 21.38325, -157.81785000000002, 1.0],
        "75075-1234": ["75075-1234"] + ["nan"] * 11,
        "2134": ["2134"] + ["nan"] * 11,
        "nowhere": ["NOWHERE"] + ["nan"] * 11,
    },
    "FR": {
        "75013": ["75013", "FR", "Paris, Paris 13", "Île-de-France", 11.0, "Paris", "nan", "Paris", "nan", 48.8428, 2.35245, 5.0],
        "69006": ["69006", "FR", "Lyon, Lyon 06", "Auvergne-Rhône-Alpes", 84.0, "Rhône", "nan", "Lyon", "nan", 45.7582, 4.84865, 5.0],
        "45480": ["45480", "FR", "Léouville, Chaussy, Guignonville, Boisseaux, Autruy-sur-Juine, Erceville, Jouy-en-Pithiverais, Châtillon-le-Roi, Andonville, Bazoches-les-Gallerandes, Greneville-en-Beauce, Charmont-en-Beauce, Outarville", "Centre-Val de Loire", 24.0, "Loiret", "nan", "Pithiviers", "nan", 48.20998461538462, 2.064246153846154, 5.0],
        "63700": ["63700", "FR", "Lapeyrouse, Saint-Éloy-les-Mines, La Crouzille, Montaigut, Montaigut, Montaigut, Buxières-sous-Montaigut, Ars-les-Favets, Durmignat, Buxières-sous-Montaigut, Youx, Moureuille", "Auvergne-Rhône-Alpes", 84.0, "Puy-de-Dôme", "nan", "Riom", "nan", 46.136374999999994, 2.880266666666667, 5.0],
        "97133": ["97133"] + ["nan"] * 11,
    },
    "DE": {
        "01945": ["01945", "DE", "Grünewald, Tettau, Guteborn, Hohenbocka, Hermsdorf, Kroppen, Ruhland, Lindenau, Schwarzbach", "Brandenburg", "BB", "nan", 0.0, "Landkreis Oberspreewald-Lausitz", 12066.0, 51.41971111111111, 13.878122222222222, 4],
        "10115": ["10115", "DE", "Berlin", "Berlin", "BE", "nan", 0.0, "Berlin, Stadt", 11000.0, 52.5323, 13.3846, 6],
    },
    "GB": {
        "SW1A 1AA": ["SW1A", "GB", "Westminster Abbey", "England", "ENG", "Greater London", "11609024", "nan", "nan", 51.5018, -0.1328, 1.0],
        "sw1a1aa": ["SW1A1AA"] + ["nan"] * 11,
        "EC1A": ["EC1A", "GB", "London", "England", "ENG", "Greater London", "11609024", "nan", "nan", 51.5085, -0.1257, 4.0],
        "ZZ 9": ["ZZ"] + ["nan"] * 11,
        "JE4": ["JE4", "GB", "Jersey", "nan", "L93000001", "nan", "L99999999", "nan", "L99999999", 49.2167, -2.1167, 0.0],
    },
    "JP": {
        "100-0001": ["100-0001", "JP", "Chiyoda", "Tokyo To", 40.0, "Chiyoda Ku", "nan", "nan", "nan", 35.6841, 139.7521, 0.0],
        "1000001": ["1000001"] + ["nan"] * 11,
        "060-8512": ["060-8512", "JP", "Minami1-Jonishi, Minami1-Jonishi, Minami1-Jonishi, Minami1-Jonishi, Minami1-Jonishi", "Hokkaido", 12.0, "Sapporo Shi ", "nan", "nan", "nan", 43.0384, 141.3021, 0.0],
    },
}
# The dtypes of those answers (pandas 3: "str" for text), by country.
PGEOCODE_DTYPES = {
    "US": {"state_code": "str", "county_code": "float64", "community_name": "str", "community_code": "float64", "accuracy": "float64"},
    "FR": {"state_code": "float64", "county_code": "float64", "community_name": "str", "community_code": "float64", "accuracy": "float64"},
    "DE": {"state_code": "str", "county_code": "float64", "community_name": "str", "community_code": "float64", "accuracy": "int64"},
    "GB": {"postal_code": "object", "state_code": "str", "county_code": "str", "community_name": "str", "community_code": "str", "accuracy": "float64"},
    "JP": {"state_code": "float64", "county_code": "float64", "community_name": "str", "community_code": "float64", "accuracy": "float64"},
}
# pgeocode's accuracy is float64 for a NaN row (JP's 1000001): zipgeo finds every JP code asked.
PGEOCODE_DTYPES["JP"]["accuracy"] = "int64"
# Codes pgeocode cannot read and zipgeo resolves, and the code each is.
RESOLVED = {"75075-1234": "75075", "2134": "02134", "sw1a1aa": "SW1A 1AA", "1000001": "100-0001"}
# A code whose file repeats a place (rows of the same name: Montaigut three times, one of them
# 63 km from the others), which zipgeo keeps once: pgeocode's mean counts every row.
REPEATED_FAR_APART = {"63700"}

text = pd.Series(["text"]).dtype
world = zipgeo_sqlite.connect(world_path)

for country, answers in PGEOCODE.items():
    nomi = pgeocode.Nominatim(country.lower(), database=world)
    codes = list(answers)
    frame = nomi.query_postal_code(codes)
    check(f"{country}: a list gives a DataFrame of a row for each code, in order", isinstance(frame, pd.DataFrame) and len(frame) == len(codes) and list(frame.index) == list(range(len(codes))))
    check(f"{country}: pgeocode's columns, in its order", list(frame.columns) == ANSWER_COLUMNS, list(frame.columns))
    # pgeocode's dtypes, but for the columns zipgeo does not keep, NaN (float64) here.
    expected = {name: str(text) for name in ANSWER_COLUMNS} | {"latitude": "float64", "longitude": "float64"} | PGEOCODE_DTYPES[country]
    expected |= {"county_code": "float64", "community_name": "float64", "community_code": "float64"}
    if str(text) == "object":  # pandas 2, which read text as object: pgeocode's "str" is object there
        expected = {name: "object" if dtype == "str" else dtype for name, dtype in expected.items()}
    got = {name: str(dtype) for name, dtype in frame.dtypes.items()}
    check(f"{country}: pgeocode's dtypes", got == expected, {k: (got[k], expected[k]) for k in got if got[k] != expected[k]})
    for index, code in enumerate(codes):
        row = frame.iloc[index]
        theirs = dict(zip(ANSWER_COLUMNS, answers[code]))
        if code in RESOLVED:
            alone = nomi.query_postal_code(RESOLVED[code])
            check(f"{country}: {code!r}, NaN in pgeocode, is {RESOLVED[code]}", all(same(row[n], alone[n]) for n in ANSWER_COLUMNS), row.to_dict())
            continue
        if theirs["country_code"] == "nan":
            check(
                f"{country}: unknown {code!r} is NaN, shown as pgeocode shows it ({theirs['postal_code']!r})",
                row["postal_code"] == theirs["postal_code"] and all(same(row[n], "nan") for n in ANSWER_COLUMNS[1:]),
                row.to_dict(),
            )
            continue
        for name in ("postal_code", "country_code", "state_name", "state_code", "accuracy"):
            check(f"{country} {code}: {name} as pgeocode's", same(row[name], theirs[name]), (row[name], theirs[name]))
        names = ", ".join(dict.fromkeys(theirs["place_name"].split(", ")))
        check(f"{country} {code}: place_name as pgeocode's, each place once", row["place_name"] == names, row["place_name"])
        # zipgeo's county is GeoNames' admin_name2, or admin_name3 where admin_name2 is empty
        # (pgeocode's community_name), without spaces around.
        county = theirs["county_name"] if theirs["county_name"] != "nan" else theirs["community_name"]
        check(f"{country} {code}: county_name is GeoNames' county", same(row["county_name"], county.strip() if county != "nan" else county), (row["county_name"], county))
        check(f"{country} {code}: the codes zipgeo does not keep are NaN", all(same(row[n], "nan") for n in ("county_code", "community_name", "community_code")))
        sql = world.connection.execute("SELECT lat, lon FROM zipgeo_lookup(?, ?)", (code, country)).fetchone()
        check(f"{country} {code}: latitude, longitude are zipgeo_lookup's centre", (row["latitude"], row["longitude"]) == sql)
        apart = metres(row["latitude"], row["longitude"], theirs["latitude"], theirs["longitude"])
        if code in REPEATED_FAR_APART:
            check(f"{country} {code}: a centre without the repeated places' rows: {apart:.0f} m from pgeocode's", apart > 1)
        else:
            check(f"{country} {code}: the centre within 10 m of pgeocode's mean: {apart:.3f} m", apart < 10)
    single = nomi.query_postal_code(codes[0])
    theirs = PGEOCODE[country][codes[0]]
    check(f"{country}: one code gives a Series of objects named 0, as pgeocode's", isinstance(single, pd.Series) and single.dtype == object and single.name == 0 and list(single.index) == ANSWER_COLUMNS)
    check(f"{country}: the Series is the DataFrame's first row", all(same(single[n], frame.iloc[0][n]) for n in ANSWER_COLUMNS))
    kinds = {name: type(single[name]).__name__ for name in ANSWER_COLUMNS}
    check(
        f"{country}: the Series' values are of pgeocode's types",
        kinds["latitude"] == kinds["longitude"] == "float64" and kinds["accuracy"] == "int64" and kinds["postal_code"] == "str"
        and kinds["state_code"] == ("float64" if isinstance(theirs[4], float) else "str"),
        kinds,
    )

# -- what pgeocode's README shows --------------------------------------------------------
nomi = pgeocode.Nominatim("fr", database=world)
series = nomi.query_postal_code("75013")
check("README: Nominatim('fr').query_postal_code('75013') is Paris 13's", (series.postal_code, series.place_name, series.state_name, series.state_code, series.county_name) == ("75013", "Paris, Paris 13", "Île-de-France", 11.0, "Paris"), series)
frame = nomi.query_postal_code(["75013", "69006"])
check("README: two codes, two rows", frame[["postal_code", "place_name", "state_name"]].values.tolist() == [["75013", "Paris, Paris 13", "Île-de-France"], ["69006", "Lyon, Lyon 06", "Auvergne-Rhône-Alpes"]])
dist = pgeocode.GeoDistance("fr", database=world)
one = dist.query_postal_code("75013", "69006")
check(f"README: GeoDistance('fr').query_postal_code('75013', '69006') is a numpy float64 in km: {one!r}", isinstance(one, np.float64) and abs(one - 391.1945738124386) < 1e-3)
three = dist.query_postal_code(["75013", "75014", "75015"], ["69006", "69005", "69004"])
check(f"README: three pairs give an array: {three!r}", isinstance(three, np.ndarray) and three.shape == (3,) and np.allclose(three, [391.1945738124386, 391.67923449049954, 391.86183776579213], atol=1e-3, rtol=0))
check("README: haversine_distance of its coordinates gives its 389.156", abs(pgeocode.haversine_distance([[48.8322, 2.3561]], [[45.7679, 4.8506]])[0] - 389.15648697) < 1e-8)
us = pgeocode.GeoDistance("us", database=world)
check("GeoDistance of two single places is pgeocode's haversine on 6371.009 km, to 1e-12", abs(us.query_postal_code("75075", "10001") / 2189.1958852059083 - 1) < 1e-12)
many = us.query_postal_code(["75075", "02134", "nowhere", "2134"], "10001")
check(f"one code against many, NaN for an unknown code: {many!r}", np.allclose(many[:2], [2189.1958852059083, 297.7060031030849], rtol=1e-12) and math.isnan(many[2]) and many[3] == many[1])
check("a list of one is measured against each of the other list", us.query_postal_code(["10001"], ["75075", "02134"]).shape == (2,))
message = raises(lambda: us.query_postal_code(["1", "2"], ["1", "2", "3"]), ValueError)
check(f"lists of two lengths: pgeocode's error: {message}", message == "x and y must have the same number of elements")
check("an int code is a code", same(us.query_postal_code(75075, "75075"), 0.0) and nomi.query_postal_code(75013).postal_code == "75013")

places = nomi.query_location("Antibes", top_k=3)
check("query_location gives pgeocode's columns, in its data's order", list(places.columns) == README_COLUMNS, list(places.columns))
check("query_location('Antibes', top_k=3) gives pgeocode's three places", places[["postal_code", "place_name", "latitude", "longitude"]].values.tolist() == [["06160", "Antibes", 43.5813, 7.1249], ["06600", "Antibes", 43.5813, 7.1249], ["06601 CEDEX", "Antibes", 43.5813, 7.1249]], places)
empty = nomi.query_location("Qwxzyt")
check("no place of that name: an empty DataFrame of pgeocode's columns", empty.empty and list(empty.columns) == README_COLUMNS)
check("a typo only with fuzzy_threshold", nomi.query_location("Strasbourgg").empty and set(nomi.query_location("Strasbourgg", fuzzy_threshold=80).place_name) == {"Strasbourg"})
check("a name with no letter: no place", nomi.query_location("--").empty)
check("top_k caps the rows", len(nomi.query_location("Paris", top_k=5)) == 5)
check("another column to search is refused", raises(lambda: nomi.query_location("x", col="state_name"), ValueError))

places = pgeocode.Nominatim("de", unique=False, database=world).query_postal_code(["01945", "nope"])
check("unique=False: a row a place, in the file's order, then NaN for an unknown code", places[["postal_code", "place_name", "latitude", "longitude"]].values.tolist()[:3] == [["01945", "Grünewald", 51.4, 14.0], ["01945", "Tettau", 51.4333, 13.7333], ["01945", "Guteborn", 51.4167, 13.9333]] and len(places) == 10 and places.iloc[9].postal_code == "NOPE" and math.isnan(places.iloc[9].latitude), places)
check("unique=False, one code: a DataFrame", isinstance(pgeocode.Nominatim("de", unique=False, database=world).query_postal_code("01945"), pd.DataFrame))

# -- what pgeocode accepts, and what it does not ------------------------------------------
given = pd.DataFrame({"customer": ["Ada", "Bob"], "postal_code": ["75013", "nowhere"]})
answer = nomi.query_postal_code(given)
check("a DataFrame's other columns are kept", list(answer.columns) == ["postal_code", "customer"] + ANSWER_COLUMNS[1:] and answer.customer.tolist() == ["Ada", "Bob"] and answer.postal_code.tolist() == ["75013", "NOWHERE"], answer)
check("the DataFrame given is left as it was", given.postal_code.tolist() == ["75013", "nowhere"])
places = pgeocode.Nominatim("fr", unique=False, database=world).query_postal_code(given)
rows = places[["postal_code", "customer", "place_name"]].values.tolist()
check(
    "unique=False: a DataFrame's row beside each of its code's places",
    rows[:2] == [["75013", "Ada", "Paris"], ["75013", "Ada", "Paris 13"]] and rows[2][:2] == ["NOWHERE", "Bob"]
    and len(rows) == 3 and math.isnan(rows[2][2]),
    places,
)
check("a code of another country is NaN in GeoDistance too", math.isnan(dist.query_postal_code("DE:10115", "75013")))
check("a named pandas Series (pgeocode answers an empty frame)", nomi.query_postal_code(pd.Series(["75013"], name="cp")).postal_code.tolist() == ["75013"])
check("a numpy array", nomi.query_postal_code(np.array(["75013", "69006"])).place_name.tolist() == ["Paris, Paris 13", "Lyon, Lyon 06"])
check("a list of ints (pgeocode raises AttributeError)", pgeocode.Nominatim("us", database=world).query_postal_code([75075, 2134]).postal_code.tolist() == ["75075", "02134"])
odd = pgeocode.Nominatim("us", database=world).query_postal_code([None, math.nan, "", "日本", 2134.0])
check(
    "None, NaN, '' and unicode are NaN rows, shown as pgeocode shows them; 2134.0 is 02134",
    all(same(a, b) for a, b in zip(odd.postal_code, ["nan", "nan", "", "日本", "02134"]))
    and odd.latitude.isna().tolist() == [True, True, True, True, False],
    odd,
)
check("an empty list: an empty DataFrame of pgeocode's columns", nomi.query_postal_code([]).empty and list(nomi.query_postal_code([]).columns) == ANSWER_COLUMNS)
check("a code of another country is NaN here", math.isnan(nomi.query_postal_code("DE:10115").latitude))
message = raises(lambda: pgeocode.Nominatim("xx", database=world), ValueError)
check(f"a country the database lacks: {message}", message is not None and message.startswith("country=XX is not a known country code: the zipgeo database"))

codes = [code for (code,) in world.connection.execute("SELECT zip FROM zips WHERE country = 'US'")]
many = [codes[(index * 7919) % len(codes)] + ("-1234" if index % 10 == 0 else "") for index in range(100_000)]
run = []
world.connection.set_trace_callback(run.append)
frame = pgeocode.Nominatim("us", database=world).query_postal_code(many)
world.connection.set_trace_callback(None)
lookups = [sql for sql in run if "zipgeo_lookup(" in sql]
check(f"100,000 codes: one query, and one for the states' names: {len(lookups)}", len(lookups) == 2, lookups)
check("100,000 codes: 100,000 rows, each found, ZIP+4 too", len(frame) == 100_000 and frame.latitude.notna().all() and frame.postal_code[0] == codes[0])

# -- the plain API's DataFrames (as_frame=True), which need pandas too ---------------------
frame = world.lookup(["US:75075", "nowhere", 2134, None], "US", as_frame=True)
check(
    "lookup(as_frame=True): the codes as given, then PostalCode's fields, a NaN row for an unknown code",
    list(frame.columns) == ["code"] + list(zipgeo_sqlite.PostalCode._fields)
    and frame.zip.tolist()[0::2] == ["75075", "02134"] and frame.zip.isna().tolist() == [False, True, False, True]
    and frame.code.tolist()[:3] == ["US:75075", "nowhere", 2134] and str(frame.lat.dtype) == "float64",
    frame,
)
check("lookup of a pandas Series", world.lookup(pd.Series(["SW1A 1AA", "EC1A"]), "GB", as_frame=True).zip.tolist() == ["SW1A", "EC1A"])
check("lookup of numpy ints", [row.zip for row in world.lookup(np.array([75075, 2134]), "US")] == ["75075", "02134"])
near = world.near(["US:75075", "nowhere"], km=3, as_frame=True)
check("near(as_frame=True) of a list: a row a code found, the centre as given", near[["code", "zip", "distance"]].values.tolist()[0] == ["US:75075", "75075", 0.0] and near.code.tolist()[-1] == "nowhere" and math.isnan(near.distance.tolist()[-1]), near)
check("nearest(as_frame=True) of one point: its rows", world.nearest((33.025, -96.7397), k=2, only_country="US", as_frame=True).zip.tolist() == ["75075", "75023"])
check("search(as_frame=True)", world.search("plano", "US", limit=2, as_frame=True).match.tolist() == ["exact", "exact"])
check("an empty list: an empty DataFrame of the columns", world.lookup([], as_frame=True).empty and list(world.lookup([], as_frame=True).columns)[0] == "code")

finish()
