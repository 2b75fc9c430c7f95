"""zipgeo's answers from Python: codes as typed, distances, the codes near a code or a point.

    import zipgeo_sqlite

    db = zipgeo_sqlite.connect()            # the database `zipgeo` reads (zipgeo where)
    db.lookup("75075-1234")                 # PostalCode(zip='75075', place='Plano', ...)
    db.lookup(["75075", 2134, "nowhere"])   # [PostalCode(...), PostalCode(zip='02134', ...), None]
    db.distance("75075", "10001")           # 2189.19581648223 (km)
    db.near("75075", km=5)                  # [NearbyCode(zip='75075', ..., distance=0.0), ...]
    db.nearest((40.75, -73.99), k=3)

Every answer is one of zipgeo's SQL functions' (zipgeo_lookup, zipgeo_near, zipgeo_nearest,
zipgeo_search, distance): a list of codes goes to SQLite as one JSON array, in one query, and
each code is resolved once however often the list repeats it. Lists come back in the order
given, None (NaN in a DataFrame) for a code zipgeo cannot resolve; as_frame=True gives a pandas
DataFrame, pandas being imported only then.
"""

import array
import contextlib
import gc
import json
import math
import numbers
import os
import pathlib
import sqlite3
from collections import namedtuple

from . import _location

__all__ = [
    "Database",
    "DatabaseNotFound",
    "NearbyCode",
    "PlaceMatch",
    "PostalCode",
    "UnknownCode",
    "connect",
]

PostalCode = namedtuple(
    "PostalCode",
    "zip place state county lat lon country accuracy state_name kind places place_names resolution",
)
PostalCode.__doc__ = """A code as zipgeo_lookup resolves it: the code as stored, its centre (lat,
lon: the mean position of its places), place, state, county and accuracy where all its places
agree (else None), how many places it names and their names, and how it was resolved ("as
written", "normalised", "coarser", "leading zeros")."""

NearbyCode = namedtuple(
    "NearbyCode", "zip place state county lat lon country accuracy distance state_name kind"
)
NearbyCode.__doc__ = """A row of zipgeo_near or zipgeo_nearest: a place of a code, and its distance
from the centre (in the unit asked; km for nearest)."""

PlaceMatch = namedtuple(
    "PlaceMatch", "zip place state county lat lon country accuracy match edits state_name kind"
)
PlaceMatch.__doc__ = """A row of zipgeo_search: a place whose name matches, and how ("exact",
"begins", "contains", "typo", with the typo's edits)."""


class DatabaseNotFound(FileNotFoundError):
    """No zipgeo database at the path connect() was to open."""


class UnknownCode(LookupError):
    """near() or nearest() was given one code, and zipgeo cannot resolve it."""


def connect(path=None):
    """Opens a zipgeo database read-only, with zipgeo's functions loaded.

        db = zipgeo_sqlite.connect()              # $ZIPGEO_DB, ./zipgeo.db or the per-user one
        db = zipgeo_sqlite.connect("world.db")

    path: the database; without it, the one `zipgeo` itself reads (database_location()).
    Raises DatabaseNotFound when the file is not there, ValueError when it is no zipgeo database.
    """
    return Database(path)


