#!/usr/bin/env python3
"""Writes Tests/GeodesyTests/Fixtures/wgs84-geodesics.csv: reference geodesics on WGS84 computed
by GeographicLib (Karney's own implementation, outside this project), for zipgeo's tests.

Each row: kind, lat1, lon1, lat2, lon2 (degrees), then GeographicLib's distance s12 (metres)
and azimuths azi1, azi2 (degrees), each written so that it reads back exactly. Seeded: the same file
every run.

Usage: pip install geographiclib && python3 scripts/make-geodesic-fixture.py
"""
import math
import pathlib
import random

from geographiclib.geodesic import Geodesic

WGS84 = Geodesic.WGS84
OUT = pathlib.Path(__file__).resolve().parent.parent / "Tests/GeodesyTests/Fixtures/wgs84-geodesics.csv"
rng = random.Random(20261130)
rows = []


def wrap(lon):
    return math.remainder(lon, 360.0)


def add(kind, lat1, lon1, lat2, lon2):
    lat1, lat2 = max(-90.0, min(90.0, lat1)), max(-90.0, min(90.0, lat2))
    g = WGS84.Inverse(lat1, lon1, lat2, lon2)
    rows.append((kind, lat1, lon1, lat2, lon2, g["s12"], g["azi1"], g["azi2"]))


def uniform_point():
    # Uniform over the surface: latitude from the sine.
    return math.degrees(math.asin(rng.uniform(-1, 1))), rng.uniform(-180, 180)


for _ in range(2000):
    add("random", *uniform_point(), *uniform_point())
for _ in range(1000):
    # Short hops from 1 mm to 10 km in any direction.
    lat1, lon1 = uniform_point()
    s = 10 ** rng.uniform(-3, 4)
    d = WGS84.Direct(lat1, lon1, rng.uniform(-180, 180), s)
    add("short", lat1, lon1, d["lat2"], wrap(d["lon2"]))
for _ in range(100):
    lat, lon = uniform_point()
    add("identical", lat, lon, lat, lon)
for lat in (-90.0, 90.0):
    add("identical", lat, 0.0, lat, 0.0)
    add("identical", lat, 10.0, lat, -170.0)
for _ in range(400):
    # At or within a degree of a pole, to the other pole, or anywhere.
    pole = rng.choice((-90.0, 90.0))
    lat1 = pole if rng.random() < 0.4 else pole - math.copysign(10 ** rng.uniform(-9, 0), pole)
    other = rng.random()
    if other < 0.3:
        lat2, lon2 = -pole + rng.uniform(-1, 1) * (rng.random() < 0.5), rng.uniform(-180, 180)
    elif other < 0.6:
        lat2, lon2 = pole - math.copysign(rng.uniform(0, 2), pole), rng.uniform(-180, 180)
    else:
        lat2, lon2 = uniform_point()
    add("pole", lat1, rng.uniform(-180, 180), lat2, lon2)
for _ in range(500):
    # Across the 180th meridian, short and long.
    lat1, lat2 = rng.uniform(-80, 80), rng.uniform(-80, 80)
    lon1 = 180 - 10 ** rng.uniform(-6, 1)
    lon2 = -180 + 10 ** rng.uniform(-6, 1)
    if rng.random() < 0.5:
        lon1, lon2 = lon2, lon1
    add("antimeridian", lat1, lon1, lat2, lon2)
for _ in range(200):
    # Exactly antipodal, a quarter of them on the equator.
    lat, lon = uniform_point()
    if rng.random() < 0.25:
        lat = 0.0
    add("antipodal", lat, lon, -lat, wrap(lon + 180))
for _ in range(1300):
    # Nearly antipodal: offsets from 1e-9 to 0.5 degrees in latitude, longitude or both; some
    # near the equator, where the geodesics from a point spread over the widest region.
    lat, lon = uniform_point()
    if rng.random() < 0.3:
        lat = rng.uniform(-1, 1) * 10 ** rng.uniform(-9, 0)
    dlat = rng.choice((-1, 1)) * 10 ** rng.uniform(-9, math.log10(0.5)) * (rng.random() < 0.7)
    dlon = rng.choice((-1, 1)) * 10 ** rng.uniform(-9, math.log10(0.5)) * (rng.random() < 0.7)
    add("nearly-antipodal", lat, lon, -lat + dlat, wrap(lon + 180 + dlon))
for _ in range(100):
    # Along a meridian and along the equator.
    lon = rng.uniform(-180, 180)
    add("meridian", rng.uniform(-90, 90), lon, rng.uniform(-90, 90), lon if rng.random() < 0.5 else wrap(lon + 180))
    add("equator", 0.0, rng.uniform(-180, 180), 0.0, rng.uniform(-180, 180))

with open(OUT, "w") as out:
    out.write("kind,lat1,lon1,lat2,lon2,s12,azi1,azi2\n")
    for kind, *numbers in rows:
        out.write(kind + "," + ",".join(repr(float(x)) for x in numbers) + "\n")
print(f"{len(rows)} geodesics -> {OUT}")
