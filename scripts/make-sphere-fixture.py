#!/usr/bin/env python3
"""Writes Tests/GeodesyTests/Fixtures/sphere-distances.csv: reference great-circle distances.

Each row is a pair of points (degrees, written exactly as Python's shortest repr of the double)
and the distance in km on a sphere of radius 6371.0088 km, computed with mpmath at 60 significant
digits from the haversine formula, which is exact in exact arithmetic. The doubles are taken
exactly (mpf(float) is exact), so the reference is correct to far more digits than a double holds.

Usage: pip install mpmath && python3 scripts/make-sphere-fixture.py
The seed is fixed: running it again writes the same file.
"""
import csv
import math
import pathlib
import random

import mpmath

mpmath.mp.dps = 60
RADIUS_KM = mpmath.mpf("6371.0088")
OUT = pathlib.Path(__file__).resolve().parent.parent / "Tests/GeodesyTests/Fixtures/sphere-distances.csv"


def reference_km(lat1, lon1, lat2, lon2):
    # Angles as fractions of a half turn: sinpi/cospi are exact at multiples of 90 degrees.
    p1, p2 = mpmath.mpf(lat1) / 180, mpmath.mpf(lat2) / 180
    dp = p2 - p1
    dl = (mpmath.mpf(lon2) - mpmath.mpf(lon1)) / 180
    h = mpmath.sinpi(dp / 2) ** 2 + mpmath.cospi(p1) * mpmath.cospi(p2) * mpmath.sinpi(dl / 2) ** 2
    h = min(max(h, mpmath.mpf(0)), mpmath.mpf(1))
    return 2 * RADIUS_KM * mpmath.asin(mpmath.sqrt(h))


def offset(lat, lon, metres, bearing_deg):
    """A point roughly `metres` away (flat-earth step: only the reference distance must be exact)."""
    dlat = metres * math.cos(math.radians(bearing_deg)) / 111_195.0
    dlon = metres * math.sin(math.radians(bearing_deg)) / (111_195.0 * max(math.cos(math.radians(lat)), 1e-6))
    lat2 = max(-90.0, min(90.0, lat + dlat))
    lon2 = lon + dlon
    if lon2 > 180:
        lon2 -= 360
    if lon2 < -180:
        lon2 += 360
    return lat2, lon2


def main():
    rng = random.Random(20261130)
    rows = []

    def add(kind, lat1, lon1, lat2, lon2):
        rows.append((kind, lat1, lon1, lat2, lon2))

    for _ in range(1500):  # random pairs over the globe
        add("global", rng.uniform(-90, 90), rng.uniform(-180, 180), rng.uniform(-90, 90), rng.uniform(-180, 180))
    for _ in range(600):  # short hops, 1 mm to 10 km
        lat, lon = rng.uniform(-89, 89), rng.uniform(-180, 180)
        metres = 10 ** rng.uniform(-3, 4)
        add("short", lat, lon, *offset(lat, lon, metres, rng.uniform(0, 360)))
    for _ in range(50):  # exactly 1 mm due north, at every latitude
        lat, lon = rng.uniform(-89, 89), rng.uniform(-180, 180)
        add("1mm", lat, lon, *offset(lat, lon, 0.001, 0))
    for _ in range(50):  # identical points
        lat, lon = rng.uniform(-90, 90), rng.uniform(-180, 180)
        add("identical", lat, lon, lat, lon)
    for lat in (90.0, -90.0):  # the poles, against anything and each other
        for _ in range(50):
            add("pole", lat, rng.uniform(-180, 180), rng.uniform(-90, 90), rng.uniform(-180, 180))
        add("pole", lat, 0.0, lat, 123.0)
    add("pole", 90.0, 0.0, -90.0, 0.0)
    for _ in range(100):  # across the antimeridian
        lat = rng.uniform(-80, 80)
        add("antimeridian", lat, 180 - rng.uniform(0, 2), rng.uniform(-80, 80), -180 + rng.uniform(0, 2))
    add("antimeridian", 10.0, 180.0, 10.0, -180.0)
    for _ in range(100):  # exactly antipodal
        lat, lon = rng.uniform(-90, 90), rng.uniform(-180, 0)
        add("antipodal", lat, lon, -lat, lon + 180)
    for _ in range(200):  # nearly antipodal, offsets from 1e-9 to 0.5 degrees
        lat, lon = rng.uniform(-89, 89), rng.uniform(-180, 0)
        d = 10 ** rng.uniform(-9, math.log10(0.5))
        add("near-antipodal", lat, lon, -lat + rng.choice((-d, d, 0)), lon + 180 + rng.choice((-d, d)))

    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["kind", "lat1", "lon1", "lat2", "lon2", "km"])
        for kind, lat1, lon1, lat2, lon2 in rows:
            w.writerow([kind, repr(lat1), repr(lon1), repr(lat2), repr(lon2), mpmath.nstr(reference_km(lat1, lon1, lat2, lon2), 25)])
    print(f"wrote {len(rows)} pairs to {OUT}")


if __name__ == "__main__":
    main()
