"""Writes the zipgeo_sqlite wheel: the Python package in python/ plus the built extension.

Usage: python3 scripts/wheel.py --extension PATH/libZipgeo.so --version 0.2.0 \
           --platform manylinux_2_35_x86_64 --out dist

Standard library only. The wheel is the same bytes for the same inputs: files in a fixed order,
each stamped 1980-01-01 (zip's earliest date), or SOURCE_DATE_EPOCH when it is set.
Prints the wheel's path.
"""

import argparse
import base64
import hashlib
import os
import time
import zipfile

NAME = "zipgeo_sqlite"
SUMMARY = (
    "zipgeo's SQLite extension for Python: distance() and zip code radius searches "
    "(zipgeo_near) in sqlite3, Datasette and sqlite-utils"
)
# zipgeo's code is MIT-licensed (LICENSE, carried in the wheel as PEP 639 asks). The wheel holds
# no zip code data: the extension reads a database the user imports, whose data keep their own
# licences, which the description names.
LICENSE_EXPRESSION = "MIT"
LICENSE_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "LICENSE")
DESCRIPTION = """\
zipgeo's loadable SQLite extension: distance() and the zipgeo_near family of table functions.
zipgeo_sqlite.connect() answers lookups of codes as typed, distances and searches without SQL,
and zipgeo_sqlite.pgeocode answers pgeocode's Nominatim and GeoDistance (it needs pandas).

The code is under the MIT licence (LICENSE). The wheel holds no postal code data; the data a user
imports keep their own licences: GeoNames' postal codes are CC BY 4.0 (attribution "GeoNames,
https://www.geonames.org"), and their GB rows carry Royal Mail's notice, "Contains Royal Mail data
(c) Royal Mail copyright and database right".
"""
REQUIRES_PYTHON = ">=3.8"
ENTRY_POINTS = """\
[datasette]
zipgeo = zipgeo_sqlite.datasette_plugin

[sqlite_utils]
zipgeo = zipgeo_sqlite.sqlite_utils_plugin
"""
SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python", NAME)
MODULES = [
    "__init__.py",
    "_database.py",
    "_location.py",
    "datasette_plugin.py",
    "frame.py",
    "pgeocode.py",
    "sqlite_utils_plugin.py",
]


def timestamp():
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch is None:
        return (1980, 1, 1, 0, 0, 0)
    return max((1980, 1, 1, 0, 0, 0), time.gmtime(int(epoch))[:6])


def record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def main():
    parser = argparse.ArgumentParser(description="Writes the zipgeo_sqlite wheel.")
    parser.add_argument("--extension", required=True, help="the built libZipgeo.so")
    parser.add_argument("--version", required=True)
    parser.add_argument("--platform", required=True, help="the platform tag, e.g. manylinux_2_35_x86_64")
    parser.add_argument("--out", required=True, help="the folder to write the wheel into")
    args = parser.parse_args()

    tag = f"py3-none-{args.platform}"
    dist_info = f"{NAME}-{args.version}.dist-info"
    files = []  # (path in the wheel, bytes, Unix mode)
    for module in MODULES:
        with open(os.path.join(SOURCE, module), "rb") as f:
            files.append((f"{NAME}/{module}", f.read(), 0o644))
    with open(args.extension, "rb") as f:
        # SQLite derives the entry point from the file name: zipgeo.so -> sqlite3_zipgeo_init.
        files.append((f"{NAME}/zipgeo.so", f.read(), 0o755))
    with open(LICENSE_FILE, "rb") as f:
        licence = f.read()
    metadata = (
        "Metadata-Version: 2.4\n"
        f"Name: {NAME}\n"
        f"Version: {args.version}\n"
        f"Summary: {SUMMARY}\n"
        f"License-Expression: {LICENSE_EXPRESSION}\n"
        "License-File: LICENSE\n"
        f"Requires-Python: {REQUIRES_PYTHON}\n"
        "Description-Content-Type: text/plain\n"
        "\n"
        f"{DESCRIPTION}"
    )
    wheel = (
        "Wheel-Version: 1.0\n"
        "Generator: zipgeo scripts/wheel.py\n"
        "Root-Is-Purelib: false\n"
        f"Tag: {tag}\n"
    )
    files.append((f"{dist_info}/METADATA", metadata.encode(), 0o644))
    files.append((f"{dist_info}/WHEEL", wheel.encode(), 0o644))
    files.append((f"{dist_info}/entry_points.txt", ENTRY_POINTS.encode(), 0o644))
    files.append((f"{dist_info}/licenses/LICENSE", licence, 0o644))
    record = "".join(record_line(path, data) + "\n" for path, data, _ in files)
    record += f"{dist_info}/RECORD,,\n"
    files.append((f"{dist_info}/RECORD", record.encode(), 0o644))

    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, f"{NAME}-{args.version}-{tag}.whl")
    partial = path + ".partial"
    stamp = timestamp()
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data, mode in files:
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.external_attr = (0o100000 | mode) << 16  # a regular file with these permissions
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data, compresslevel=9)
    os.replace(partial, path)
    print(path)


if __name__ == "__main__":
    main()
