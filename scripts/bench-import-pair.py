#!/usr/bin/env python3
"""Two builds of zipgeo importing one file, side by side in one run: rounds interleaved (which
goes first alternates), each into a new database; the median wall time of each, their ratio,
and each one's peak resident memory. For a change's cost to the import, e.g. the index of place
names against the commit before it:

    git worktree add /tmp/before e6919ee && (cd /tmp/before && swift build -c release --product zipgeo)
    swift build -c release --product zipgeo
    scripts/bench-import-pair.py /tmp/before/.build/release/zipgeo .build/release/zipgeo data/world.txt.xz

Usage: scripts/bench-import-pair.py BEFORE AFTER FILE [ROUNDS]   (ROUNDS: 7 unless given)
"""
import os, statistics, subprocess, sys, tempfile, time

before, after, file = sys.argv[1:4]
rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 7
work = tempfile.mkdtemp()
times = {before: [], after: []}
peaks = {before: [], after: []}
# CPU time (user + system) of each run: less disturbed than wall time by other work on a shared
# machine, though it does not show time lost waiting.
cpu = {before: [], after: []}


def run(binary):
    db = os.path.join(work, "pair.db")
    for suffix in ("", "-journal", "-wal"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    start = time.perf_counter()
    child = subprocess.Popen([binary, "import", file, "--db", db, "--quiet"], stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    times[binary].append(time.perf_counter() - start)
    peaks[binary].append(usage.ru_maxrss / 1024)
    cpu[binary].append(usage.ru_utime + usage.ru_stime)
    if status != 0:
        sys.exit(f"{binary} import failed with status {status}")


for r in range(rounds):
    for binary in ((before, after) if r % 2 == 0 else (after, before)):
        run(binary)
for label, binary in (("before", before), ("after", after)):
    print(f"{label:7s} {binary}: median {statistics.median(times[binary]):.2f} s "
          f"(min {min(times[binary]):.2f}, max {max(times[binary]):.2f}), CPU median {statistics.median(cpu[binary]):.2f} s, "
          f"peak RSS {max(peaks[binary]):.0f} MB")
ratios = sorted(a / b for a, b in zip(times[after], times[before]))
print(f"after / before: {statistics.median(times[after]) / statistics.median(times[before]):.3f} (medians); "
      f"pairwise {statistics.median(ratios):.3f} (median of {rounds} pairs, "
      f"{ratios[0]:.2f} to {ratios[-1]:.2f}); CPU {statistics.median(cpu[after]) / statistics.median(cpu[before]):.3f}")
