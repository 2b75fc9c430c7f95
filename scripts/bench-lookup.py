#!/usr/bin/env python3
"""A code's lookup, exact and as people write it, side by side in one run, through the loadable
extension in /usr/bin/python3: each code as the centre of a radius that holds only itself.

Usage: /usr/bin/python3 scripts/bench-lookup.py WORLD.db LIBRARY
  (WORLD.db: zipgeo import data/world.txt.xz --db WORLD.db, then zipgeo home US --db WORLD.db, so
  that the bare codes 75075 and 90210, which other countries share, are the home country's;
  LIBRARY: .build/release/libZipgeo)
"""
import sqlite3, time, sys
conn = sqlite3.connect(sys.argv[1])
conn.enable_load_extension(True)
conn.load_extension(sys.argv[2])
home = conn.execute("SELECT value FROM zipgeo_settings WHERE name = 'home_country'").fetchone()
print(f"home country: {home[0] if home else 'none (bare shared codes are errors: run zipgeo home US)'}")
codes = ['US:75075', '75075', 'US:90210', '90210', 'GB:SW1A', '75075-1234', 'US:75075-1234', 'sw1a 1aa', 'GB:sw1a 1aa', 'JP:1000001', 'JP:100-0001']
sql = "SELECT count(*) FROM zipgeo_near(?, 0.000001)"
for c in codes: conn.execute(sql, (c,)).fetchone()
res = {c: [] for c in codes}
for r in range(7):
    for c in codes:
        t = time.perf_counter()
        for _ in range(2000): conn.execute(sql, (c,)).fetchone()
        res[c].append((time.perf_counter() - t) / 2000 * 1e6)
base = sorted(res['US:75075'])[3]
for c in codes:
    m = sorted(res[c])[3]
    print(f"{c:16s} {m:7.1f} us  {m/base:5.2f}x of US:75075")
