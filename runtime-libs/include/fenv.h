/* oxicc built-in header: <fenv.h>: host-only declarations, so that host code including it compiles (oxicc does not compile host function bodies) */
#pragma once
typedef struct { unsigned short __cw; unsigned short __pad[15]; } fenv_t;
typedef unsigned short fexcept_t;
extern "C" int fegetround(void);
extern "C" int fesetround(int mode);
#define FE_TONEAREST 0
#define FE_DOWNWARD 0x400
#define FE_UPWARD 0x800
#define FE_TOWARDZERO 0xc00
