"""Which database zipgeo_sqlite.connect() opens when it is named none: the one `zipgeo` reads.

The rule is the command line's (Sources/ZipGeoCLI/Database/DatabaseLocation.swift), step for
step, so that `zipgeo where` names the file Python reads:

1. the path given to connect();
2. else $ZIPGEO_DB, when it is not empty;
3. else ./zipgeo.db, when something other than an empty file is there (`sqlite3 zipgeo.db`
   leaves an empty file behind when it only looked);
4. else the per-user database: $XDG_DATA_HOME/zipgeo/zipgeo.db when XDG_DATA_HOME is an absolute
   path, else $HOME/.local/share/zipgeo/zipgeo.db when HOME is one;
5. else ./zipgeo.db (no home to keep a database in), which is then missing.
"""

import os
import stat
from collections import namedtuple

__all__ = ["DatabaseLocation", "database_location", "per_user_path"]

CURRENT_FOLDER_PATH = "zipgeo.db"

DatabaseLocation = namedtuple("DatabaseLocation", "path chosen_by")
DatabaseLocation.__doc__ = """The database connect() opens and why.

chosen_by is "path" (given to connect()), "$ZIPGEO_DB", "./zipgeo.db" or "per-user", as
`zipgeo where --format json` names the last three in its "chosen_by".
"""


def database_location(path=None, environ=None):
    """The database connect(path) opens, and the step of the rule that chose it.

        >>> database_location(environ={"HOME": "/home/u"})   # where no ./zipgeo.db is
        DatabaseLocation(path='/home/u/.local/share/zipgeo/zipgeo.db', chosen_by='per-user')

    environ: where ZIPGEO_DB, XDG_DATA_HOME and HOME are looked up (default: os.environ).
    """
    environ = os.environ if environ is None else environ
    if path is not None:
        return DatabaseLocation(os.fspath(path), "path")
    named = environ.get("ZIPGEO_DB")
    if named:
        return DatabaseLocation(named, "$ZIPGEO_DB")
    if _is_there(CURRENT_FOLDER_PATH):
        return DatabaseLocation(CURRENT_FOLDER_PATH, "./zipgeo.db")
    per_user = per_user_path(environ)
    if per_user is not None:
        return DatabaseLocation(per_user, "per-user")
    return DatabaseLocation(CURRENT_FOLDER_PATH, "./zipgeo.db")


def per_user_path(environ=None):
    """$XDG_DATA_HOME/zipgeo/zipgeo.db, or $HOME/.local/share/zipgeo/zipgeo.db when XDG_DATA_HOME
    is unset, empty or relative (the XDG Base Directory rule); None without either as an absolute
    path (a relative HOME would put the database under each folder a program runs in)."""
    environ = os.environ if environ is None else environ
    data = environ.get("XDG_DATA_HOME")
    if data is not None and data.startswith("/"):
        return _without_trailing_slash(data) + "/zipgeo/zipgeo.db"
    home = environ.get("HOME")
    if home is not None and home.startswith("/"):
        return _without_trailing_slash(home) + "/.local/share/zipgeo/zipgeo.db"
    return None


def _without_trailing_slash(path):
    while len(path) > 1 and path.endswith("/"):
        path = path[:-1]
    return path


def _is_there(path):
    """Whether something other than an empty file is at path: a database, or something a query
    should then report (a folder, a FIFO, a damaged file)."""
    try:
        info = os.stat(path)
    except OSError:
        return os.access(path, os.F_OK)
    return info.st_size > 0 or not stat.S_ISREG(info.st_mode)
