"""Whole columns at once: codes to places, distances, and the codes nearest many points.

    from zipgeo_sqlite import frame

    frame.resolve(orders["postcode"])                  # a DataFrame: code, country, zip, lat, lon, ...
    frame.distance(a.lat, a.lon, b.lat, b.lon, unit="mi")   # a numpy array, NaN where a point is NaN
    frame.nearest([(33.02, -96.70), (40.75, -73.99)], k=3)

Each answer is zipgeo's SQL functions' own, row for row: resolve() is zipgeo_lookup for each
value (codes written as stored are matched in bulk against zipgeo_codes, the rest go to
zipgeo_lookup, each distinct value once), distance() is distance() or geodesic_distance() to the
last bit (zipgeo_distances measures whole arrays with the same code), nearest() is
zipgeo_nearest. pandas and numpy are optional: without pandas, resolve() and nearest() give
lists of namedtuples; without numpy, distance() gives a list of floats.

db: the database to read (a zipgeo_sqlite.Database, or a path); by default the one `zipgeo`
reads, opened once for each thread. distance() needs no database.
"""

import array
import math
import numbers
import os
import sqlite3
import struct
import threading
from collections import namedtuple

from . import _database

__all__ = ["Resolved", "Nearest", "Pair", "resolve", "distance", "nearest", "within"]

Resolved = namedtuple("Resolved", "code country zip lat lon place state resolution")
Resolved.__doc__ = """A value of resolve()'s input and what zipgeo_lookup made of it: the code as
stored and its country, its centre, its place and state where all its places agree, and how it
was resolved ("as written", "normalised", "coarser", "leading zeros"); None throughout (NaN in a
DataFrame) where it could not."""

Nearest = namedtuple("Nearest", "point zip place state county lat lon country accuracy distance state_name kind")
Nearest.__doc__ = """A row of nearest(): the position of the point in the input, then a row of
zipgeo_nearest from it, distance in km."""

Pair = namedtuple("Pair", "point centre distance")
Pair.__doc__ = """A row of within(): the positions of a point and of a centre within the radius of
each other, and their distance in the radius's unit."""

_local = threading.local()


def resolve(codes, country=None, *, db=None):
    """Each value of `codes` as zipgeo_lookup resolves it, in the input's order.

        frame.resolve(["75075-1234", 2134, "nowhere"])
        frame.resolve(df["postcode"], country=df["country"])

    codes: a pandas Series, a numpy array, a list or any iterable of codes (str, or an int that
      may have lost its leading zeros; None, NaN and "" are no code).
    country: the codes' country ("US"), or one for each code; None: any country, as
      zipgeo_lookup reads a bare code (the recorded home country's first).
    Gives a DataFrame with the columns of Resolved (pandas installed), else a list of Resolved.
    """
    with _database.bulk():
        return _resolve(codes, country, _database_of(db))


def _resolve(codes, country, database):
    values = _values(codes)
    texts = _database._code_values(values)
    pandas = _optional("pandas")
    if pandas is not None and (country is None or isinstance(country, str)):
        return _resolved_frame(pandas, database, codes, values, texts, country)
    if country is None or isinstance(country, str):
        # Each distinct value once: its position among the distinct ones, for every value.
        seen = {}
        taken = [seen.setdefault(text, len(seen)) for text in texts]
        distinct = [(text, country) for text in seen]
    else:
        countries = _database._countries_for(values, _country_values(country))
        seen = {}
        taken = [seen.setdefault(key, len(seen)) for key in zip(texts, countries)]
        distinct = list(seen)
    found = database._lookup_keys(distinct)
    fields = (6, 0, 4, 5, 1, 2, 12)
    columns = [[None if row is None else row[field] for row in found] for field in fields]
    if pandas is None:
        return [Resolved(value, *(column[position] for column in columns)) for value, position in zip(values, taken)]
    numpy = _optional("numpy")
    taken = numpy.asarray(taken, dtype="intp")
    table = pandas.DataFrame(
        {name: pandas.Series(column, dtype="float64" if name in ("lat", "lon") else object)
         for name, column in zip(Resolved._fields[1:], columns)}
    )
    return _with_codes(pandas, table.take(taken), codes, values)


