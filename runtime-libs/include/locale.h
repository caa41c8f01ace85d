/* oxicc built-in header: <locale.h>: host-only declarations, so that host code including it compiles (oxicc does not compile host function bodies) */
#pragma once
struct lconv;
extern "C" char *setlocale(int category, const char *locale);
#define LC_ALL 6
#define LC_NUMERIC 1
