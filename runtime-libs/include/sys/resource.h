/* oxicc built-in header: <sys/resource.h>: host-only declarations, so that host code including it compiles (oxicc does not compile host function bodies) */
#pragma once
#include <sys/time.h>
struct rusage { struct timeval ru_utime; struct timeval ru_stime; long ru_maxrss; long __rest[13]; };
struct rlimit { unsigned long rlim_cur; unsigned long rlim_max; };
extern "C" int getrusage(int who, struct rusage *usage);
extern "C" int getrlimit(int resource, struct rlimit *rl);
extern "C" int setrlimit(int resource, const struct rlimit *rl);
#define RUSAGE_SELF 0
