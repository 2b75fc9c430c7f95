// Ctrl-C for long SQLite work: SIGINT interrupts the statement running on one connection and
// raises a flag that the caller's loops check, so the work stops promptly and rolls back.
#ifndef ZIPGEO_CINTERRUPT_H
#define ZIPGEO_CINTERRUPT_H

#include <sqlite3ext.h>

/// From now on, SIGINT calls sqlite3_interrupt(db) and raises the flag (once; a second Ctrl-C
/// ends the process as usual).
void interrupt_on_sigint(sqlite3 *db);

/// Whether SIGINT has arrived since interrupt_on_sigint.
int interrupt_was_requested(void);

#endif
