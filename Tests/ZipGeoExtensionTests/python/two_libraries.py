"""Two SQLite libraries in one process, both asked to load zipgeo: the first keeps working, the
second is refused with a message, and the process survives (it used to crash: the second
library's connections were driven through the first one's routines).

Usage: /usr/bin/python3 two_libraries.py LIBRARY (module-first|copy-first|copy-unloaded)

copy-unloaded: the copy loads zipgeo, closes its connection and is unloaded (dlclose) before
Python's module asks: the refusal must not call into the library that is gone.

The second library is a copy of the libsqlite3 that Python's sqlite3 module links, loaded with
ctypes under another file name, as a wheel such as apsw brings its own SQLite.
"""
import ctypes
import os
import shutil
import sqlite3
import sys
import tempfile

extension, order = sys.argv[1], sys.argv[2]
REFUSAL = b"zipgeo: this process already runs zipgeo in another SQLite library"

linked = next(line.split()[-1] for line in open("/proc/self/maps") if "libsqlite3.so" in line)
folder = tempfile.mkdtemp()
copy = os.path.join(folder, "libsqlite3-copy.so")
shutil.copy(linked, copy)
other = ctypes.CDLL(copy, mode=os.RTLD_LOCAL)
other.sqlite3_libversion.restype = ctypes.c_char_p


def with_module():
    con = sqlite3.connect(":memory:")
    con.enable_load_extension(True)
    try:
        con.load_extension(extension)
    except sqlite3.OperationalError as error:
        return con, str(error).encode()
    return con, None


def with_copy():
    db = ctypes.c_void_p()
    assert other.sqlite3_open(b":memory:", ctypes.byref(db)) == 0
    other.sqlite3_enable_load_extension(db, 1)
    message = ctypes.c_char_p()
    code = other.sqlite3_load_extension(db, extension.encode(), None, ctypes.byref(message))
    return db, (message.value if code != 0 else None)


def distance_in_copy(db):
    statement = ctypes.c_void_p()
    assert other.sqlite3_prepare_v2(db, b"SELECT distance(0, 0, 1, 1)", -1, ctypes.byref(statement), None) == 0
    assert other.sqlite3_step(statement) == 100  # SQLITE_ROW
    other.sqlite3_column_double.restype = ctypes.c_double
    value = other.sqlite3_column_double(statement, 0)
    other.sqlite3_finalize(statement)
    return value


if order == "module-first":
    con, refused = with_module()
    assert refused is None, refused
    db, refused = with_copy()
    assert refused is not None and REFUSAL in refused, refused
    assert con.execute("SELECT distance(0, 0, 1, 1)").fetchone()[0] > 157
    con.close()
elif order == "copy-unloaded":
    import _ctypes
    db, refused = with_copy()
    assert refused is None, refused
    assert distance_in_copy(db) > 157
    assert other.sqlite3_close(db) == 0
    _ctypes.dlclose(other._handle)
    con, refused = with_module()
    assert refused is not None and REFUSAL in refused, refused
    shutil.rmtree(folder)
    print("ok")
    sys.exit(0)
else:
    db, refused = with_copy()
    assert refused is None, refused
    con, refused = with_module()
    assert refused is not None and REFUSAL in refused, refused
    assert distance_in_copy(db) > 157
    con.close()
other.sqlite3_close(db)
shutil.rmtree(folder)
print("ok")
