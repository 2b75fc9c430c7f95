#!/usr/bin/env python3
"""Draws a zipgeo GeoJSON answer as an SVG: each zip as a labelled point, and for `near` results
the search circle, so a reader sees at a glance that the answer is a circle, not a square.

Usage: zipgeo near 75075 --km 10 --format geojson > docs/near-75075-10km.geojson
       python3 scripts/plot-geojson.py docs/near-75075-10km.geojson docs/near-75075-10km.svg

Standard library only. The map is equirectangular around the centre (longitude scaled by the
cosine of the latitude), which is true to within a fraction of a percent at this scale.
"""
import json
import math
import sys

R_KM = 6371.0088
if len(sys.argv) != 3 or sys.argv[1] in ("-h", "--help"):
    sys.exit("usage: python3 scripts/plot-geojson.py ANSWER.geojson PICTURE.svg\n"
             "  ANSWER.geojson: the output of zipgeo near|nearest ... --format geojson")
source, target = sys.argv[1], sys.argv[2]
try:
    with open(source) as file:
        collection = json.load(file)
    points = [(f["geometry"]["coordinates"][0], f["geometry"]["coordinates"][1], f["properties"])
              for f in collection["features"]]
except (OSError, ValueError, KeyError, IndexError, TypeError) as error:
    sys.exit(f"plot-geojson: {source}: not a zipgeo GeoJSON answer ({type(error).__name__}: {error})")
query = collection.get("properties", {})
if "center_lat" in query and "center_lon" in query:
    lat0, lon0 = query["center_lat"], query["center_lon"]
elif points:
    lat0 = sum(p[1] for p in points) / len(points)
    lon0 = sum(p[0] for p in points) / len(points)
else:
    sys.exit(f"plot-geojson: {source}: no points and no centre to draw")
scale = math.cos(math.radians(lat0))


def km(lon, lat):
    """Kilometres east and north of the centre."""
    return (math.radians(lon - lon0) * scale * R_KM, math.radians(lat - lat0) * R_KM)


def circle(radius_km, steps=180):
    """The points at radius_km from the centre on the sphere (the destination formula)."""
    d = radius_km / R_KM
    phi1, lam1 = math.radians(lat0), math.radians(lon0)
    out = []
    for i in range(steps + 1):
        theta = 2 * math.pi * i / steps
        phi2 = math.asin(math.sin(phi1) * math.cos(d) + math.cos(phi1) * math.sin(d) * math.cos(theta))
        lam2 = lam1 + math.atan2(math.sin(theta) * math.sin(d) * math.cos(phi1),
                                 math.cos(d) - math.sin(phi1) * math.sin(phi2))
        out.append(km(math.degrees(lam2), math.degrees(phi2)))
    return out


radius = query.get("radius")
unit = query.get("unit", "km")
radius_km = radius * (1.609344 if unit == "mi" else 1.0) if radius else None
xy = [km(lon, lat) for lon, lat, _ in points]
extent = max([radius_km or 0] + [max(abs(x), abs(y)) for x, y in xy]) * 1.15
size, margin = 640, 40
px = lambda x: margin + (x + extent) / (2 * extent) * size
py = lambda y: margin + (extent - y) / (2 * extent) * size

svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size + 2 * margin}" height="{size + 2 * margin + 30}" '
       f'font-family="sans-serif" font-size="11">',
       f'<rect width="100%" height="100%" fill="white"/>']
if radius_km:
    ring = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in circle(radius_km))
    svg.append(f'<polygon points="{ring}" fill="#e8f1fb" stroke="#3a78c2" stroke-width="1.5"/>')
# Zips that share a centroid share a point and one label.
labels = {}
for (x, y), (_, _, props) in zip(xy, points):
    labels.setdefault((round(x, 6), round(y, 6)), []).append(props.get("zip", ""))
for (x, y), zips in labels.items():
    is_centre = query.get("center") in zips
    svg.append(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="{5 if is_centre else 3.5}" '
               f'fill="{"#c0392b" if is_centre else "#2c3e50"}"/>')
    svg.append(f'<text x="{px(x) + 6:.1f}" y="{py(y) - 4:.1f}">{", ".join(zips)}</text>')
title = (f'zipgeo near {query["center"]} --{unit} {radius:g}: {len(points)} zips within the circle'
         if radius else f"{len(points)} points")
svg.append(f'<text x="{margin}" y="{size + 2 * margin + 15}" font-size="13">{title}</text>')
svg.append("</svg>")
open(target, "w").write("\n".join(svg) + "\n")
print(f"wrote {target}: {len(points)} points" + (f", circle of {radius:g} {unit}" if radius else ""))
