"""sqlite-utils plugin: zipgeo's SQL functions on every connection sqlite-utils opens.

Registered under the "sqlite_utils" entry point group (sqlite-utils 3.34 and later call
prepare_connection), so `sqlite-utils query zipgeo.db "SELECT zip FROM zipgeo_near('75075', 10)"`
needs no --load-extension.
"""

from sqlite_utils import hookimpl

import zipgeo_sqlite


@hookimpl
def prepare_connection(conn):
    zipgeo_sqlite.load(conn)
