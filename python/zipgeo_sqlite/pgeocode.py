"""pgeocode's Nominatim and GeoDistance, answered by zipgeo: change the import line, keep the code.

    import zipgeo_sqlite.pgeocode as pgeocode      # was: import pgeocode

    nomi = pgeocode.Nominatim("fr")
    nomi.query_postal_code("75013")               # a pandas Series
    nomi.query_postal_code(["75013", "69006"])    # a DataFrame, a row for each code, in order
    nomi.query_location("Antibes", top_k=3)       # a DataFrame of places
    pgeocode.GeoDistance("fr").query_postal_code("75013", "69006")   # km, a numpy float64

The same columns, dtypes and units as pgeocode 0.5.0, and NaN where a code is unknown; but
offline, on the zipgeo database `zipgeo` reads (or Nominatim(..., database=PATH)), and each code
resolved by zipgeo_lookup: in any case, with or without its separators, a ZIP+4 as its zip, a
code that lost its leading zeros (2134 for 02134), a full British or Canadian code as the
coarser code the data hold. docs/python.md lists where the figures differ from pgeocode's.

Needs pandas (and numpy, which pandas brings), as pgeocode does.
"""

import math
import numbers
import sqlite3

try:
    import numpy as np
    import pandas as pd
except ImportError as error:
    raise ImportError(
        "zipgeo_sqlite.pgeocode returns pandas DataFrames, as pgeocode does, and needs pandas: pip install pandas"
    ) from error

from . import _database

__all__ = ["DATA_FIELDS", "EARTH_RADIUS", "GeoDistance", "Nominatim", "haversine_distance"]

# pgeocode's columns, in its order (that of GeoNames' files).
DATA_FIELDS = [
    "country_code",
    "postal_code",
    "place_name",
    "state_name",
    "state_code",
    "county_name",
    "county_code",
    "community_name",
    "community_code",
    "latitude",
    "longitude",
    "accuracy",
]

# pgeocode's sphere: the IUGG mean Earth radius as geopy rounds it, in km. zipgeo's distance()
# measures on a sphere of 6371.0088 km; GeoDistance scales its figures to this one.
EARTH_RADIUS = 6371.009
_ZIPGEO_RADIUS = 6371.0088

# Where pgeocode keeps only the first part of a code (the outward code), and so shows it.
_OUTWARD_CODE_COUNTRIES = ("GB", "IE", "CA")

# The columns of query_postal_code's answer: the codes asked, then the data's other columns.
_COLUMNS = ["postal_code"] + [name for name in DATA_FIELDS if name != "postal_code"]
# county_code, community_name, community_code, latitude, longitude.
_FLOAT_COLUMNS = (6, 7, 8, 9, 10)

# The dtype pandas gives a column of text read from a file: "str" from pandas 3, object before.
_TEXT = pd.Series(["text"]).dtype


