/* oxicc built-in header: <sys/time.h>: host-only declarations, so that host code including it compiles (oxicc does not compile host function bodies) */
#pragma once
#include <sys/types.h>
struct timeval { time_t tv_sec; suseconds_t tv_usec; };
struct timezone { int tz_minuteswest; int tz_dsttime; };
struct itimerval { struct timeval it_interval; struct timeval it_value; };
extern "C" int gettimeofday(struct timeval *tv, void *tz);
extern "C" int settimeofday(const struct timeval *tv, const struct timezone *tz);
extern "C" int setitimer(int which, const struct itimerval *v, struct itimerval *old);
#define ITIMER_REAL 0
#define timerclear(t) ((t)->tv_sec = (t)->tv_usec = 0)
#define timerisset(t) ((t)->tv_sec || (t)->tv_usec)
