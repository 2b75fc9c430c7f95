"""Streams zipgeo's table functions through Python's sqlite3 module the ways a host can.

Usage: /usr/bin/python3 cursors.py PATH/TO/libZipgeo zipgeo.db PATH/TO/zipgeo
Copies the database, then checks, printing one line per check and "N passed, M failed":
  - a cursor read halfway, then its connection closed, then the process goes on;
  - two cursors of the same function open at once on one connection, read in turns, each
    giving what it gives alone;
  - ORDER BY distance needs no sort (EXPLAIN QUERY PLAN), ORDER BY distance DESC does and is
    the reverse;
  - a cursor half read while another connection commits a change (WAL), and while `zipgeo
    import` replaces the US rows: the cursor gives the version it started on to its end, and the
    next query the new one.
"""
import gc
import os
import shutil
import subprocess
import sqlite3
import sys
import tempfile

library, source, zipgeo = sys.argv[1], sys.argv[2], sys.argv[3]
folder = tempfile.mkdtemp(prefix="zipgeo-cursors-")
database = os.path.join(folder, "zipgeo.db")
shutil.copy(source, database)
from checks import check, finish  # noqa: E402


def connect():
    con = sqlite3.connect(database, isolation_level=None)
    con.enable_load_extension(True)
    con.load_extension(library)
    con.enable_load_extension(False)
    return con


# Every US row within 1,000 km of Plano, nearest first: tens of thousands of rows, many reads.
WIDE = "SELECT zip, place, distance FROM zipgeo_within(33.025, -96.7397, 1000)"
con = connect()
alone = con.execute(WIDE).fetchall()
con.close()
check("a wide search has many rows", len(alone) > 5000, len(alone))

# Half read, then the connection closed under it.
con = connect()
cursor = con.execute(WIDE)
first = cursor.fetchmany(100)
con.close()
check("the rows read before the close are the first ones", first == alone[:100])
try:
    cursor.fetchmany(10)
    check("a cursor of a closed connection refuses to go on", False, "it gave rows")
except sqlite3.ProgrammingError:
    check("a cursor of a closed connection refuses to go on", True)
# Once the cursor is gone the connection closes for good (zipgeo's own statements on it are
# finalized too): nothing holds the file, and another connection may take its write lock.
del cursor
gc.collect()
probe = sqlite3.connect(database, isolation_level=None, timeout=0)
probe.execute("BEGIN EXCLUSIVE")
probe.execute("ROLLBACK")
probe.close()
check("the closed connection holds no lock once its cursor is gone", True)
con = connect()
check("the host goes on after the close", con.execute("SELECT count(*) FROM zipgeo_near('75075', 10)").fetchall() == [(14,)])
con.close()

# Two cursors of one function at once, read in turns.
con = connect()
other = "SELECT zip, place, distance FROM zipgeo_within(40.7484, -73.9967, 300)"
other_alone = con.execute(other).fetchall()
a, b = con.execute(WIDE), con.cursor().execute(other)
rows_a, rows_b = [], []
while True:
    chunk_a, chunk_b = a.fetchmany(37), b.fetchmany(53)
    rows_a += chunk_a
    rows_b += chunk_b
    if not chunk_a and not chunk_b:
        break
check("two cursors at once each give their own answer", rows_a == alone and rows_b == other_alone,
      (len(rows_a), len(alone), len(rows_b), len(other_alone)))
con.close()

# The order is consumed: no sort for ORDER BY distance, one for DESC.
con = connect()
plan = lambda sql: " ".join(row[3] for row in con.execute("EXPLAIN QUERY PLAN " + sql))
asc = WIDE + " ORDER BY distance"
check("ORDER BY distance needs no sort", "ORDER BY" not in plan(asc), plan(asc))
check("ORDER BY distance, zip needs no sort", "ORDER BY" not in plan(WIDE + " ORDER BY distance, zip"))
check("ORDER BY distance DESC is sorted", "ORDER BY" in plan(WIDE + " ORDER BY distance DESC"))
desc = con.execute(WIDE + " ORDER BY distance DESC, zip DESC").fetchall()
check("ORDER BY distance DESC is the answer reversed", [r[2] for r in desc] == [r[2] for r in reversed(alone)])
check("ORDER BY distance is the answer", con.execute(asc).fetchall() == alone)
con.close()
# A commit by another connection while a cursor is half read.
writer = sqlite3.connect(database, isolation_level=None)
writer.execute("PRAGMA journal_mode = WAL")
reader = connect()
cursor = reader.execute(WIDE)
before = cursor.fetchmany(1000)
writer.execute("UPDATE zips SET place = 'changed' WHERE country = 'US'")
rest = cursor.fetchall()
seen = before + rest
check("a cursor gives the version it started on to its end, whatever commits meanwhile",
      seen == alone, (len(seen), len(alone), sum(1 for r in seen if r[1] == "changed")))
after = reader.execute(WIDE).fetchall()
check("the next query reads the new version", len(after) == len(alone) and all(r[1] == "changed" for r in after))
# `zipgeo import` itself, replacing every US row with one, while a cursor is half read.
cursor = reader.execute(WIDE)
before = cursor.fetchmany(1000)
one = os.path.join(folder, "one.csv")
with open(one, "w") as f:
    f.write("zip,place,lat,lon\n75075,Imported,33.025,-96.7397\n")
result = subprocess.run([zipgeo, "import", one, "--db", database], capture_output=True, text=True, timeout=120)
check("zipgeo import commits while a cursor is half read", result.returncode == 0, result.stderr)
seen = before + cursor.fetchall()
check("the cursor gives the version it started on to its end, whatever zipgeo import commits meanwhile",
      seen == after, (len(seen), len(after)))
check("the next query reads the imported version",
      reader.execute(WIDE).fetchall() == [("75075", "Imported", 0.0)])
reader.close()
writer.close()

shutil.rmtree(folder)
finish()
