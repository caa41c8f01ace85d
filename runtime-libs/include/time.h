/* oxicc built-in header: <time.h>: clock() works in device code (the SM cycle counter); the
 * rest is host-only. */
#pragma once
#include <stddef.h>
typedef long clock_t;
typedef long time_t;
typedef int clockid_t;
struct timespec { time_t tv_sec; long tv_nsec; };
struct tm {
    int tm_sec; int tm_min; int tm_hour; int tm_mday; int tm_mon; int tm_year;
    int tm_wday; int tm_yday; int tm_isdst; long tm_gmtoff; const char *tm_zone;
};
extern "C" __host__ __device__ clock_t clock(void);
extern "C" time_t time(time_t *t);
extern "C" double difftime(time_t a, time_t b);
extern "C" time_t mktime(struct tm *t);
extern "C" struct tm *localtime(const time_t *t);
extern "C" struct tm *gmtime(const time_t *t);
extern "C" char *ctime(const time_t *t);
extern "C" char *asctime(const struct tm *t);
extern "C" size_t strftime(char *s, size_t max, const char *format, const struct tm *t);
extern "C" int clock_gettime(clockid_t clk, struct timespec *ts);
extern "C" int clock_getres(clockid_t clk, struct timespec *ts);
extern "C" int nanosleep(const struct timespec *req, struct timespec *rem);
#define CLOCKS_PER_SEC 1000000L
#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
#define CLOCK_PROCESS_CPUTIME_ID 2
#define CLOCK_THREAD_CPUTIME_ID 3
#define CLOCK_MONOTONIC_RAW 4