class Database:
    """A zipgeo database opened read-only, with zipgeo's SQL functions loaded into `connection`.

    A context manager: `with zipgeo_sqlite.connect() as db: ...` closes it at the end.
    """

    def __init__(self, path=None):
        location = _location.database_location(path)
        self.path = location.path
        self.chosen_by = location.chosen_by
        self.connection = _open_read_only(location)
        self._state_names = {}
        self._state_names_searched = set()
        # zipgeo_codes(country) of each country asked, as {code: PostalCode}, while the file's
        # data_version stays what it was when they were read.
        self._code_tables = {}
        self._code_tables_version = None

    def close(self):
        self.connection.close()

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.close()

    def __repr__(self):
        return f"<zipgeo_sqlite.Database {self.path!r}>"

    def countries(self):
        """The countries the database holds, as sorted two-letter codes."""
        try:
            rows = self.connection.execute("SELECT country FROM countries ORDER BY country")
        except sqlite3.OperationalError:
            # A database an older zipgeo made, before it counted its countries.
            rows = self.connection.execute("SELECT DISTINCT country FROM zips ORDER BY country")
        return [country for (country,) in rows]

    # -- codes -----------------------------------------------------------------------------

    def lookup(self, codes, country=None, *, as_frame=False):
        """The code as zipgeo_lookup resolves it: a PostalCode, or None when it cannot.

            db.lookup("SW1A 1AA")                  # PostalCode(zip='SW1A', country='GB', ...)
            db.lookup(["75075", 2134], "US")       # [PostalCode(...), PostalCode(zip='02134', ...)]
            db.lookup(codes, as_frame=True)        # a DataFrame: a column "code", then PostalCode's

        codes: a code (str, or an int that may have lost its leading zeros) or a list of them;
          None, NaN and "" are no code. A float that is a whole number (a spreadsheet's 2134.0)
          is that number.
        country: the codes' country ("US"), or a list of one for each code; None means any
          country, as zipgeo_lookup takes it (a bare code several countries have is the home
          country's, recorded with `zipgeo home`).
        """
        one = not _is_many(codes)
        values = [codes] if one else list(codes)
        countries = _countries_for(values, country)
        found = self._resolve(values, countries)
        if as_frame:
            return _frame(PostalCode._fields, found, first=("code", values))
        return found[0] if one else found

    def _resolve(self, values, countries):
        """PostalCode or None for each value: each distinct (code, country) asked once."""
        keys = list(zip(_code_values(values), countries))
        distinct = list(dict.fromkeys(keys))
        if len(distinct) == 1 and distinct[0][0] is not None:
            # One code: one call, whose state_name column zipgeo fills.
            row = self._query_one(*distinct[0])
            return [row] * len(values)
        found = self._lookup_keys(distinct)
        by_key = dict(zip(distinct, found))
        return [by_key[key] for key in keys]

    def _lookup_keys(self, keys):
        """PostalCode or None for each distinct (code, country) key, as zipgeo_lookup answers:
        a code written exactly as stored is found in its country's table of codes (zipgeo_codes,
        read once and kept while the file is unchanged) when there are enough codes of the
        country to pay for reading it; every other code goes to zipgeo_lookup, in one query."""
        with bulk():
            return self._lookup_keys_in_bulk(keys)

    def _lookup_keys_in_bulk(self, keys):
        found = [None] * len(keys)
        asked = {}
        for code, country in keys:
            if code is not None:
                asked[country] = asked.get(country, 0) + 1
        tables = {country: self._codes_table(country, count) for country, count in asked.items()}
        rest = []
        for index, (code, country) in enumerate(keys):
            if code is None:
                continue
            table = tables[country]
            if table is not None:
                row = table.get(code if type(code) is str else str(code) if type(code) is int else None)
                if row is not None:
                    found[index] = row
                    continue
            rest.append(index)
        if rest:
            for index, row in zip(rest, self._query_many([keys[index] for index in rest])):
                found[index] = row
        return found

    # A country's codes are read whole for a list of at least a fifth as many: below that, the
    # codes cost less asked one by one.
    _TABLE_SHARE = 5

    def _codes_table(self, country, wanted):
        """{code: PostalCode} of zipgeo_codes(country) (the bare code's country for None), kept
        while the file's data is unchanged; None when a list of `wanted` codes is too short to pay
        for reading it, or the country is none zipgeo_codes takes."""
        (version,) = self.connection.execute("PRAGMA data_version").fetchone()
        if version != self._code_tables_version:
            self._code_tables = {}
            self._code_tables_version = version
        if country in self._code_tables:
            return self._code_tables[country]
        if wanted * self._TABLE_SHARE < self._codes_held(country):
            return None
        try:
            rows = self.connection.execute(
                "SELECT zip, place, state, county, lat, lon, country, accuracy, state_name, kind, places, place_names,"
                " resolution FROM zipgeo_codes(?)",
                (country,),
            ).fetchall()
        except sqlite3.OperationalError:
            # A country zipgeo_codes refuses ("Germany"), which zipgeo_lookup answers with no row.
            table = None
        else:
            table = {row[0]: PostalCode._make(row) for row in rows}
        self._code_tables[country] = table
        return table

    def _codes_frame(self, country, wanted):
        """_codes_table(country, wanted) as a pandas DataFrame indexed by zip, made once."""
        key = ("frame", country)
        table = self._codes_table(country, wanted)
        if table is None:
            return None
        if key not in self._code_tables:
            pandas = _pandas()
            frame = pandas.DataFrame.from_records(list(table.values()), columns=PostalCode._fields)
            self._code_tables[key] = frame.set_index("zip", drop=False)
        return self._code_tables[key]

    def _codes_held(self, country):
        """How many codes the country has (for None, the most any country has)."""
        try:
            if country is None:
                row = self.connection.execute("SELECT max(codes) FROM countries").fetchone()
            else:
                row = self.connection.execute(
                    "SELECT codes FROM countries WHERE country = upper(trim(?))", (country,)
                ).fetchone()
        except sqlite3.OperationalError:
            row = None
        return row[0] if row is not None and row[0] is not None else 0

    def _query_one(self, code, country):
        row = self.connection.execute(
            "SELECT zip, place, state, county, lat, lon, country, accuracy, state_name, kind, places,"
            " place_names, resolution FROM zipgeo_lookup(?, ?)",
            (code, country),
        ).fetchone()
        return None if row is None else PostalCode(*row)

    def _query_many(self, keys):
        rows = [None] * len(keys)
        columns = (
            "SELECT j.key, l.zip, l.place, l.state, l.county, l.lat, l.lon, l.country, l.accuracy, NULL, l.kind,"
            " l.places, l.place_names, l.resolution FROM json_each(?1) j"
        )
        countries = {country for _, country in keys}
        if len(countries) == 1:
            # One country for all: an array of the codes alone, each element the code itself.
            (country,) = countries
            sql = f"{columns} JOIN zipgeo_lookup(j.value, ?2) l"
            arguments = (_json([code for code, _ in keys]), country)
        else:
            sql = f"{columns} JOIN zipgeo_lookup({_code_and_country}) l"
            arguments = (_json([list(key) for key in keys]),)
        for index, *row in _execute(self.connection, sql, arguments):
            rows[index] = row
        # state_name is asked once per state, not once per code: zipgeo_lookup looks the name up
        # again in each call, which costs as much as the rest of the lookup.
        names = self._state_names_of((row[6], row[2], row[0]) for row in rows if row is not None)
        for row in rows:
            if row is not None:
                row[8] = names.get((row[6], row[2]))
        return [None if row is None else PostalCode(*row) for row in rows]

    def _state_names_of(self, codes):
        """{(country, state): name} for the states of these (country, state, zip) triples, each
        zip a code zipgeo_lookup gives that state, as zipgeo's state_name columns name them (the
        regions table's name, else ISO 3166-2's, else None): asked of zipgeo_lookup once for
        each state, with a code of it, and remembered."""
        asked = {}
        for country, state, zip_code in codes:
            if state is not None and (country, state) not in self._state_names:
                asked.setdefault((country, state), zip_code)
        if asked:
            for key in asked:
                self._state_names[key] = None
            for country, state, name in _execute(
                self.connection,
                f"SELECT l.country, l.state, l.state_name FROM json_each(?1) j JOIN zipgeo_lookup({_code_and_country}) l",
                (_json([[zip_code, country] for (country, _), zip_code in asked.items()]),),
            ):
                self._state_names[(country, state)] = name
        return self._state_names

    def _state_name(self, country, state):
        """The name of a state no code at hand gives (its codes' places disagree on their state):
        asked with the first code of the table that names it alone."""
        key = (country, state)
        if self._state_names.get(key) is None and key not in self._state_names_searched:
            self._state_names_searched.add(key)
            for (zip_code,) in self.connection.execute(
                "SELECT zip FROM zips WHERE country = ? AND state = ? LIMIT 20", (country, state)
            ).fetchall():
                row = self.connection.execute(
                    "SELECT state, state_name FROM zipgeo_lookup(?, ?)", (zip_code, country)
                ).fetchone()
                if row is not None and row[0] == state:
                    self._state_names[key] = row[1]
                    break
        return self._state_names.get(key)

    # -- distances -------------------------------------------------------------------------

    def distance(self, a, b, country=None, unit="km"):
        """The great-circle distance between two codes' centres (or points), as zipgeo's
        distance() measures it: on the sphere of 6371.0088 km, in km, m, mi, nmi or ft.

            db.distance("75075", "10001")                        # 2189.19581648223
            db.distance(["75075", "02134"], ["10001", "10001"])  # pair by pair: [2189.19..., 297.70...]
            db.distance("75075", ["10001", "nowhere"], unit="mi")  # one against each: [1360.30..., nan]

        a, b: a code, a point (lat, lon) as a tuple, or a list of them; a single one is measured
          against each of a list. Two lists must be as long as each other.
        country: the codes' country, as lookup() takes it (one for all codes).
        Gives a float, or a list of them, NaN where a code is unknown.
        """
        one = not _is_many(a, points=True) and not _is_many(b, points=True)
        firsts = _as_list(a, points=True)
        seconds = _as_list(b, points=True)
        if len(firsts) == 1 and len(seconds) != 1:
            firsts = firsts * len(seconds)
        elif len(seconds) == 1 and len(firsts) != 1:
            seconds = seconds * len(firsts)
        elif len(firsts) != len(seconds):
            raise ValueError(f"distance() takes lists as long as each other: {len(firsts)} and {len(seconds)} values")
        centres = self._centres(firsts + seconds, country)
        pairs = list(zip(centres[: len(firsts)], centres[len(firsts) :]))
        distances = self._distances(pairs, unit)
        return distances[0] if one else distances

    def _centres(self, values, country):
        """(lat, lon) for each value: a point as given, a code's centre, None when unknown."""
        # A point with a NaN part is as unknown as an unknown code: its distances are NaN.
        centres = [_finite_point(value) if _is_point(value) else None for value in values]
        codes = [index for index, value in enumerate(values) if not _is_point(value)]
        keys = [(_code_value(values[index], index), country) for index in codes]
        distinct = list(dict.fromkeys(keys))
        found = [None if row is None else (row.lat, row.lon) for row in self._lookup_keys(distinct)]
        by_key = dict(zip(distinct, found))
        for index, key in zip(codes, keys):
            centres[index] = by_key[key]
        return centres

    def _distances(self, pairs, unit):
        return _distances_on(self.connection, pairs, unit)

    # -- searches --------------------------------------------------------------------------

    def near(self, code, km=None, *, mi=None, country=None, as_frame=False):
        """The codes within km (or mi) of a code's centre, nearest first, as zipgeo_near gives
        them: the code's own places first of those as near, `distance` in the unit asked.

            db.near("75075", km=5)            # [NearbyCode(zip='75075', ..., distance=0.0), ...]
            db.near(["75075", "nowhere"], mi=2)   # [[NearbyCode(...), ...], None]

        code: a code as lookup() takes it, or a list of them (then a list of lists, None for a
          code zipgeo cannot resolve). One code it cannot resolve raises UnknownCode.
        country: the codes' country, as lookup() takes it; the rows are of every country.
        """
        if (km is None) == (mi is None):
            raise TypeError("near() takes the radius as km= or mi=, one of them")
        radius, unit = (km, "km") if mi is None else (mi, "mi")
        sql = (
            "SELECT j.key, n.zip, n.place, n.state, n.county, n.lat, n.lon, n.country, n.accuracy, n.distance,"
            f" n.state_name, n.kind FROM json_each(?1) j JOIN zipgeo_lookup({_code_and_country}) l"
            " JOIN zipgeo_near(l.country || ':' || l.zip, ?2, ?3) n"
        )
        return self._search(code, country, sql, (radius, unit), as_frame)

    def nearest(self, code_or_point, k=5, *, country=None, only_country=None, as_frame=False):
        """The k codes nearest a code's centre or a point (lat, lon), nearest first, as
        zipgeo_nearest gives them, `distance` in km.

            db.nearest("75075", k=3)
            db.nearest((48.8566, 2.3522), k=3, only_country="FR")
            db.nearest([(33.0, -96.7), "10001"], k=1)   # a list of lists

        country: the codes' country, as lookup() takes it.
        only_country: the country of the codes to give (a WHERE would filter the k found).
        One code it cannot resolve raises UnknownCode (a list gives None for it), a point it
        refuses ValueError.
        """
        tail = ", 'sphere', ?3" if only_country is not None else ""
        columns = (
            "SELECT j.key, n.zip, n.place, n.state, n.county, n.lat, n.lon, n.country, n.accuracy, n.distance,"
            " n.state_name, n.kind FROM json_each(?1) j"
        )
        by_code = f"{columns} JOIN zipgeo_lookup({_code_and_country}) l JOIN zipgeo_nearest(l.lat, l.lon, ?2{tail}) n"
        by_point = (
            f"{columns} JOIN zipgeo_nearest(json_extract(j.value, '$[0]'), json_extract(j.value, '$[1]'), ?2{tail}) n"
        )
        arguments = (k, only_country) if only_country is not None else (k,)
        return self._search(code_or_point, country, by_code, arguments, as_frame, by_point=by_point)

    def _search(self, code, country, sql, arguments, as_frame, by_point=None):
        """The rows of a search from each code (and, with by_point, each point) of `code`."""
        one = not _is_many(code, points=by_point is not None)
        values = [code] if one else list(code)
        countries = _countries_for(values, country)
        found = [None] * len(values)
        points = [index for index, value in enumerate(values) if by_point is not None and _is_point(value)]
        if points:
            centres = [_finite_point(values[index]) for index in points]
            for index, centre in zip(points, centres):
                if centre is None:
                    raise ValueError(f"{values[index]!r} is no point: its latitude and longitude must be numbers")
            rows = self._rows_by_key(by_point, [list(centre) for centre in centres], arguments)
            for index, rows_of_point in zip(points, rows):
                found[index] = rows_of_point
        codes = [index for index in range(len(values)) if by_point is None or not _is_point(values[index])]
        if codes:
            keys = [[_code_value(values[index], index), countries[index]] for index in codes]
            for index, rows_of_code in zip(codes, self._rows_by_key(sql, keys, arguments)):
                found[index] = rows_of_code
        if one and found[0] is None:
            raise UnknownCode(self._why_unknown(code, countries[0]))
        return self._shaped(values, found, one, as_frame)

    def _rows_by_key(self, sql, values, arguments):
        """The rows of a search for each value (a JSON array's element), None where it gave none."""
        found = [None] * len(values)
        for key, *row in _execute(self.connection, sql, (_json(values),) + tuple(arguments)):
            if found[key] is None:
                found[key] = []
            found[key].append(NearbyCode(*row))
        return found

    def _shaped(self, values, found, one, as_frame):
        if as_frame:
            if one:
                return _frame(NearbyCode._fields, found[0] or [])
            rows, centres = [], []
            for value, rows_of_value in zip(values, found):
                for row in rows_of_value or [None]:
                    rows.append(row)
                    centres.append(value)
            return _frame(NearbyCode._fields, rows, first=("code", centres))
        return found[0] if one else found

    def _why_unknown(self, code, country):
        value = _code_value(code, 0)
        if value is not None:
            written = str(value) if country is None else f"{country}:{value}"
            try:
                # zipgeo_near says why a code is none of the table's (several countries have it...).
                self.connection.execute("SELECT 1 FROM zipgeo_near(?, 1) LIMIT 1", (written,)).fetchall()
            except sqlite3.Error as error:
                message = str(error)
                prefix = "zipgeo_near(): "
                return message[len(prefix) :] if message.startswith(prefix) else message
        return f"{code!r} is no postal code of {self.path}"

    def search(self, name, country=None, *, limit=None, as_frame=False):
        """The places named `name`, as zipgeo_search finds them: in any case and with or without
        diacritics, exact names first, then names and words that begin with it, then (only when
        none of these is found) names a typo or two away.

            db.search("munchen", "DE", limit=2)   # [PlaceMatch(zip='80331', place='München', ...), ...]

        country: the country to search (default: every country); limit: at most this many rows.
        """
        sql = "SELECT zip, place, state, county, lat, lon, country, accuracy, match, edits, state_name, kind"
        sql += " FROM zipgeo_search(?, ?)" if country is not None else " FROM zipgeo_search(?)"
        arguments = (name, country) if country is not None else (name,)
        if limit is not None:
            sql += " LIMIT ?"
            arguments += (limit,)
        rows = [PlaceMatch(*row) for row in _execute(self.connection, sql, arguments)]
        if as_frame:
            return _frame(PlaceMatch._fields, rows)
        return rows


