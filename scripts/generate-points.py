#!/usr/bin/env python3
"""Writes N reproducible random points as a CSV that `zipgeo import` reads.

Usage: python3 scripts/generate-points.py N OUTPUT.csv [--seed 1]

Points are uniform over the continental United States (latitude 24.5..49.4, longitude
-124.8..-66.9), with zip codes P0000001, P0000002, ... The same N and seed give the same file.
"""
import argparse
import random

parser = argparse.ArgumentParser()
parser.add_argument("count", type=int)
parser.add_argument("output")
parser.add_argument("--seed", type=int, default=1)
args = parser.parse_args()

rng = random.Random(args.seed)
width = len(str(args.count))
with open(args.output, "w", newline="") as f:
    f.write("zip,place,state,lat,lon\n")
    lines = []
    for i in range(1, args.count + 1):
        lines.append(f"P{i:0{width}d},Point {i},US,{rng.uniform(24.5, 49.4):.5f},{rng.uniform(-124.8, -66.9):.5f}\n")
        if len(lines) == 100_000:
            f.writelines(lines)
            lines.clear()
    f.writelines(lines)
