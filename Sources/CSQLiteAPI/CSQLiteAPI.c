#include "CSQLiteAPI.h"

const sqlite3_api_routines *csqlite_routines = 0;

int csqlite_install(const sqlite3_api_routines *routines) {
  // The first table wins, atomically: threads that load zipgeo at once into connections of one
  // SQLite library all hand over the same table.
  const sqlite3_api_routines *expected = 0;
  if (__atomic_compare_exchange_n(&csqlite_routines, &expected, routines, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    return 1;
  return expected == routines;
}