# A JSON array's element [code, country] as zipgeo_lookup's arguments (a NULL country: any).
_code_and_country = "json_extract(j.value, '$[0]'), json_extract(j.value, '$[1]')"


def _open_read_only(location):
    path = location.path
    if path == "":
        raise DatabaseNotFound("no zipgeo database: the path is empty")
    if not os.path.exists(path):
        raise DatabaseNotFound(_missing_message(location))
    if os.path.isdir(path):
        raise DatabaseNotFound(f"{path} ({_why(location)}) is a folder, not a zipgeo database")
    uri = pathlib.Path(os.path.abspath(path)).as_uri() + "?mode=ro"
    connection = sqlite3.connect(uri, uri=True)
    try:
        from . import load

        load(connection)
        # A list of codes reads pages from all over the table, again and again: a cache of 32 MiB
        # (SQLite's default is 2 MB) keeps those it read, up to that much memory.
        connection.execute("PRAGMA cache_size = -32768")
        has_table = connection.execute("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'zips'").fetchone()
    except sqlite3.DatabaseError as error:
        connection.close()
        if "not a database" in str(error):
            raise ValueError(f"{path} ({_why(location)}) is not a zipgeo database: {error}") from None
        raise
    except BaseException:
        connection.close()
        raise
    if has_table is None:
        connection.close()
        raise ValueError(
            f"{path} ({_why(location)}) is not a zipgeo database: it has no zips table"
            " (zipgeo import FILE --db PATH makes one)"
        )
    return connection


