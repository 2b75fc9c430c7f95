#!/usr/bin/env python3
"""Two builds of libZipgeo.so side by side on one database: each query in a fresh /usr/bin/python3
per library, the libraries interleaved over 3 rounds; prints the median time and the largest peak
resident memory (ru_maxrss of the fresh process) of each.

Usage: /usr/bin/python3 scripts/bench/compare-libraries.py BEFORE_LIB AFTER_LIB DATABASE
  (LIB without .so, as load_extension takes it; e.g. a worktree of an older commit built with
  swift build -c release --product Zipgeo)
"""
import subprocess, sys
child = r'''
import resource, sqlite3, sys, time
conn = sqlite3.connect(sys.argv[2]); conn.enable_load_extension(True); conn.load_extension(sys.argv[1])
t = time.time(); rows = conn.execute(sys.argv[3]).fetchall(); e = time.time() - t
print(e, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024, len(rows))
'''
libs = {"before": sys.argv[1], "after": sys.argv[2]}
database = sys.argv[3]
queries = ["SELECT zip FROM zipgeo_within(50.11, 8.68, 20000) LIMIT 10",
           "SELECT count(*) FROM zipgeo_within(0, 0, 1e300)",
           "SELECT * FROM zipgeo_within(50.11, 8.68, 100)",
           "SELECT * FROM zipgeo_near('75075', 10)",
           "SELECT count(*) FROM zipgeo_nearest(50.11, 8.68, 1000000)"]
for q in queries:
    res = {k: [] for k in libs}
    for r in range(3):
        for name, lib in libs.items():
            out = subprocess.run(["/usr/bin/python3", "-c", child, lib, database, q], capture_output=True, text=True).stdout.split()
            res[name].append((float(out[0]), int(out[1])))
    line = q + ": " + "; ".join(f"{n}: {sorted(x[0] for x in v)[1]:.3f} s, {max(x[1] for x in v)} MB" for n, v in res.items())
    print(line)
