/* oxicc built-in header: <wchar.h>: host-only declarations, so that host code including it compiles (oxicc does not compile host function bodies) */
#pragma once
#include <stddef.h>
typedef unsigned int wint_t;
typedef struct { int __count; unsigned int __value; } mbstate_t;
extern "C" size_t wcslen(const wchar_t *s);