class Nominatim:
    """Locations from postal codes (query_postal_code) and place names (query_location), as
    pgeocode.Nominatim gives them.

    country: the country's two-letter code, of the countries the database holds.
    unique: True (pgeocode's default) for one row per code, its places merged; False for one
      row per place.
    database: a path, or a zipgeo_sqlite.Database; by default the database `zipgeo` reads.
    """

    def __init__(self, country="fr", unique=True, *, database=None):
        country = country.upper()
        self._db = database if isinstance(database, _database.Database) else _database.connect(database)
        countries = self._db.countries()
        if country not in countries:
            raise ValueError(
                f"country={country} is not a known country code: the zipgeo database {self._db.path}"
                f" holds {_listed(countries)} (zipgeo import --world imports the world's postal codes)"
            )
        self.country = country
        self.unique = unique
        self._regions = _state_codes(self._db.connection, country)
        self._numeric_states = bool(self._regions) and all(
            state.isascii() and state.isdigit() for state in self._regions
        )

    def query_postal_code(self, codes):
        """Where postal codes are: one code (str or int) gives a pandas Series, anything else
        (a list, an array, a Series, a DataFrame with a postal_code column) a DataFrame with a
        row for each code, in order, NaN where a code is unknown."""
        with _database.bulk():
            return self._query_postal_code(codes)

    def _query_postal_code(self, codes):
        single = _is_single(codes)
        given = None
        if isinstance(codes, pd.DataFrame):
            given = codes
            values = list(codes["postal_code"])
        else:
            values = [codes] if single else list(codes)
        if self.unique:
            rows, origins = self._codes_rows(values)
            if single and given is None:
                return self._series(rows[0])
            # Each distinct code's row once, then repeated where the code is: a list of 100,000
            # codes often names far fewer.
            frame = self._frame(rows).take(origins).reset_index(drop=True)
            origins = range(len(values))
        else:
            rows, origins = self._places_rows(values)
            frame = self._frame(rows)
        return frame if given is None else self._beside(given, frame, origins)

    def _codes_rows(self, values):
        """pgeocode's row (_cells) of each distinct code of the values, its places merged, and
        the index of each value's row."""
        codes = _database._code_values(values)
        distinct = list(dict.fromkeys(codes))
        found = [None] * len(distinct)
        looked = self._db._lookup_keys([(code, self.country) for code in distinct])
        # zipgeo_lookup gives a code of another country when it is written so (DE:10115).
        rows = [(key, row) for key, row in enumerate(looked) if row is not None and row.country == self.country]
        # Where a code's places disagree, zipgeo_lookup leaves state, county and accuracy None;
        # pgeocode gives those of its first place that has one.
        firsts = self._first_of_places([row for _, row in rows if row.places > 1])
        if firsts:
            rows = [(key, row._replace(**firsts[(row.zip, row.country)]) if row.places > 1 else row) for key, row in rows]
        self._db._state_names_of((self.country, row.state, row.zip) for _, row in rows)
        for key, row in rows:
            found[key] = self._cells(row.zip, row.place_names, row.state, row.county, row.lat, row.lon, row.accuracy)
        for key, code in enumerate(distinct):
            if found[key] is None:
                found[key] = self._unknown(code)
        position = {code: key for key, code in enumerate(distinct)}
        return found, [position[code] for code in codes]

    def _first_of_places(self, codes):
        """{(zip, country): {column: value}}: for codes of several places, the state, county and
        accuracy of the first place (in the file's order) that has each, where the places
        disagree."""
        firsts = {}
        for row in codes:
            found = {}
            for column in ("state", "county", "accuracy"):
                if getattr(row, column) is None:
                    (value,) = self._db.connection.execute(
                        f"SELECT (SELECT {column} FROM zips WHERE zip = ?1 AND country = ?2 AND {column} IS NOT NULL"
                        " ORDER BY id LIMIT 1)",
                        (row.zip, row.country),
                    ).fetchone()
                    found[column] = value
            firsts[(row.zip, row.country)] = found
        return firsts

    def _places_rows(self, values):
        """pgeocode's rows (_cells) of each value's places, one for an unknown code, and the
        index of the value each row is of."""
        codes = _database._code_values(values)
        distinct = list(dict.fromkeys(codes))
        rows = _database._execute(
            self._db.connection,
            "SELECT j.key, z.zip, z.country, z.place, z.state, z.county, z.lat, z.lon, z.accuracy"
            " FROM json_each(?1) j JOIN zipgeo_lookup(j.value, ?2) l"
            " JOIN zips z ON z.zip = l.zip AND z.country = l.country ORDER BY j.key, z.id",
            (_database._json(distinct), self.country),
        )
        rows = [row for row in rows if row[2] == self.country]
        self._name_states(rows, zip=1, state=4)
        places = {}
        for key, zip_code, _, place, state, county, lat, lon, accuracy in rows:
            places.setdefault(distinct[key], []).append(self._cells(zip_code, place, state, county, lat, lon, accuracy))
        cells, origins = [], []
        for index, (code, value) in enumerate(zip(codes, values)):
            of_value = places.get(code) or [self._unknown(code)]
            cells.extend(of_value)
            origins.extend([index] * len(of_value))
        return cells, origins

    def _name_states(self, rows, zip, state):
        """Learns the names of the rows' states, a query for all of them."""
        self._db._state_names_of((self.country, row[state], row[zip]) for row in rows)

    def _cells(self, zip_code, place, state, county, lat, lon, accuracy):
        """A row of pgeocode's DataFrame, in its columns' order (postal_code first)."""
        nan = math.nan
        state_code, state_name = self._state_columns(state)
        return (
            zip_code,
            self.country,
            nan if place is None else place,
            state_name,
            state_code,
            nan if county is None else county,
            nan,  # county_code, community_name, community_code: zipgeo keeps none of them
            nan,
            nan,
            lat,
            lon,
            nan if accuracy is None else accuracy,
        )

    def _unknown(self, code):
        """The row of a code zipgeo cannot resolve (as _database._code_value gives it)."""
        return (self._as_pgeocode_shows(code),) + (math.nan,) * 11

    def _state_columns(self, state):
        """state_code and state_name: a state zipgeo holds as a code is pgeocode's state_code (a
        number where the country's codes are all digits, as pandas reads them), named as zipgeo
        names it; one it holds as a name (GeoNames gave no code) is pgeocode's state_name."""
        if state is None:
            return math.nan, math.nan
        if self._regions is not None and state not in self._regions and _is_name(state):
            return math.nan, state
        name = self._db._state_names.get((self.country, state))
        if name is None:
            name = self._db._state_name(self.country, state)
        if self._numeric_states:
            code = float(state) if state.isascii() and state.isdigit() else math.nan
        else:
            code = state
        return code, math.nan if name is None else name

    def _frame(self, rows):
        """pgeocode's DataFrame of these rows, each column of the dtype pgeocode's has."""
        dtypes = [
            # pgeocode's postal_code is object where it splits codes (and in an empty answer).
            object if self.country in _OUTWARD_CODE_COUNTRIES or not rows else _TEXT,
            _TEXT,
            _TEXT,
            _TEXT,
            "float64" if self._numeric_states else _TEXT,
            _TEXT,
            "float64",
            "float64",
            "float64",
            "float64",
            "float64",
            # int64 when every row has one, else float64, as pandas reads a column with NaN.
            None if rows else "int64",
        ]
        columns = list(zip(*rows)) if rows else [()] * len(_COLUMNS)
        return pd.DataFrame(
            {name: pd.Series(column, dtype=dtype) for name, column, dtype in zip(_COLUMNS, columns, dtypes)}
        )

    def _series(self, row):
        """pgeocode's Series of one code: the first row of its DataFrame (a Series of objects,
        named 0), made without the DataFrame, each value of the type that row would hold."""
        values = list(row)
        for index in _FLOAT_COLUMNS:
            values[index] = np.float64(values[index])
        if self._numeric_states:
            values[4] = np.float64(values[4])
        accuracy = values[11]
        values[11] = np.float64(accuracy) if accuracy != accuracy else np.int64(accuracy)
        return pd.Series(values, index=_COLUMNS, dtype=object, name=0)

    def _as_pgeocode_shows(self, value):
        """An unknown code as pgeocode's postal_code shows it: upper case, and only its first
        part in GB, IE and CA; NaN for no text (None, a number that is no whole one)."""
        if isinstance(value, int):
            value = str(value)
        if not isinstance(value, str):
            return math.nan
        value = value.upper()
        if self.country in _OUTWARD_CODE_COUNTRIES:
            parts = value.split()
            return parts[0] if parts else math.nan
        return value

    def _beside(self, given, frame, origins):
        """pgeocode keeps the columns of a DataFrame it was given, its postal_code replaced: the
        given row of each row of the answer (origins: their indexes), beside it."""
        kept = given.drop(columns=["postal_code"]).iloc[list(origins)].reset_index(drop=True)
        return pd.concat([frame[["postal_code"]], kept, frame.drop(columns=["postal_code"])], axis=1)

    def query_location(self, name, top_k=100, fuzzy_threshold=None, col="place_name"):
        """The places called `name`, as zipgeo_search finds them: exact names first, then names
        and words that begin with it; at most top_k rows, one a place, in pgeocode's columns.

        fuzzy_threshold: any value lets names a typo or two away answer when nothing else does
          (pgeocode's thefuzz ratio has no equivalent: zipgeo counts the letters changed).
        col: "place_name", the only column zipgeo searches.
        """
        if col != "place_name":
            raise ValueError(f"col={col!r}: zipgeo searches place names only (col='place_name')")
        sql = "SELECT zip, place, state, county, lat, lon, accuracy, match FROM zipgeo_search(?, ?)"
        if fuzzy_threshold is None:
            sql += " WHERE match <> 'typo'"
        try:
            rows = _database._execute(self._db.connection, sql + " LIMIT ?", (name, self.country, max(top_k, 0)))
        except ValueError:
            # A name with no letter or digit, which zipgeo refuses: no place has it.
            rows = []
        if not rows:
            return pd.DataFrame(columns=DATA_FIELDS)
        self._name_states(rows, zip=0, state=2)
        return self._frame([self._cells(*row[:7]) for row in rows])[DATA_FIELDS]