def _why(location):
    return {
        "path": "the path given",
        "$ZIPGEO_DB": "named by $ZIPGEO_DB",
        "./zipgeo.db": "the current folder's",
        "per-user": "the per-user database",
    }[location.chosen_by]


def _missing_message(location):
    path = location.path
    if location.chosen_by == "path":
        return f"no zipgeo database at {path}"
    if location.chosen_by == "$ZIPGEO_DB":
        return f"no zipgeo database at {path}, which $ZIPGEO_DB names"
    return (
        f"no zipgeo database at {path} ({_why(location)}, the one `zipgeo` reads): zipgeo makes it on"
        " first use (run a query once, such as `zipgeo info 75075`, or `zipgeo import --world`),"
        " or name one: zipgeo_sqlite.connect(PATH) or $ZIPGEO_DB"
    )


def _execute(connection, sql, arguments):
    """connection.execute, with zipgeo's refusal of an argument (a radius, a unit, a point) as a
    ValueError carrying zipgeo's message."""
    try:
        return connection.execute(sql, arguments).fetchall()
    except sqlite3.OperationalError as error:
        message = str(error)
        if message.startswith(("zipgeo_", "distance()")):
            raise ValueError(message) from None
        raise


def _distances_on(connection, pairs, unit):
    """distance() between the points of each pair ((lat, lon), (lat, lon)), in one call of
    zipgeo_distances; NaN for a pair with a None."""
    columns = [array.array("d") for _ in range(4)]
    for a, b in pairs:
        (lat1, lon1), (lat2, lon2) = a or _NO_POINT, b or _NO_POINT
        columns[0].append(lat1)
        columns[1].append(lon1)
        columns[2].append(lat2)
        columns[3].append(lon2)
    return distances_of(connection, *(column.tobytes() for column in columns), unit=unit).tolist()


