"""Datasette plugin: zipgeo's SQL functions in every database Datasette opens.

Registered under the "datasette" entry point group, so `pip install zipgeo_sqlite` is all
Datasette needs: `datasette zipgeo.db` then answers
`SELECT zip, distance FROM zipgeo_near('75075', 10)`.
"""

from datasette import hookimpl

import zipgeo_sqlite


@hookimpl
def prepare_connection(conn):
    zipgeo_sqlite.load(conn)
