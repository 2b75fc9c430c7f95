#!/usr/bin/env bash
# Builds the Python wheel dist/zipgeo_sqlite-<version>-py3-none-<platform>.whl: the package
# zipgeo_sqlite (load(conn), loadable_path(), the Datasette and sqlite-utils plugins) with the
# loadable extension inside as zipgeo_sqlite/zipgeo.so.
#
# Usage: scripts/build-wheel.sh [--build-dir DIR] [--out DIR]
#   --build-dir DIR  take libZipgeo.so from DIR, already built, instead of running
#                    `swift build -c release --static-swift-stdlib` (tests pass their debug
#                    products: a swift build inside swift test would wait for SwiftPM's lock)
#   --out DIR        where to write the wheel (default: dist in the repository's folder)
# Prints the wheel's path.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build_dir=""
out="$root/dist"
usage_error() {
  echo "Error: $1" >&2
  echo "Usage: scripts/build-wheel.sh [--build-dir DIR] [--out DIR]" >&2
  exit 64
}
while [ $# -gt 0 ]; do
  case "$1" in
    --build-dir) [ $# -ge 2 ] && [ -n "$2" ] || usage_error "--build-dir needs a folder"; build_dir=$2; shift 2 ;;
    --build-dir=*) build_dir="${1#*=}"; shift ;;
    --out) [ $# -ge 2 ] && [ -n "$2" ] || usage_error "--out needs a folder"; out=$2; shift 2 ;;
    --out=*) out="${1#*=}"; shift ;;
    -h|--help) sed -n '2,11s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) echo "Error: Unknown option '$1'" >&2; echo "Usage: scripts/build-wheel.sh [--build-dir DIR] [--out DIR]" >&2; exit 64 ;;
  esac
done

if [ -z "$build_dir" ]; then
  (cd "$root" && swift build -c release --static-swift-stdlib --product Zipgeo >&2)
  build_dir="$root/.build/release"
fi
extension="$build_dir/libZipgeo.so"
[ -f "$extension" ] || { echo "Error: no $extension; build it with swift build" >&2; exit 1; }

# The wheel carries only the extension: every library it needs must be on any Linux already.
unexpected=$(ldd "$extension" | awk '{print $1}' |
  grep -Ev '^(linux-vdso\.so\.1|/lib64/ld-linux-x86-64\.so\.2|libc\.so\.6|libm\.so\.6|libstdc\+\+\.so\.6|libgcc_s\.so\.1)$' || true)
if [ -n "$unexpected" ]; then
  echo "Error: $extension needs libraries a Python user may not have: $unexpected" >&2
  exit 1
fi

version=$(sed -n 's/^public let zipgeoVersion = "\(.*\)"$/\1/p' "$root/Sources/ZipGeo/Model/Version.swift")
[ -n "$version" ] || { echo "Error: no version in Sources/ZipGeo/Model/Version.swift" >&2; exit 1; }

# manylinux_2_<N>_<arch>, N the newest glibc whose symbols the extension needs (GLIBC_2.35 here),
# which is what `auditwheel show` (PyPI) finds, as PythonWheelTests checks: pip installs the
# wheel on a Linux with that glibc or a newer one, and refuses it on an older one, where it
# would not load.
glibc=$(objdump -T "$extension" | grep -o 'GLIBC_2\.[0-9]*' | sed 's/GLIBC_2\.//' | sort -n | tail -1)
[ -n "$glibc" ] || { echo "Error: no glibc symbol version in $extension (objdump -T)" >&2; exit 1; }
platform="manylinux_2_${glibc}_$(uname -m)"

/usr/bin/python3 "$root/scripts/wheel.py" --extension "$extension" --version "$version" \
  --platform "$platform" --out "$out"
