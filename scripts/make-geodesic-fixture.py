#!/usr/bin/env python3
"""Writes Tests/GeodesyTests/Fixtures/wgs84-geodesics.csv and wgs84-destinations.csv: reference
geodesics on WGS84 computed by GeographicLib (Karney's own implementation, outside this project),
for zipgeo's tests.

wgs84-geodesics.csv, the inverse problem. Each row: kind, lat1, lon1, lat2, lon2 (degrees), then
GeographicLib's distance s12 (metres) and azimuths azi1, azi2 (degrees).
wgs84-destinations.csv, the direct problem. Each row: kind, lat1, lon1, azi1 (degrees), s12
(metres), then GeographicLib's lat2, lon2, azi2 (degrees).

Numbers are written so that they read back exactly. Seeded: the same files every run.

Usage: pip install geographiclib && python3 scripts/make-geodesic-fixture.py
(made with geographiclib 2.1)
"""
import math
import pathlib
import random

from geographiclib.geodesic import Geodesic

WGS84 = Geodesic.WGS84
FIXTURES = pathlib.Path(__file__).resolve().parent.parent / "Tests/GeodesyTests/Fixtures"
rng = random.Random(20261130)
rows = []


def wrap(lon):
    return math.remainder(lon, 360.0)


corrections = []


def add(kind, lat1, lon1, lat2, lon2):
    lat1, lat2 = max(-90.0, min(90.0, lat1)), max(-90.0, min(90.0, lat2))
    g = WGS84.Inverse(lat1, lon1, lat2, lon2)
    s12 = g["s12"]
    # GeographicLib's Inverse can stop short of its root: near the equator close to lon12 =
    # 180 (1 - f), where cos(azi1) at the root is ~1e-12, its bisection tolerance (absolute in
    # cos azi1) ends the search with lambda12 up to 1e-11 rad off, tens of micrometres. Check by
    # following its geodesic (Direct) and, where it misses the second point, correct s12 by the
    # miss projected on the direction of travel (the error is second order in the miss).
    d = WGS84.Direct(lat1, lon1, g["azi1"], s12)
    miss = WGS84.Inverse(d["lat2"], d["lon2"], lat2, lon2)
    if miss["s12"] > 1e-7:
        correction = miss["s12"] * math.cos(math.radians(miss["azi1"] - d["azi2"]))
        corrections.append((abs(correction), kind, lat1, lon1, lat2, lon2))
        s12 += correction
    rows.append((kind, lat1, lon1, lat2, lon2, s12, g["azi1"], g["azi2"]))


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


# The classes below come from their own generator, so that the rows above stay as they were.
rng = random.Random(20261201)
F = WGS84.f
EQUATOR_SWITCH = 180 * (1 - F)  # beyond this lon12 the path between equatorial points leaves the equator


def tiny_latitude():
    """0, -0.0 or ±10^u degrees, u uniform in [-300, -3]."""
    r = rng.random()
    if r < 0.05:
        return 0.0
    if r < 0.1:
        return -0.0
    return rng.choice((-1, 1)) * 10 ** rng.uniform(-300, -3)


def any_lon12():
    """A longitude difference from every regime: anywhere, short, near 180, near 180 (1 - f)."""
    r = rng.random()
    if r < 0.3:
        return rng.uniform(0, 180)
    if r < 0.45:
        return 10 ** rng.uniform(-12, 1)
    if r < 0.7:
        return 180 - 10 ** rng.uniform(-12, 0) * (rng.random() < 0.95)
    return EQUATOR_SWITCH + rng.choice((-1, 1)) * 10 ** rng.uniform(-12, -0.5) * (rng.random() < 0.95)


def add_pair(kind, lat1, lat2, lon12):
    lon1 = rng.uniform(-180, 180)
    add(kind, lat1, lon1, lat2, lon1 + rng.choice((-1, 1)) * lon12)


for _ in range(3000):
    # Both points within 1e-3 degrees of the equator (latitudes log-uniform down to 1e-300).
    add_pair("near-equator", tiny_latitude(), tiny_latitude(), any_lon12())
for _ in range(1000):
    # One point near the equator, the other anywhere or near the equator's antipode.
    lat2 = math.degrees(math.asin(rng.uniform(-1, 1))) if rng.random() < 0.5 else -10 ** rng.uniform(-12, 0)
    add_pair("near-equator", tiny_latitude(), lat2 * rng.choice((-1, 1)), any_lon12())
for _ in range(1000):
    # Around the switch between the equator and the path over a pole, at lon12 = 180 (1 - f).
    lat1 = tiny_latitude() if rng.random() < 0.8 else rng.choice((-1, 1)) * 10 ** rng.uniform(-3, 0)
    lat2 = tiny_latitude() if rng.random() < 0.8 else rng.choice((-1, 1)) * 10 ** rng.uniform(-3, 0)
    lon12 = EQUATOR_SWITCH + rng.choice((-1, 1)) * 10 ** rng.uniform(-15, -1) * (rng.random() < 0.97)
    add_pair("equator-switch", lat1, lat2, lon12)
