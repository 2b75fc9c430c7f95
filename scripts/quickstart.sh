#!/usr/bin/env bash
# The main job in one command: build zipgeo (release), import data/zips.csv into ./zipgeo.db,
# and list the zip codes within 10 km of 75075 (Plano, TX), nearest first.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib
# --db: without it, an import in a folder with no zipgeo.db writes the per-user database.
.build/release/zipgeo import data/zips.csv --db zipgeo.db
.build/release/zipgeo near 75075 --km 10
