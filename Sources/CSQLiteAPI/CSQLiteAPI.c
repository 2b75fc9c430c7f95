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
