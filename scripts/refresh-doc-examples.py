#!/usr/bin/env python3
"""Runs the shell examples of README.md, docs/cli.md and docs/data.md as ReadmeExamplesTests does
(in order, in one folder, with the debug build installed under a prefix) and writes each
command's real output under it in the page.

Usage: swift build && python3 scripts/refresh-doc-examples.py

Read the diff before committing: the pages' prose must still say what the new output shows.
"""
import os
import pathlib
import re
import subprocess
import tempfile

repo = pathlib.Path(__file__).resolve().parent.parent
pages = ["README.md", "docs/cli.md", "docs/data.md"]
build = repo / ".build/debug"

folder = pathlib.Path(tempfile.mkdtemp())
prefix = pathlib.Path(tempfile.mkdtemp())
for name in ["data", "Tests"]:
    (folder / name).symlink_to(repo / name)
for sub in ["bin", "share/zipgeo", "lib/zipgeo"]:
    (prefix / sub).mkdir(parents=True)
(prefix / "bin/zipgeo").write_bytes((build / "zipgeo").read_bytes())
(prefix / "bin/zipgeo").chmod(0o755)
for name in ["zips.csv", "world.txt.xz"]:
    (prefix / "share/zipgeo" / name).symlink_to(repo / "data" / name)
(prefix / "lib/zipgeo/zipgeo.so").symlink_to(build / "libZipgeo.so")
env = {"PATH": f"{prefix}/bin:/usr/bin:/bin", "HOME": str(folder), "LC_ALL": "C.UTF-8"}


def interactive(command):
    words = command.split(" ")
    return words[0] == "sqlite3" and len(words) == 2


for page in pages:
    path = repo / page
    lines = path.read_text(encoding="utf-8").split("\n")
    out = []
    in_block = False
    indent = 0
    index = 0
    while index < len(lines):
        line = lines[index]
        trimmed = line.lstrip(" ")
        if trimmed.startswith("```"):
            in_block = not in_block
            indent = len(line) - len(trimmed)
            out.append(line)
            index += 1
            continue
        body = line[min(indent, len(line) - len(trimmed)):]
        if not in_block or not body.startswith("$ ") or interactive(body[2:]):
            out.append(line)
            index += 1
            continue
        command = body[2:]
        out.append(line)
        index += 1
        shown = []
        while index < len(lines):
            following = lines[index]
            t = following.lstrip(" ")
            if t.startswith("```") or following[min(indent, len(following) - len(t)):].startswith("$ "):
                break
            shown.append(following[min(indent, len(following) - len(t)):])
            index += 1
        if command.startswith("cat ") and "|" not in command:
            (folder / command[4:]).write_text("\n".join(shown) + "\n", encoding="utf-8")
            out.extend(" " * indent + s if s else s for s in shown)
            continue
        result = subprocess.run(["/bin/bash", "-c", command + " 2>&1"], cwd=folder, env=env,
                                capture_output=True, text=True, timeout=300)
        text = result.stdout.replace(str(prefix), "/usr/local").replace(str(folder), "/home/you").replace("\r\n", "\n")
        new = text[:-1].split("\n") if text.endswith("\n") else (text.split("\n") if text else [])
        def normal(lines):
            return [re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", "TIME", re.sub(r"\b\d+\.\d\d s\b", "N s", s)) for s in lines]

        if normal(new) != normal(shown):
            print(f"{page}: {command}")
            out.extend(" " * indent + s if s else s for s in new)
        else:
            out.extend(" " * indent + s if s else s for s in shown)
    path.write_text("\n".join(out), encoding="utf-8")
