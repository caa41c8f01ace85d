/* oxicc built-in header: <sys/wait.h>: host-only declarations, so that host code including it
 * compiles (oxicc does not compile host function bodies). */
#pragma once
#include <sys/types.h>
extern "C" pid_t wait(int *status);
extern "C" pid_t waitpid(pid_t pid, int *status, int options);
#define WNOHANG 1
#define WEXITSTATUS(s) (((s) & 0xff00) >> 8)
#define WIFEXITED(s) (((s) & 0x7f) == 0)
