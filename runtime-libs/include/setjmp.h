/* oxicc built-in header: <setjmp.h>: host-only declarations, so that host code including it compiles (oxicc does not compile host function bodies) */
#pragma once
typedef long jmp_buf[25];
extern "C" int setjmp(jmp_buf env);
extern "C" void longjmp(jmp_buf env, int val);