class GeoDistance(Nominatim):
    """Distances between postal codes, in km, as pgeocode.GeoDistance measures them: between
    the codes' centres, on pgeocode's sphere of 6371.009 km.

    errors: accepted and ignored, as pgeocode does: an unknown code's distance is NaN.
    """

    def __init__(self, country="fr", errors="ignore", *, database=None):
        super().__init__(country, database=database)

    def query_postal_code(self, x, y):
        """The distance in km from each code of x to the code at its place in y (a single code,
        or a list of one, is measured against each code of the other list): a numpy float64 for
        two codes, else a numpy array; NaN where a code is unknown."""
        single = _is_single(x) and _is_single(y)
        firsts = self._codes(x)
        seconds = self._codes(y)
        if len(firsts) == len(seconds):
            pass
        elif len(firsts) == 1:
            firsts = firsts * len(seconds)
        elif len(seconds) == 1:
            seconds = seconds * len(firsts)
        else:
            raise ValueError("x and y must have the same number of elements")
        centres = self._centres(firsts + seconds)
        pairs = list(zip(centres[: len(firsts)], centres[len(firsts) :]))
        distances = np.array(self._db._distances(pairs, "km"), dtype="float64") * (EARTH_RADIUS / _ZIPGEO_RADIUS)
        return distances[0] if single else distances

    def _codes(self, codes):
        if isinstance(codes, pd.DataFrame):
            return list(codes["postal_code"])
        return [codes] if _is_single(codes) else list(codes)

    def _centres(self, values):
        codes = _database._code_values(values)
        distinct = list(dict.fromkeys(codes))
        looked = self._db._lookup_keys([(code, self.country) for code in distinct])
        found = [None if row is None or row.country != self.country else (row.lat, row.lon) for row in looked]
        by_code = dict(zip(distinct, found))
        return [by_code[code] for code in codes]