def _resolved_frame(pandas, database, codes, values, texts, country):
    """resolve() of one country for all codes, with pandas: codes written as stored joined in
    pandas with the country's codes (the same rows zipgeo_lookup gives them), the rest asked of
    zipgeo_lookup, each distinct value once."""
    # An int is the text it is written as, as zipgeo_lookup reads it.
    keys = pandas.Series([str(text) if type(text) is int else text for text in texts], dtype=object)
    positions, distinct = pandas.factorize(keys)
    distinct = list(distinct)
    table = database._codes_frame(country, len(distinct))
    names = list(Resolved._fields[1:])
    columns = ["country", "zip", "lat", "lon", "place", "state", "resolution"]
    if table is not None:
        text_keys = [key if isinstance(key, str) else None for key in distinct]
        found = table.reindex(text_keys)[columns].reset_index(drop=True)
    else:
        # NaN, as pandas shows a value missing from a join, in every version of pandas.
        found = pandas.DataFrame({name: pandas.Series([math.nan] * len(distinct), dtype=object) for name in columns})
        found[["lat", "lon"]] = found[["lat", "lon"]].astype("float64")
    missing = [index for index, zip_code in enumerate(found["zip"].tolist()) if not isinstance(zip_code, str)]
    if missing:
        asked = database._lookup_keys([(distinct[index], country) for index in missing])
        rows = [(index, row) for index, row in zip(missing, asked) if row is not None]
        if rows:
            at = [index for index, _ in rows]
            fields = (6, 0, 4, 5, 1, 2, 12)
            for name, field in zip(columns, fields):
                found.loc[at, name] = pandas.Series([row[field] for _, row in rows], index=at, dtype=found[name].dtype)
    found.columns = names
    # A value that is no code (None, NaN) has no position: the empty row after the others.
    found.loc[len(found)] = [math.nan] * len(names)
    positions = numpy_positions(positions, len(found) - 1)
    return _with_codes(pandas, found.take(positions), codes, values)


def numpy_positions(positions, empty):
    positions = positions.copy()
    positions[positions < 0] = empty
    return positions


def _with_codes(pandas, found, codes, values):
    """The rows found, after a first column of the codes as given, indexed as the codes were."""
    found = found.reset_index(drop=True)
    found.insert(0, "code", codes.to_numpy(copy=True) if isinstance(codes, pandas.Series) else _as_objects(values))
    if isinstance(codes, pandas.Series):
        found.index = codes.index
    return found


def _as_objects(values):
    numpy = _optional("numpy")
    cells = numpy.empty(len(values), dtype=object)
    cells[:] = values
    return cells


