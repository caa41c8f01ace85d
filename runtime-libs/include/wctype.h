/* oxicc built-in header: <wctype.h>: host-only declarations, so that host code including it compiles (oxicc does not compile host function bodies) */
#pragma once
#include <wchar.h>
