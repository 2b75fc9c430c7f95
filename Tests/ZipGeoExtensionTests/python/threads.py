"""Loads zipgeo's SQLite extension on threads that then end, the way a web server does.

Usage: /usr/bin/python3 threads.py PATH/TO/libZipgeo zipgeo.db MODE [ITERATIONS]
MODE is one of:
  worker    each iteration a thread opens a connection, loads the extension, queries, closes it, ends
  main      a thread opens, loads and queries; the main thread closes the connection after it ended
  parallel  each iteration four threads at once open, load, query and close their own connections
Prints "ok N" and exits 0 when every query gave the expected rows; a crash ends the process
with a signal, which is what the test looks for.
"""
import sqlite3
import sys
import threading

library, database, mode = sys.argv[1], sys.argv[2], sys.argv[3]
iterations = int(sys.argv[4]) if len(sys.argv) > 4 else 50
failures = []


def open_and_query():
    con = sqlite3.connect(database, check_same_thread=False)
    con.enable_load_extension(True)
    con.load_extension(library)
    con.enable_load_extension(False)
    km = con.execute("SELECT distance(33.025, -96.7397, 40.7484, -73.9967)").fetchone()[0]
    near = con.execute("SELECT count(*) FROM zipgeo_near('75075', 10)").fetchone()[0]
    if not (2100 < km < 2200 and near == 14):
        failures.append((km, near))
    return con


def worker():
    open_and_query().close()


def run(target):
    thread = threading.Thread(target=target)
    thread.start()
    thread.join()


for _ in range(iterations):
    if mode == "worker":
        run(worker)
    elif mode == "main":
        held = []
        run(lambda: held.append(open_and_query()))
        held[0].close()
    elif mode == "parallel":
        threads = [threading.Thread(target=worker) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    else:
        sys.exit(f"unknown mode {mode}")

if failures:
    sys.exit(f"wrong results: {failures[:3]}")
print(f"ok {iterations}")
