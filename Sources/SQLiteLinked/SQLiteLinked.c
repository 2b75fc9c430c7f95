// Finds the routine table of the libsqlite3 this program links, and installs it for CSQLiteAPI.
//
// SQLite does not export its table, but it passes it to every automatic extension when a
// connection opens; registering one, opening an in-memory database and unregistering it hands
// us exactly the table a loadable extension would get.
// SQLITE_CORE keeps sqlite3ext.h from redirecting sqlite3_* names: here they are the real calls.
#define SQLITE_CORE 1
#include <sqlite3.h>
#include "CSQLiteAPI.h"

static const sqlite3_api_routines *captured = 0;

static int capture(sqlite3 *db, char **error, const sqlite3_api_routines *routines) {
  (void)db;
  (void)error;
  captured = routines;
  return SQLITE_OK;
}

void sqlite_linked_install(void) {
  if (csqlite_is_installed()) return;
  sqlite3 *db = 0;
  sqlite3_auto_extension((void (*)(void))capture);
  sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY, 0);
  sqlite3_close_v2(db);
  sqlite3_cancel_auto_extension((void (*)(void))capture);
  if (captured != 0) csqlite_install(captured);
}

__attribute__((constructor)) static void sqlite_linked_install_at_load(void) { sqlite_linked_install(); }
