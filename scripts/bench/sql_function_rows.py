#!/usr/bin/env python3
"""Runs one SQL function over 100,000 fixed points, for counting instructions under valgrind.

Usage: /usr/bin/python3 scripts/bench/sql_function_rows.py LIBRARY (scan|sphere|wgs84) [us|global]

Used by scripts/count-sql-instructions.sh: instruction counts are repeatable on a shared, noisy
machine where times are not, so two builds of the extension compare exactly.
"""
import sqlite3
import sys

if len(sys.argv) < 3:
    sys.exit(__doc__)
library, query = sys.argv[1], sys.argv[2]
region = sys.argv[3] if len(sys.argv) > 3 else "us"
(lat0, lat_span), (lon0, lon_span) = ((25, 24), (-124, 57)) if region == "us" else ((-90, 180), (-180, 360))
con = sqlite3.connect(":memory:")
con.enable_load_extension(True)
con.load_extension(library)
con.execute("CREATE TABLE p (lat REAL, lon REAL)")
con.executemany(
    "INSERT INTO p VALUES (?, ?)",
    [(lat0 + lat_span * ((i * 7919) % 100000) / 1e5, lon0 + lon_span * ((i * 104729) % 100000) / 1e5)
     for i in range(100000)])
sql = {
    "scan": "SELECT sum(lat + lon) FROM p",
    "sphere": "SELECT sum(distance(lat, lon, 33.025, -96.7397)) FROM p",
    "wgs84": "SELECT sum(geodesic_distance(lat, lon, 33.025, -96.7397)) FROM p",
}[query]
print(con.execute(sql).fetchone()[0])
