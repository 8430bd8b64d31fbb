/*
 * segv_handler_exit.c - RefreshHost test fixture.
 *
 * Breaks: takes over crash handling. Its first pull installs its own
 * SIGSEGV handler, which calls _exit(3), then writes through a NULL pointer
 * the optimiser cannot see. The process ends with status 3, not the signal;
 * the host must still name the entry point: it ended its worker in pull().
 */
/* For sigaction under strict -std=c11. */
#define _POSIX_C_SOURCE 200809L

#include <signal.h>
#include <unistd.h>

#define FIXTURE_NAME "segv_handler_exit"
#define FIXTURE_PULL fixture_pull
#include "fixture_base.h"

static void on_segv(int signal_number)
{
    (void)signal_number;
    _exit(3);
}

static void fixture_pull(const rh_instance_t *instance, double distance, double ratio, double velocity)
{
    (void)instance, (void)distance, (void)ratio, (void)velocity;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_segv;
    sigemptyset(&action.sa_mask);
    sigaction(SIGSEGV, &action, NULL);
    int *volatile nowhere = NULL;
    *nowhere = 1;
}
