#!/usr/bin/env python3
"""Geocoding a table of codes through zipgeo_lookup, side by side in one run with the host's
floor: the same codes joined to `zips` by their exact stored form through its index (no
normalisation, no ZIP+4, no lost zeros: what a join without zipgeo_lookup can do at best).

Usage: /usr/bin/python3 scripts/bench-geocode.py DB LIBRARY [ROWS]
  (DB: a zipgeo database, e.g. zipgeo import --world --db world.db; LIBRARY: .build/release/libZipgeo)

Three tables of ROWS codes (default 100,000), each timed 5 times, the median shown:
  natural: the database's codes in its own order (its rows read in turn, as a file of them is);
  random:  codes drawn at random, as a customer file's are;
  typed:   the random codes as people type them: a tenth lower case, a tenth without their
           separators, a tenth with spaces around, a tenth of US codes as ZIP+4, a tenth of US
           codes with their leading zeros lost (as numbers), the rest as stored.
"""
import random, sqlite3, statistics, sys, time

db, library = sys.argv[1], sys.argv[2]
rows = int(sys.argv[3]) if len(sys.argv) > 3 else 100_000
conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
conn.enable_load_extension(True)
conn.load_extension(library)
for pragma in sys.argv[4:]:
    conn.execute(pragma)
stored = conn.execute("SELECT zip, country FROM zips").fetchall()
random.seed(36)
natural = (stored * (rows // len(stored) + 1))[:rows]
drawn = [random.choice(stored) for _ in range(rows)]


def typed(zip, country, index):
    kind = index % 10
    if kind == 0:
        return zip.lower(), country
    if kind == 1:
        return zip.replace(" ", "").replace("-", ""), country
    if kind == 2:
        return f"  {zip} ", country
    if kind == 3 and country == "US":
        return f"{zip}-1234", country
    if kind == 4 and country == "US" and zip.startswith("0"):
        return int(zip), country
    return zip, country


tables = {"natural": natural, "random": drawn, "typed": [typed(z, c, i) for i, (z, c) in enumerate(drawn)]}
conn.execute("ATTACH ':memory:' AS work")
queries = {
    "zipgeo_lookup": "SELECT count(l.zip), sum(l.lat) FROM work.{t} c LEFT JOIN zipgeo_lookup(c.code, c.country) l",
    "floor (exact join)": "SELECT count(z.zip), sum(z.lat) FROM work.{t} c LEFT JOIN zips z INDEXED BY zips_zip"
    " ON z.zip = c.code AND z.country = c.country",
}
print(f"{db}: {len(stored):,} codes; {rows:,} rows a table; SQLite {sqlite3.sqlite_version}")
for name, values in tables.items():
    conn.execute(f"CREATE TABLE work.{name} (id INTEGER PRIMARY KEY, code, country)")
    conn.executemany(f"INSERT INTO work.{name} (code, country) VALUES (?, ?)", values)
    times, found = {}, {}
    for _ in range(5):
        for label, sql in queries.items():
            start = time.perf_counter()
            found[label] = conn.execute(sql.format(t=name)).fetchone()[0]
            times.setdefault(label, []).append(time.perf_counter() - start)
    lookup = statistics.median(times["zipgeo_lookup"])
    floor = statistics.median(times["floor (exact join)"])
    print(f"{name:8s} zipgeo_lookup {rows / lookup:>9,.0f} codes/s ({found['zipgeo_lookup']:,} found)"
          f" | floor {rows / floor:>10,.0f} codes/s ({found['floor (exact join)']:,} found)"
          f" | zipgeo_lookup takes {lookup / floor:4.1f}x the floor")
