/* oxicc built-in header: <sched.h>: host-only declarations, so that host code including it compiles (oxicc does not compile host function bodies) */
#pragma once
#include <sys/types.h>
extern "C" int sched_yield(void);
