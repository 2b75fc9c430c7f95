#!/usr/bin/env python3
"""Each customer's nearest store, side by side in one run: `zipgeo nearest --file customers.csv
--to stores.csv -k 1` against the join people write by hand over SQLite's R*Tree (a box around
each customer, widened until the nearest store found lies within the circle the box holds, then
distance() to order the stores in it), on the same codes' centres.

Usage: /usr/bin/python3 scripts/bench-nearest-stores.py DB ZIPGEO LIBRARY [CUSTOMERS [STORES]]
  (DB: zipgeo import data/zips.csv --db us.db; ZIPGEO: .build/release/zipgeo; LIBRARY:
  .build/release/libZipgeo; 100,000 customers and 1,000 stores by default, codes drawn at random
  from the database)
"""
import csv, io, math, random, sqlite3, subprocess, sys, tempfile, time, os

db, zipgeo, library = (os.path.abspath(p) for p in sys.argv[1:4])
customers = int(sys.argv[4]) if len(sys.argv) > 4 else 100_000
stores = int(sys.argv[5]) if len(sys.argv) > 5 else 1_000
conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
conn.enable_load_extension(True)
conn.load_extension(library)
codes = [row[0] for row in conn.execute("SELECT zip FROM zips")]
random.seed(35)
customer_codes = [random.choice(codes) for _ in range(customers)]
store_codes = random.sample(codes, stores)
folder = tempfile.mkdtemp()
with open(os.path.join(folder, "customers.csv"), "w") as f:
    f.write("id,zip\n" + "".join(f"{i},{c}\n" for i, c in enumerate(customer_codes)))
with open(os.path.join(folder, "stores.csv"), "w") as f:
    f.write("store,zip\n" + "".join(f"S{i},{c}\n" for i, c in enumerate(store_codes)))

# zipgeo, a process from its start to its last row.
start = time.perf_counter()
out = subprocess.run(
    [zipgeo, "nearest", "--file", "customers.csv", "--to", "stores.csv", "-k", "1", "--db", db, "--format", "csv"],
    cwd=folder, capture_output=True, text=True)
zipgeo_seconds = time.perf_counter() - start
assert out.returncode == 0, out.stderr
rows = list(csv.DictReader(io.StringIO(out.stdout)))
zipgeo_km = {int(r["id"]): float(r["distance_km"]) for r in rows}

# By hand: the codes' centres (zipgeo_lookup, so that both place a code of several places alike),
# an R*Tree of the stores, and for each customer a box widened until it holds a circle as wide as
# the nearest store in it.
start = time.perf_counter()
hand = sqlite3.connect(":memory:")
hand.enable_load_extension(True)
hand.load_extension(library)
hand.execute(f"ATTACH 'file:{db}?mode=ro' AS z")
hand.execute("CREATE TABLE store (id INTEGER PRIMARY KEY, name, lat, lon)")
hand.executemany(
    "INSERT INTO store (name, lat, lon) SELECT ?, lat, lon FROM zipgeo_lookup(?)",
    [(f"S{i}", c) for i, c in enumerate(store_codes)])
hand.execute("CREATE VIRTUAL TABLE store_box USING rtree(id, min_lat, max_lat, min_lon, max_lon)")
hand.execute("INSERT INTO store_box SELECT id, lat, lat, lon, lon FROM store")
centres = {c: (lat, lon) for c, lat, lon in hand.execute(
    "SELECT c.value, l.lat, l.lon FROM json_each(?) c, zipgeo_lookup(c.value) l",
    (__import__("json").dumps(sorted(set(customer_codes))),))}
nearest = hand.cursor()
query = """
    SELECT s.name, distance(?1, ?2, s.lat, s.lon) AS km FROM store_box b JOIN store s ON s.id = b.id
    WHERE b.min_lat >= ?1 - ?3 AND b.max_lat <= ?1 + ?3 AND b.min_lon >= ?2 - ?4 AND b.max_lon <= ?2 + ?4
    ORDER BY km LIMIT 1
"""
hand_km = {}
for i, code in enumerate(customer_codes):
    lat, lon = centres[code]
    degrees = 0.5
    while True:
        # The box holds a circle of `degrees` of latitude, and as wide in longitude at its edge.
        cos = math.cos(math.radians(min(89.9, abs(lat) + degrees)))
        found = nearest.execute(query, (lat, lon, degrees, min(180, degrees / cos))).fetchone()
        inscribed = degrees * 6371.0088 * math.pi / 180
        if found and found[1] <= inscribed or degrees >= 180:
            break
        degrees *= 2
    hand_km[i] = found[1]
hand_seconds = time.perf_counter() - start

same = sum(1 for i in hand_km if abs(hand_km[i] - zipgeo_km[i]) <= 1e-9 * max(1, hand_km[i]))
print(f"{customers:,} customers, {stores:,} stores, {db}")
print(f"zipgeo nearest --file --to: {zipgeo_seconds:.2f} s (the process, start to end)")
print(f"R*Tree join by hand (Python): {hand_seconds:.2f} s")
print(f"by hand / zipgeo: {hand_seconds / zipgeo_seconds:.2f}x; the same nearest distance for {same:,} of {customers:,}")
if "--check" in sys.argv:
    stores_at = hand.execute("SELECT lat, lon FROM store").fetchall()
    for i in [i for i in hand_km if abs(hand_km[i] - zipgeo_km[i]) > 1e-9 * max(1, hand_km[i])][:5]:
        lat, lon = centres[customer_codes[i]]
        brute = min(hand.execute("SELECT distance(?, ?, ?, ?)", (lat, lon, a, b)).fetchone()[0] for a, b in stores_at)
        print(customer_codes[i], lat, lon, "zipgeo", zipgeo_km[i], "hand", hand_km[i], "brute force", brute)
