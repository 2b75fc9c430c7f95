#!/usr/bin/env python3
"""One small query from a fresh process: `zipgeo near` against the stock sqlite3 shell running the
same zipgeo_near query with the extension loaded, side by side in one run (interleaved, medians of
CPU time, user + system, of each process), and each side's instructions under callgrind when
valgrind is installed (repeatable where times are not).

Usage: /usr/bin/python3 scripts/bench/single-call.py DATABASE [--build-dir DIR] [--code CODE] [--km KM] [--runs N]
  DATABASE: a zipgeo database (the world file: zipgeo import --world, or data/world.txt.xz);
  --build-dir: where zipgeo and libZipgeo.so are (default .build/release); --code (default
  US:75075) and --km (default 10): the query; --runs (default 40).
"""
import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import tempfile

parser = argparse.ArgumentParser()
parser.add_argument("database")
parser.add_argument("--build-dir", default=".build/release")
parser.add_argument("--code", default="US:75075")
parser.add_argument("--km", default="10")
parser.add_argument("--runs", type=int, default=40)
args = parser.parse_args()
build = os.path.abspath(args.build_dir)
sides = {
    "zipgeo near": [os.path.join(build, "zipgeo"), "near", args.code, "--km", args.km, "--db", args.database],
    "sqlite3 + extension": [
        shutil.which("sqlite3") or "/usr/bin/sqlite3", args.database, "-cmd", f".load {build}/libZipgeo",
        f"SELECT * FROM zipgeo_near('{args.code}', {args.km})",
    ],
}


def cpu_of(command):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


times = {name: [] for name in sides}
for command in sides.values():
    cpu_of(command)
for _ in range(args.runs):
    for name, command in sides.items():
        times[name].append(cpu_of(command))
print(f"{args.runs} runs each, interleaved; CPU time (user + system) of each process, medians")
for name in sides:
    print(f"  {name:22} {statistics.median(times[name]) * 1e3:7.2f} ms")
ratio = statistics.median(times["zipgeo near"]) / statistics.median(times["sqlite3 + extension"])
print(f"  zipgeo near / sqlite3: {ratio:.2f}")

if shutil.which("valgrind"):
    # Copies without debug information, which valgrind's reader of lld's output gives up on.
    with tempfile.TemporaryDirectory() as folder:
        for name in ("zipgeo", "libZipgeo.so"):
            shutil.copy(os.path.join(build, name), folder)
            subprocess.run(["strip", "-g", os.path.join(folder, name)], check=True)
        counted = {}
        for name, command in sides.items():
            command = [part.replace(build, folder) for part in command]
            result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + command,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            found = re.search(r"Collected : (\d+)", result.stderr)
            counted[name] = int(found.group(1)) if found else None
            print(f"  {name:22} {counted[name]:,} instructions" if found else f"  {name}: callgrind failed")
        if all(counted.values()):
            print(f"  zipgeo near / sqlite3: {counted['zipgeo near'] / counted['sqlite3 + extension']:.2f} (instructions)")