for _ in range(1500):
    # Nearly antipodal near and on the equator: latitudes 1e-300 to 1 degree off, longitudes
    # within 1e-12 to 1 degree of 180 (and beyond 180 (1 - f), where the astroid starts).
    lat = tiny_latitude() if rng.random() < 0.6 else rng.choice((-1, 1)) * 10 ** rng.uniform(-3, 0)
    dlat = tiny_latitude() if rng.random() < 0.5 else rng.choice((-1, 1)) * 10 ** rng.uniform(-12, 0)
    dlon = 10 ** rng.uniform(-12, 0.5) * (rng.random() < 0.95)
    add_pair("nearly-antipodal-equator", lat, -lat + dlat, 180 - dlon)
for _ in range(1000):
    # Nearly antipodal anywhere, offsets log-uniform from 1e-15 to 1 degree.
    lat, lon = uniform_point()
    dlat = rng.choice((-1, 1)) * 10 ** rng.uniform(-15, 0) * (rng.random() < 0.8)
    dlon = rng.choice((-1, 1)) * 10 ** rng.uniform(-15, 0) * (rng.random() < 0.8)
    add("nearly-antipodal", lat, lon, -lat + dlat, wrap(lon + 180 + dlon))
for _ in range(600):
    # Meridians: same or opposite longitude, any latitudes, some tiny, some at a pole; and
    # nearly meridional (lon12 down to 1e-15 degrees off 0 or 180).
    lat1 = rng.choice((uniform_point()[0], tiny_latitude(), rng.choice((-90.0, 90.0))))
    lat2 = rng.choice((uniform_point()[0], tiny_latitude(), -lat1 + rng.uniform(-1, 1)))
    lon12 = rng.choice((0.0, 180.0, 10 ** rng.uniform(-15, -3), 180 - 10 ** rng.uniform(-15, -3)))
    add_pair("meridian", lat1, lat2, lon12)
for _ in range(600):
    # At or within 1e-15 to 1e-3 degrees of a pole, to anywhere, near the same or the other pole.
    pole = rng.choice((-90.0, 90.0))
    lat1 = pole if rng.random() < 0.3 else pole - math.copysign(10 ** rng.uniform(-15, -3), pole)
    r = rng.random()
    if r < 0.3:
        lat2 = -pole + math.copysign(10 ** rng.uniform(-15, 0), pole) * (rng.random() < 0.8)
    elif r < 0.6:
        lat2 = pole - math.copysign(10 ** rng.uniform(-15, 0), pole)
    else:
        lat2 = uniform_point()[0]
    add_pair("pole", lat1, lat2, any_lon12())

# The grid of strange but valid inputs that GeodesicTests walks: from (lat1, 0) to (lat2, lon).
STRANGE_LATITUDES = [-90, -89.999999999, -1e-300, -0.0, 0, 5e-324, 1e-9, 45, 89.99999999999, 90]
STRANGE_LONGITUDES = [-1e300, -540, -180, -179.999999999, -0.0, 0, 1e-300, 179.999999999, 180, 360, 1e15]
for lat1 in STRANGE_LATITUDES:
    for lat2 in STRANGE_LATITUDES:
        for lon in STRANGE_LONGITUDES:
            add("strange", lat1, 0.0, lat2, lon)

with open(FIXTURES / "wgs84-geodesics.csv", "w") as out:
    out.write("kind,lat1,lon1,lat2,lon2,s12,azi1,azi2\n")
    for kind, *numbers in rows:
        out.write(kind + "," + ",".join(repr(float(x)) for x in numbers) + "\n")
print(f"{len(rows)} geodesics -> {FIXTURES / 'wgs84-geodesics.csv'}")
print(f"{len(corrections)} distances corrected, the largest by {max(corrections, default=(0,))[0]:.3g} m")

# The direct problem: from centres on and near the equator and the poles, and anywhere, at every
# azimuth, distances from 1 mm to beyond half the circumference.
directs = []


def add_direct(kind, lat1, lon1, azi1, s12):
    g = WGS84.Direct(lat1, lon1, azi1, s12)
    directs.append((kind, lat1, lon1, azi1, s12, g["lat2"], g["lon2"], g["azi2"]))


CENTRES = [0.0, -0.0, 1e-300, -1e-300, 1e-9, 89.999999, -89.999999, 90.0, -90.0]
for _ in range(2500):
    r = rng.random()
    if r < 0.6:
        lat1 = rng.choice(CENTRES)
    elif r < 0.8:
        lat1 = tiny_latitude()
    else:
        lat1 = uniform_point()[0]
    kind = "random" if r >= 0.8 else ("pole" if abs(lat1) > 1 else "equator")
    s12 = 10 ** rng.uniform(-3, math.log10(2.5e7)) * rng.choice((1, 1, 1, -1))
    add_direct(kind, lat1, rng.uniform(-180, 180), rng.choice((rng.uniform(-180, 180), 0.0, 90.0, 180.0, -90.0)), s12)
for lat1 in STRANGE_LATITUDES:
    for lat2 in STRANGE_LATITUDES:
        for lon in STRANGE_LONGITUDES:
            add_direct("strange", lat1, 0.0, lon, lat2 * 1e5)

with open(FIXTURES / "wgs84-destinations.csv", "w") as out:
    out.write("kind,lat1,lon1,azi1,s12,lat2,lon2,azi2\n")
    for kind, *numbers in directs:
        out.write(kind + "," + ",".join(repr(float(x)) for x in numbers) + "\n")
print(f"{len(directs)} destinations -> {FIXTURES / 'wgs84-destinations.csv'}")