def distances_of(connection, lat1, lon1, lat2, lon2, unit="km", model="sphere"):
    """zipgeo_distances of four blobs of float64 (or numbers), as an array.array of float64."""
    (blob,) = _execute(
        connection, "SELECT zipgeo_distances(?, ?, ?, ?, ?, ?)", (lat1, lon1, lat2, lon2, unit, model)
    )[0]
    found = array.array("d")
    found.frombytes(blob)
    return found


_NO_POINT = (math.nan, math.nan)


@contextlib.contextmanager
def bulk():
    """Python's cycle collector held off while a list's answers are made: each tuple made is an
    allocation it counts, and its collections walk every object the process holds (a table of
    codes among them) again and again, for tuples that hold no cycle."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _json(values):
    return json.dumps(values, ensure_ascii=False, allow_nan=False)


def _code_values(values):
    """_code_value of each value, quickly for a list of text."""
    if all(type(value) is str and value.isascii() and "\x00" not in value for value in values):
        return list(values)
    return [_code_value(value, index) for index, value in enumerate(values)]


def _code_value(value, index):
    """A code as zipgeo_lookup takes it: text, or a whole number; None for no code."""
    if value is None or isinstance(value, str):
        return _text(value)
    if isinstance(value, bool):
        raise TypeError(f"code {index} is of type bool, not a postal code (str or int)")
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        number = float(value)
        if not math.isfinite(number):
            return None
        # A code a spreadsheet read as a number (2134.0) is that number's digits; 2134.5 is none.
        return int(number) if number.is_integer() and abs(number) < 1e15 else number
    if type(value).__name__ in ("NAType", "NaTType"):
        return None
    raise TypeError(f"code {index} is of type {type(value).__name__}, not a postal code (str or int)")


def _text(value):
    if value is None:
        return None
    if "\x00" in value:
        # No code has one, and SQLite's JSON would hand zipgeo_lookup the text before it.
        return None
    if value.isascii():
        return str(value)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        # A lone surrogate: no text SQLite can hold, so no code.
        return None
    return str(value)


def _key(value):
    """A hashable stand-in for a code or point (a list is a point too)."""
    return tuple(value) if isinstance(value, list) else value


def _finite_point(value):
    """A (lat, lon) tuple of floats, or None for one with a NaN or an infinity."""
    lat, lon = float(value[0]), float(value[1])
    return (lat, lon) if math.isfinite(lat) and math.isfinite(lon) else None


def _is_point(value):
    """A (lat, lon) pair of numbers, as a tuple."""
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and all(isinstance(part, numbers.Real) and not isinstance(part, bool) for part in value)
    )


def _is_many(value, points=False):
    """Whether a value is several codes, not one (with points=True, a (lat, lon) tuple is one)."""
    if value is None or isinstance(value, (str, bytes, numbers.Number)) or (points and _is_point(value)):
        return False
    return hasattr(value, "__iter__")


def _as_list(value, points=False):
    return list(value) if _is_many(value, points) else [value]


def _countries_for(values, country):
    if country is None or isinstance(country, str):
        return [country] * len(values)
    countries = list(country)
    if len(countries) != len(values):
        raise ValueError(f"{len(values)} codes but {len(countries)} countries: give one country, or one for each code")
    return countries


def _frame(fields, rows, first=None):
    """A DataFrame of namedtuples, a None row all NaN, with first = (name, values) before them."""
    pandas = _pandas()
    columns = {}
    if first is not None:
        columns[first[0]] = list(first[1])
    empty = (None,) * len(fields)
    for index, name in enumerate(fields):
        columns[name] = [math.nan if cell is None else cell for cell in ((row or empty)[index] for row in rows)]
    return pandas.DataFrame(columns, columns=list(columns))


def _pandas():
    try:
        import pandas
    except ImportError:
        raise ImportError("as_frame=True needs pandas: pip install pandas") from None
    return pandas
