#include "CSQLiteAPI.h"

const sqlite3_api_routines *csqlite_routines = 0;

void csqlite_install(const sqlite3_api_routines *routines) {
  // A benign race: every caller in one process installs the same table.
  if (csqlite_routines == 0) csqlite_routines = routines;
}
