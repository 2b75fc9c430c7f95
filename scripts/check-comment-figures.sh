#!/usr/bin/env bash
# Lists every comment line (`//`, `///`) under Sources/ and in Package.swift that quotes a
# measured figure: a number followed by a time unit (ns, µs, us, ms, s, seconds, minutes, hours),
# a memory unit (KB, KiB, MB, MiB, GB, GiB) or "instructions". A comment says why; what a change
# measured belongs to the benchmarks (scripts/bench-*.py, scripts/bench/, docs/benchmarks.md),
# where it can be measured again. Exits 1 when it lists a line, 0 when there is none.
#
# Set values are no measurements, and pass when the words around the figure say so: `every
# 100 ms`, `at most 32 MiB`, `up to 5 s`, `within about 100 ms`, `past 4 GiB`, `more than
# 100 ms`, `64 MiB by default`, `64 KiB chunks`, `chunks of 64 KiB`, `runs of 2 MiB`. So do
# figures in `code` and in a fenced example (```), which show output, not a measurement.
#
#   scripts/check-comment-figures.sh
set -euo pipefail
cd "$(dirname "$0")/.."

/usr/bin/env python3 - <<'EOF'
import pathlib
import re
import sys

number = r"(?<![\w.])\d[\d,]*(?:\.\d+)?[kMG]?"
unit = r"(?:ns|µs|μs|us|ms|s|secs?|seconds?|mins?|minutes?|hours?|[KMGT]i?B|kB|instructions?)(?![\w])"
figure = number + r"\s?" + unit
set_before = (
    r"(?i:every|at most(?: about| some)?|up to|within(?: about| the(?: same| last)?)?|past|more than"
    r"|longer than|chunks? of(?: about)?|runs? of)\s+"
)
set_after = r"(?:\s+by default|\s+chunks?|\s+a chunk)"
set_value = re.compile(set_before + figure + "|" + figure + set_after)
measured = re.compile(figure)
comment = re.compile(r"(?:^|(?<=\s))//")

files = sorted(p for p in pathlib.Path("Sources").rglob("*") if p.suffix in (".swift", ".c", ".h"))
found = 0
for path in files + [pathlib.Path("Package.swift")]:
    fenced = False
    for number_, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        start = comment.search(line)
        if not start:
            continue
        text = line[start.end():].lstrip("/").strip()
        if text.startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        text = set_value.sub("", re.sub(r"`[^`]*`", "", text))
        if measured.search(text):
            found += 1
            print(f"{path}:{number_}: {line.strip()}")
if found:
    print(f"{found} comment lines quote a measured figure: say why, and name the benchmark that measures it",
          file=sys.stderr)
sys.exit(1 if found else 0)
EOF