def distance(lat1, lon1, lat2, lon2, unit="km", model="sphere"):
    """The distance between each pair of points, as distance() (model "sphere", the sphere of
    6371.0088 km) or geodesic_distance() (model "wgs84") gives it, to the last bit.

        frame.distance(df.lat, df.lon, 33.025, -96.7397, unit="mi")

    Each argument is a column (a numpy array, a pandas Series, a list) or one number for every
    pair; columns must be as long as each other. unit: km, m, mi, nmi or ft.
    Gives a numpy array of float64 (numpy installed), else a list; NaN where a coordinate is NaN
    or None. A latitude outside [-90, 90] or an infinite longitude is a ValueError naming the
    element.
    """
    numpy = _optional("numpy")
    if not isinstance(unit, str) or not isinstance(model, str):
        raise TypeError(f"unit and model are text, such as unit='km' and model='sphere', not {unit!r} and {model!r}")
    arguments = [_column(value, numpy) for value in (lat1, lon1, lat2, lon2)]
    # A NaN (or None) for every pair is a column of NaN: SQLite would make a NaN number NULL.
    lengths = {len(argument) // 8 for argument in arguments if isinstance(argument, bytes)}
    count = lengths.pop() if len(lengths) == 1 else 1
    arguments = [
        array.array("d", [math.nan]).tobytes() * count if argument is None else argument for argument in arguments
    ]
    found = _database.distances_of(_functions(), *arguments, unit=unit, model=model)
    if numpy is None:
        return found.tolist()
    return numpy.frombuffer(found, dtype="float64").copy()


def nearest(points, k=5, *, only_country=None, db=None):
    """The k codes nearest each point, nearest first, as zipgeo_nearest gives them (distance in
    km).

        frame.nearest([(33.02, -96.70), (40.75, -73.99)], k=3)
        frame.nearest(stores[["lat", "lon"]], k=1)

    points: (lat, lon) pairs: a DataFrame with columns lat and lon, a numpy array of shape
      (n, 2), or a list of pairs.
    only_country: the country of the codes to give.
    Gives a DataFrame with the columns of Nearest (pandas installed), else a list of Nearest;
    `point` is the position of the point in the input. A point that is no point (a latitude of
    95, NaN) is a ValueError naming it.
    """
    if isinstance(k, bool) or not isinstance(k, numbers.Integral):
        raise TypeError(f"k is a whole number of codes, not {k!r}")
    database = _database_of(db)
    pairs = _points(points)
    for index, (lat, lon) in enumerate(pairs):
        if not (math.isfinite(lat) and math.isfinite(lon)):
            raise ValueError(f"point {index} is no point: ({lat}, {lon})")
    tail = ", 'sphere', ?3" if only_country is not None else ""
    arguments = (int(k), only_country) if only_country is not None else (int(k),)
    rows = _database._execute(
        database.connection,
        "SELECT j.key, n.zip, n.place, n.state, n.county, n.lat, n.lon, n.country, n.accuracy, n.distance,"
        " n.state_name, n.kind FROM json_each(?1) j"
        f" JOIN zipgeo_nearest(json_extract(j.value, '$[0]'), json_extract(j.value, '$[1]'), ?2{tail}) n",
        (_database._json(pairs),) + arguments,
    )
    found = [Nearest(*row) for row in rows]
    pandas = _optional("pandas")
    if pandas is None:
        return found
    if not found:
        return pandas.DataFrame({name: [] for name in Nearest._fields})
    return pandas.DataFrame(found, columns=list(Nearest._fields))


def within(points, centres, km=None, *, mi=None, model="sphere"):
    """Every pair of a point and a centre within km (or mi) of each other: for each point, the
    centres zipgeo_within would give around it over a table of the centres, with the same
    distances to the last bit, nearest first.

        frame.within(customers[["lat", "lon"]], stores[["lat", "lon"]], km=10)

    points, centres: (lat, lon) pairs, as nearest() takes them; a pair with a NaN is in no pair.
    Gives a DataFrame of point, centre (positions in the inputs) and distance (pandas installed),
    else a list of Pair, by point, then nearest first. A latitude outside [-90, 90] or a
    longitude outside [-180, 180] is a ValueError naming the element.
    """
    if (km is None) == (mi is None):
        raise TypeError("within() takes the radius as km= or mi=, one of them")
    radius, unit = (km, "km") if mi is None else (mi, "mi")
    if isinstance(radius, bool) or not isinstance(radius, numbers.Real):
        raise TypeError(f"the radius is a number, not {radius!r}")
    if not isinstance(model, str):
        raise TypeError(f"model is text, such as model='sphere', not {model!r}")
    numpy = _optional("numpy")
    with _database.bulk():
        (blob,) = _database._execute(
            _functions(),
            "SELECT zipgeo_pairs_within(?, ?, ?, ?, ?, ?, ?)",
            _point_columns(points, numpy) + _point_columns(centres, numpy) + (float(radius), unit, model),
        )[0]
        pandas = _optional("pandas")
        if numpy is not None and pandas is not None:
            records = numpy.frombuffer(blob, dtype=[("point", "<i8"), ("centre", "<i8"), ("distance", "<f8")])
            return pandas.DataFrame({name: records[name].copy() for name in Pair._fields})
        return [Pair(*record) for record in struct.iter_unpack("<qqd", blob)]


def _point_columns(points, numpy):
    """(latitudes, longitudes) of (lat, lon) pairs as float64 bytes, for zipgeo_pairs_within."""
    columns = getattr(points, "columns", None)
    if numpy is not None:
        if columns is not None:
            if "lat" not in columns or "lon" not in columns:
                raise ValueError(f"a DataFrame of points has columns lat and lon; this one has {list(columns)}")
            lats, lons = points["lat"].to_numpy(dtype="float64"), points["lon"].to_numpy(dtype="float64")
        else:
            pairs = numpy.asarray(points if callable(getattr(points, "tolist", None)) else _points(points),
                                  dtype="float64")
            if pairs.size == 0:
                pairs = pairs.reshape(0, 2)
            if pairs.ndim != 2 or pairs.shape[1] != 2:
                raise ValueError(f"points are (lat, lon) pairs, an array of shape (n, 2), not {pairs.shape}")
            lats, lons = pairs[:, 0], pairs[:, 1]
        return numpy.ascontiguousarray(lats).tobytes(), numpy.ascontiguousarray(lons).tobytes()
    pairs = _points(points)
    return (array.array("d", [lat for lat, _ in pairs]).tobytes(),
            array.array("d", [lon for _, lon in pairs]).tobytes())


def _database_of(db):
    """The Database to read: db itself, one opened on its path, or the default one."""
    if isinstance(db, _database.Database):
        return db
    path = None if db is None else os.fspath(db)
    opened = getattr(_local, "databases", None)
    if opened is None:
        opened = _local.databases = {}
    if path not in opened:
        opened[path] = _database.connect(path)
    return opened[path]


def _functions():
    """A connection of no database with zipgeo's functions, for this thread."""
    connection = getattr(_local, "functions", None)
    if connection is None:
        from . import load

        connection = sqlite3.connect(":memory:")
        load(connection)
        _local.functions = connection
    return connection


def _values(codes):
    """The codes as a list; a lone code is refused, as the list it is not."""
    if codes is None or isinstance(codes, (str, bytes, numbers.Number)):
        raise TypeError(f"resolve() takes a column of codes (a list, an array, a Series), not {type(codes).__name__}")
    tolist = getattr(codes, "tolist", None)
    return tolist() if callable(tolist) else list(codes)


def _country_values(country):
    if isinstance(country, str):
        return country
    return [None if value is None or (isinstance(value, float) and math.isnan(value)) else value
            for value in _values(country)]


def _column(value, numpy):
    """A coordinate column as zipgeo_distances takes it: a number, or float64 bytes."""
    if isinstance(value, bool):
        raise TypeError("a coordinate is a number, not a bool")
    if value is None:
        return None
    if isinstance(value, numbers.Real):
        number = float(value)
        return None if math.isnan(number) else number
    if numpy is not None:
        try:
            column = numpy.asarray(value, dtype="float64")
        except (TypeError, ValueError):
            raise TypeError(f"a coordinate column holds numbers: {_first_bad(value)!r} is none") from None
        if column.ndim != 1:
            raise ValueError(f"a coordinate column is one-dimensional, not of shape {column.shape}")
        return numpy.ascontiguousarray(column).tobytes()
    column = array.array("d")
    for element in value:
        if element is None:
            column.append(math.nan)
        elif isinstance(element, numbers.Real) and not isinstance(element, bool):
            column.append(float(element))
        else:
            raise TypeError(f"a coordinate column holds numbers: {element!r} is none")
    return column.tobytes()


def _first_bad(values):
    for value in values:
        if not isinstance(value, numbers.Real) and value is not None:
            return value
    return values


def _points(points):
    """[[lat, lon], ...] of a DataFrame (its lat and lon columns), an array or a list of pairs."""
    columns = getattr(points, "columns", None)
    if columns is not None:
        if "lat" not in columns or "lon" not in columns:
            raise ValueError(f"a DataFrame of points has columns lat and lon; this one has {list(columns)}")
        points = zip(points["lat"].tolist(), points["lon"].tolist())
    elif callable(getattr(points, "tolist", None)):
        points = points.tolist()
    pairs = []
    for index, point in enumerate(points):
        if isinstance(point, (str, bytes)) or not hasattr(point, "__len__") or len(point) != 2:
            raise ValueError(f"point {index} is no (lat, lon) pair: {point!r}")
        lat, lon = point
        if any(isinstance(part, bool) or not isinstance(part, numbers.Real) for part in (lat, lon)):
            raise ValueError(f"point {index} is no (lat, lon) pair of numbers: {point!r}")
        pairs.append([float(lat), float(lon)])
    return pairs


def _optional(name):
    try:
        return __import__(name)
    except ImportError:
        return None
