/* oxicc built-in header: clock() works in device code (the SM cycle counter). */
#pragma once
typedef long clock_t;
typedef long time_t;
extern "C" __host__ __device__ clock_t clock(void);
extern "C" time_t time(time_t *t);
#define CLOCKS_PER_SEC 1000000L
