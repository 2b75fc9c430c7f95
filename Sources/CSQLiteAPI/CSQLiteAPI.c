#include "CSQLiteAPI.h"

#include <string.h>

const sqlite3_api_routines *csqlite_routines = 0;

/// The version of the library whose table won, copied when it was installed: that library may be
/// unloaded later, and its table with it, so refusals never call through it.
static char installed_version[64];

int csqlite_install(const sqlite3_api_routines *routines) {
  // The first table wins, atomically: threads that load zipgeo at once into connections of one
  // SQLite library all hand over the same table.
  const sqlite3_api_routines *expected = 0;
  if (__atomic_compare_exchange_n(&csqlite_routines, &expected, routines, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
    const char *version = routines->libversion ? routines->libversion() : 0;
    if (version) strncpy(installed_version, version, sizeof installed_version - 1);
    return 1;
  }
  return expected == routines;
}

const char *csqlite_installed_version(void) { return installed_version; }

/// Appends `count` bytes to the stamp at `*at`, if they fit; returns 0 when they do not.
static int stamp_append(unsigned char *out, int capacity, int *at, const void *bytes, size_t count) {
  if (count > (size_t)(capacity - *at)) return 0;
  memcpy(out + *at, bytes, count);
  *at += (int)count;
  return 1;
}

int csqlite_data_stamp(sqlite3 *db, unsigned char *out, int capacity) {
  if (!db || !out || capacity <= 0 || !CSQLITE_API) return 0;
  // sqlite3_db_name came in 3.39.0: an older library's routine table ends before it.
  if (CSQLITE_API->libversion_number() < 3039000 || !CSQLITE_API->db_name) return 0;
  if (!CSQLITE_API->get_autocommit(db)) return 0;
  // A statement that writes holds a write transaction even outside BEGIN (a trigger's own
  // statements, an UPDATE whose subquery searches): what it changed moves no version before it
  // ends, and its end may be a rollback. No stamp while any database is being written.
  if (CSQLITE_API->txn_state(db, 0) == SQLITE_TXN_WRITE) return 0;
  int at = 0;
  // This connection's changes, counted as each statement ends, committed or not: with the
  // journal off, a ROLLBACK keeps a change without moving the data version.
  int changes = CSQLITE_API->total_changes(db);
  if (!stamp_append(out, capacity, &at, &changes, sizeof changes)) return 0;
  for (int index = 0;; index++) {
    const char *name = CSQLITE_API->db_name(db, index);
    if (!name) break;
    unsigned int version = 0;
    // A database not opened yet (temp, before its first table) has no version: a marker says so.
    unsigned char opened = CSQLITE_API->file_control(db, name, SQLITE_FCNTL_DATA_VERSION, &version) == SQLITE_OK;
    const char *file = CSQLITE_API->db_filename(db, name);
    if (!file) file = "";
    if (!stamp_append(out, capacity, &at, name, strlen(name) + 1)) return 0;
    if (!stamp_append(out, capacity, &at, file, strlen(file) + 1)) return 0;
    if (!stamp_append(out, capacity, &at, &opened, 1)) return 0;
    if (!stamp_append(out, capacity, &at, &version, sizeof version)) return 0;
  }
  return at;
}
