#!/usr/bin/env python3
"""Searches by place name on the world database, each kind side by side in one run, through the
loadable extension in /usr/bin/python3: the first 25 rows of every column, as `zipgeo search`
shows them, beside an exact code's lookup for scale.

Usage: /usr/bin/python3 scripts/bench-names.py WORLD.db LIBRARY
  (WORLD.db: zipgeo import data/world.txt.xz --db WORLD.db; LIBRARY: .build/release/libZipgeo)
"""
import sqlite3, sys, time

conn = sqlite3.connect(sys.argv[1])
conn.enable_load_extension(True)
conn.load_extension(sys.argv[2])
queries = [
    ("exact", "Plano"), ("exact", "München"), ("exact", "sao paulo"), ("begins", "Frankfurt"),
    ("begins", "s"), ("contains", "paulo"), ("contains", "main frankfurt"), ("typo", "Straasborg"),
    ("typo", "Plnao"), ("nothing", "Qqxzzyville"),
]
search = "SELECT * FROM zipgeo_search(?) LIMIT 25"
code = "SELECT * FROM zipgeo_near('US:75075', 0.000001)"
for _, name in queries: conn.execute(search, (name,)).fetchall()
times = {name: [] for _, name in queries}
base = []
for _ in range(7):
    for _, name in queries:
        start = time.perf_counter()
        for _ in range(20): rows = conn.execute(search, (name,)).fetchall()
        times[name].append((time.perf_counter() - start) / 20 * 1e3)
    start = time.perf_counter()
    for _ in range(200): conn.execute(code).fetchall()
    base.append((time.perf_counter() - start) / 200 * 1e3)
base_ms = sorted(base)[3]
print(f"{'kind':9s} {'name':16s} {'rows':>4s} {'median ms':>9s}  (an exact code's lookup: {base_ms:.3f} ms)")
for kind, name in queries:
    rows = len(conn.execute(search, (name,)).fetchall())
    print(f"{kind:9s} {name:16s} {rows:4d} {sorted(times[name])[3]:9.3f}")
