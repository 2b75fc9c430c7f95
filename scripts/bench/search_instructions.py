#!/usr/bin/env python3
"""Instructions per radius search, zipgeo's table function against the textbook R*Tree join, for
valgrind to count (counts are the same run after run, where times on a shared machine are not).

Usage:
  /usr/bin/python3 scripts/bench/search_instructions.py DB LIBRARY METHOD PLACE N
    DB       a zipgeo database with an R*Tree over its rows, made once with:
             sqlite3 DB "CREATE VIRTUAL TABLE rt USING rtree(id, minlat, maxlat, minlon, maxlon);
                         INSERT INTO rt SELECT rowid, lat, lat, lon, lon FROM zips;"
    LIBRARY  the extension without its suffix, its debug info stripped for valgrind:
             strip --strip-debug -o /tmp/ic/libZipgeo.so .build/release/libZipgeo.so -> /tmp/ic/libZipgeo
    METHOD   zipgeo | rtree | zipgeo-all | rtree-all | zipgeo-zip | rtree-zip | zipgeo-near (plano:
             zipgeo_near('75075', 10)) | none
             (none: the same program running no query)
    PLACE    plano (10 km around 75075) | plano100 (100 km around it) | frankfurt (100 km around
             50.11, 8.68)
    N        how many times the query runs after a first, warming run

Per query: run it under `valgrind --tool=callgrind --callgrind-out-file=/dev/null` with N = 0
and N = 100 and divide the difference of the "Collected" counts by 100. Both methods read zip,
country and distance, nearest first; with -all, every column (place, state, county, ... too).
"""
import math
import sqlite3
import sys

if len(sys.argv) != 6:
    sys.exit(__doc__)
db, library, method, place, count = sys.argv[1:]
lat, lon, km = {"plano": (33.025, -96.7397, 10), "plano100": (33.025, -96.7397, 100),
                "frankfurt": (50.11, 8.68, 100)}[place]
connection = sqlite3.connect(db)
connection.enable_load_extension(True)
connection.load_extension(library)
dlat = km / 111.19
dlon = dlat / math.cos(math.radians(lat))
d = f"distance({lat}, {lon}, t.lat, t.lon)"
every = "t.zip, t.place, t.state, t.county, t.lat, t.lon, t.country, t.accuracy"
def rtree(columns):
    return (f"SELECT {columns}, {d} FROM rt b JOIN zips t ON t.rowid = b.id "
            f"WHERE b.minlat >= {lat - dlat} AND b.maxlat <= {lat + dlat} AND b.minlon >= {lon - dlon} "
            f"AND b.maxlon <= {lon + dlon} AND {d} <= {km} ORDER BY {d}, t.zip, t.country")
sql = {
    "rtree": rtree("t.zip, t.country"),
    # scripts/bench-search.py's queries: the zips alone.
    "rtree-zip": rtree("t.zip"),
    "zipgeo-zip": f"SELECT zip FROM zipgeo_within({lat}, {lon}, {km})",
    "rtree-all": rtree(every),
    "zipgeo": f"SELECT zip, country, distance FROM zipgeo_within({lat}, {lon}, {km})",
    "zipgeo-all": f"SELECT * FROM zipgeo_within({lat}, {lon}, {km})",
    "zipgeo-near": "SELECT zip, country, distance FROM zipgeo_near('75075', 10)",
    "none": "SELECT 1",
}[method]
connection.execute(sql).fetchall()
for _ in range(int(count)):
    connection.execute(sql).fetchall()
