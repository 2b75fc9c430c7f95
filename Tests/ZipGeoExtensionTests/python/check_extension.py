"""Loads zipgeo's SQLite extension into Python's own sqlite3 module and checks its functions.

Usage: /usr/bin/python3 check_extension.py PATH/TO/libZipgeo [zipgeo.db]
Prints one line per failed check and exits 1 on any failure; prints "N passed, 0 failed" otherwise.
"""
import math
import sqlite3
import sys

library = sys.argv[1]
database = sys.argv[2] if len(sys.argv) > 2 else ":memory:"
con = sqlite3.connect(database)
con.enable_load_extension(True)
con.load_extension(library)  # SQLite derives sqlite3_zipgeo_init from the file name
con.enable_load_extension(False)

passed = failed = 0


def check(label, ok):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAILED: {label}")


def value(sql, *args):
    return con.execute(sql, args).fetchone()[0]


def error(sql, *args):
    try:
        con.execute(sql, args).fetchone()
    except sqlite3.OperationalError as e:
        return str(e)
    return None


R = 6371.0088
check("identical points are exactly 0", value("SELECT distance(?, ?, ?, ?)", 33.025, -96.7397, 33.025, -96.7397) == 0.0)
check("a quarter of the equator", abs(value("SELECT distance(0, 0, 0, 90)") - R * math.pi / 2) < 1e-9)
check("antipodes", abs(value("SELECT distance(10, 20, -10, -160)") - R * math.pi) < 1e-9)
check("bound parameters of every numeric type", value("SELECT distance(?, ?, ?, ?)", 0, 0.0, "0", 90) == value("SELECT distance(0, 0, 0, 90)"))
check("NULL in, NULL out", value("SELECT distance(?, 0, 0, 0)", None) is None)
check("miles", abs(value("SELECT distance(0, 0, 0, 1, 'mi')") * 1.609344 - value("SELECT distance(0, 0, 0, 1)")) < 1e-9)
check("version", value("SELECT zipgeo_version()") == "0.2.0")
check("text argument error names function and argument",
      error("SELECT distance(1, 'abc', 0, 0)") == "distance(): lon1 (argument 2) is not a number: 'abc'")
check("blob argument error", error("SELECT distance(?, 0, 0, 0)", b"\x00\x01") == "distance(): lat1 (argument 1) is a blob, not a number")
check("latitude out of range", error("SELECT distance(0, 0, -91, 0)") == "distance(): lat2 (argument 3) is -91.0, outside [-90, 90]")
check("unknown unit lists the valid ones",
      error("SELECT distance(0, 0, 1, 1, 'yd')") == "distance(): unknown unit 'yd' (argument 5); use one of 'km', 'm', 'mi', 'nmi', 'ft'")
check("wrong argument count is refused by SQLite", error("SELECT distance(0, 0, 1)") is not None)
check("a huge text argument is an error, not a crash", error("SELECT distance(?, 0, 0, 0)", "x" * 5_000_000) is not None)
check("WGS84 geodesic, Plano to Manhattan, as GeographicLib",
      abs(value("SELECT geodesic_distance(?, ?, ?, ?)", 33.025, -96.7397, 40.7484, -73.9967) - 2192.843030364853) < 1e-9)
check("WGS84 geodesic of nearly antipodal points, as GeographicLib",
      abs(value("SELECT geodesic_distance(0, 0, 0.5, 179.7)") - 19944.127420750458) < 1e-9)
check("WGS84 geodesic in miles", abs(value("SELECT geodesic_distance(0, 0, 90, 0, 'mi')") * 1.609344 - 10001.965729312724) < 1e-9)
check("WGS84 error names geodesic_distance",
      error("SELECT geodesic_distance(0, 0, 91, 0)") == "geodesic_distance(): lat2 (argument 3) is 91.0, outside [-90, 90]")
if database != ":memory:":
    rows = con.execute(
        "SELECT zip, distance(lat, lon, 33.025, -96.7397) AS km FROM zips WHERE km <= 10 ORDER BY km, zip").fetchall()
    check("14 zips within 10 km of 75075", len(rows) == 14 and rows[0] == ("75075", 0.0))
    within = con.execute("SELECT zip FROM zipgeo_within(?, ?, ?, 'km', 'wgs84')", (33.025, -96.7397, 10)).fetchall()
    scan = con.execute(
        "SELECT zip FROM zips WHERE geodesic_distance(33.025, -96.7397, lat, lon) <= 10 "
        "ORDER BY geodesic_distance(33.025, -96.7397, lat, lon), zip").fetchall()
    check("zipgeo_within on WGS84 equals a full scan", within == scan and len(scan) > 10)

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
