"""zipgeo's SQL functions for Python's sqlite3: distance(), zipgeo_near() and the rest.

    import sqlite3, zipgeo_sqlite
    conn = sqlite3.connect("zipgeo.db")
    zipgeo_sqlite.load(conn)
    conn.execute("SELECT zip, distance FROM zipgeo_near('75075', 10)").fetchall()

Or without SQL, on the database `zipgeo` reads (connect(path) for another):

    db = zipgeo_sqlite.connect()
    db.lookup(["75075-1234", "2134"])    # [PostalCode(zip='75075', ...), PostalCode(zip='02134', ...)]
    db.distance("75075", "10001")        # 2189.19581648223 (km)
    db.near("75075", km=10)

zipgeo_sqlite.pgeocode is pgeocode's Nominatim and GeoDistance on the same database (it needs
pandas).

The extension, zipgeo.so, sits next to this file. It carries the Swift runtime inside and calls
SQLite only through the connection it is loaded into, so it needs nothing else installed.
"""

import os
import sqlite3

__all__ = [
    "loadable_path",
    "load",
    "ExtensionLoadingUnavailable",
    "connect",
    "Database",
    "DatabaseLocation",
    "DatabaseNotFound",
    "NearbyCode",
    "PlaceMatch",
    "PostalCode",
    "UnknownCode",
    "database_location",
]


class ExtensionLoadingUnavailable(RuntimeError):
    """This Python's sqlite3 module was built without extension loading."""


def loadable_path():
    """The extension's path without its suffix, as SQLite's load_extension takes it.

    SQLite adds ".so" and derives the entry point, sqlite3_zipgeo_init, from the file name.
    """
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "zipgeo")


def load(conn):
    """Adds zipgeo's SQL functions and table functions to a sqlite3 connection.

    Extension loading is switched on only for the load, and left as it was found when this
    Python can tell (3.12 and later); otherwise it is left off, SQLite's default.
    """
    if not isinstance(conn, sqlite3.Connection):
        # sqlite-utils' Database, say, which holds its connection as .conn.
        inner = getattr(conn, "conn", None)
        hint = f": pass its connection, {type(conn).__name__}.conn" if isinstance(inner, sqlite3.Connection) else ""
        raise TypeError(f"zipgeo_sqlite.load() takes a sqlite3.Connection, not {type(conn).__name__}{hint}")
    if not hasattr(conn, "enable_load_extension"):
        raise ExtensionLoadingUnavailable(_unavailable_message())
    if _loading_enabled(conn):
        conn.load_extension(loadable_path())
        return
    conn.enable_load_extension(True)
    try:
        conn.load_extension(loadable_path())
    finally:
        conn.enable_load_extension(False)


def _loading_enabled(conn):
    """Whether the connection already allows loading extensions, when Python can ask SQLite."""
    option = getattr(sqlite3, "SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION", None)
    if option is None or not hasattr(conn, "getconfig"):
        return False
    return bool(conn.getconfig(option))


def _unavailable_message():
    return (
        "zipgeo_sqlite cannot load its extension: this Python's sqlite3 module was built without "
        "extension loading (sqlite3.Connection has no enable_load_extension). pyenv builds Python "
        "that way unless told otherwise: reinstall it with "
        "PYTHON_CONFIGURE_OPTS=\"--enable-loadable-sqlite-extensions\" pyenv install --force "
        "<version>. macOS's system Python cannot load extensions either: use Homebrew's python3. "
        "Debian's /usr/bin/python3 can."
    )


# After load(), which the database module calls.
from ._database import (  # noqa: E402
    Database,
    DatabaseNotFound,
    NearbyCode,
    PlaceMatch,
    PostalCode,
    UnknownCode,
    connect,
)
from ._location import DatabaseLocation, database_location  # noqa: E402
