#include "CInterrupt.h"

#include <signal.h>
#include <string.h>

static const int handled[] = {SIGINT, SIGTERM, SIGHUP};
#define HANDLED_COUNT (sizeof handled / sizeof handled[0])

static volatile sig_atomic_t received = 0;
/// What each handled signal did before interrupt_on_signals, for interrupt_restore_signals.
static struct sigaction previous[HANDLED_COUNT];
static int saved = 0;

static void on_signal(int signal_number) {
  if (received == 0) received = signal_number;
  // Back to the default, so that the same signal again ends a process that does not stop.
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = SIG_DFL;
  sigaction(signal_number, &action, 0);
}

void interrupt_on_signals(void) {
  received = 0;
  sigset_t blocked;
  sigemptyset(&blocked);
  for (unsigned i = 0; i < HANDLED_COUNT; i++) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    sigaction(handled[i], &action, saved ? 0 : &previous[i]);
    sigaddset(&blocked, handled[i]);
  }
  saved = 1;
  // A parent may have started us with these blocked (a blocked signal stays pending forever).
  sigprocmask(SIG_UNBLOCK, &blocked, 0);
  struct sigaction ignore;
  memset(&ignore, 0, sizeof ignore);
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGXFSZ, &ignore, 0);
}

int interrupt_signal(void) { return received; }

int interrupt_restore_signals(void) {
  if (saved) {
    for (unsigned i = 0; i < HANDLED_COUNT; i++) sigaction(handled[i], &previous[i], 0);
    saved = 0;
  }
  return received;
}