def haversine_distance(x, y):
    """Great-circle distances in km between arrays of (latitude, longitude) in degrees, of shape
    (n, 2), on pgeocode's sphere of 6371.009 km, measured by zipgeo's distance(); NaN where a
    coordinate is NaN."""
    x = np.asarray(x, dtype="float64").reshape(-1, 2)
    y = np.asarray(y, dtype="float64").reshape(-1, 2)
    pairs = [
        (None if math.isnan(a[0] + a[1]) else tuple(a), None if math.isnan(b[0] + b[1]) else tuple(b))
        for a, b in zip(x.tolist(), y.tolist())
    ]
    distances = _database._distances_on(_sphere(), pairs, "km")
    return np.array(distances, dtype="float64") * (EARTH_RADIUS / _ZIPGEO_RADIUS)


_sphere_connection = None


def _sphere():
    """A connection of no database with zipgeo's functions, for distance()."""
    global _sphere_connection
    if _sphere_connection is None:
        from . import load

        connection = sqlite3.connect(":memory:", check_same_thread=False)
        load(connection)
        _sphere_connection = connection
    return _sphere_connection


def _is_single(codes):
    return codes is None or isinstance(codes, (str, numbers.Number))


def _is_name(state):
    """Whether a state the regions table does not name is a name (GeoNames' admin_name1, which
    zipgeo keeps where a row has no code: "Centre-Val de Loire") rather than a code no name was
    given for ("L93000001"): a name has a lower-case letter or a space."""
    return " " in state or any(letter.islower() for letter in state)


def _state_codes(connection, country):
    """The country's state codes in the regions table, or None without one."""
    try:
        return {state for (state,) in connection.execute("SELECT state FROM regions WHERE country = ?", (country,))}
    except sqlite3.OperationalError:
        return None


def _listed(countries):
    if not countries:
        return "no country"
    if len(countries) <= 10:
        return "only " + ", ".join(countries)
    return f"{len(countries)} countries ({', '.join(countries[:10])}, ...)"
