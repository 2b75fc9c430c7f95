#include "CInterrupt.h"
#include "CSQLiteAPI.h"

#include <signal.h>
#include <string.h>

static sqlite3 *volatile target = 0;
static volatile sig_atomic_t requested = 0;

static void on_sigint(int signal_number) {
  requested = 1;
  // sqlite3_interrupt is safe to call from another thread or a signal handler: it only sets a flag.
  if (target != 0) CSQLITE_API->interruptx(target);
  // Back to the default, so that a second Ctrl-C ends a process that does not stop.
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = SIG_DFL;
  sigaction(signal_number, &action, 0);
}

void interrupt_on_sigint(sqlite3 *db) {
  target = db;
  requested = 0;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_sigint;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, 0);
  // A parent may have started us with SIGINT blocked (a blocked signal stays pending forever).
  sigset_t blocked;
  sigemptyset(&blocked);
  sigaddset(&blocked, SIGINT);
  sigprocmask(SIG_UNBLOCK, &blocked, 0);
}

int interrupt_was_requested(void) { return requested; }
