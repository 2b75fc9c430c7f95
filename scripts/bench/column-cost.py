#!/usr/bin/env python3
"""What the columns of zipgeo_within cost through /usr/bin/python3: the same search read as
`SELECT *` (11 columns, with state_name and kind), as the 9 columns the benchmark's R*Tree query
returns (`t.*` and the distance), and as zip and distance alone; medians of nine rounds of about
50 ms of back-to-back calls each, at Tokyo 25 km, Frankfurt 100 km and London 10 km.

Usage: /usr/bin/python3 scripts/bench/column-cost.py LIBRARY WORLD_DB
  (LIBRARY without .so, as load_extension takes it, e.g. .build/release/libZipgeo; WORLD_DB is
  data/world.txt.xz imported)
"""
import sqlite3
import statistics
import sys
import time

library, world = sys.argv[1:3]
connection = sqlite3.connect(f"file:{world}?mode=ro", uri=True)
connection.enable_load_extension(True)
connection.load_extension(library)

forms = ["*", "zip, place, state, county, lat, lon, country, accuracy, distance", "zip, distance"]
searches = [("Tokyo 25 km", (35.6812, 139.7671, 25)), ("Frankfurt 100 km", (50.11, 8.68, 100)),
            ("London 10 km", (51.5074, -0.1278, 10))]


def median_call(sql, arguments):
    rounds = []
    for _ in range(9):
        calls, start = 0, time.perf_counter()
        while time.perf_counter() - start < 0.05:
            rows = connection.execute(sql, arguments).fetchall()
            calls += 1
        rounds.append((time.perf_counter() - start) / calls)
    return statistics.median(rounds), len(rows)


for name, arguments in searches:
    for columns in forms:
        seconds, rows = median_call(f"SELECT {columns} FROM zipgeo_within(?, ?, ?)", arguments)
        print(f"{name:17} {rows:6} rows {seconds * 1e3:8.2f} ms  SELECT {columns}")
