// Stopping a long import on a signal: SIGINT (Ctrl-C), SIGTERM (kill, timeout, service managers)
// and SIGHUP (a closed terminal) raise a flag that the import checks, between rows, while it
// waits for input, and inside SQLite statements, so that it stops promptly and rolls back.
#ifndef ZIPGEO_CINTERRUPT_H
#define ZIPGEO_CINTERRUPT_H

/// From now on SIGINT, SIGTERM and SIGHUP raise the flag (once each: a second signal of the same
/// kind ends the process as usual), and SIGXFSZ is ignored, so that a file that reaches its size
/// limit fails a write (an error SQLite rolls back) instead of ending the process mid-import.
void interrupt_on_signals(void);

/// The number of the first of those signals to arrive since interrupt_on_signals, or 0.
int interrupt_signal(void);

/// Puts back what SIGINT, SIGTERM and SIGHUP did before the first interrupt_on_signals (SIGXFSZ
/// stays ignored), and returns the signal that arrived meanwhile, or 0: for work that must finish
/// once it is past the point of no return, and then lets the signal act as it would have.
int interrupt_restore_signals(void);

#endif
