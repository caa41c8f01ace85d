/* oxicc built-in header: size_t, ptrdiff_t, NULL (x86-64 LP64, as gcc defines them). */
#pragma once
typedef unsigned long size_t;
typedef long ptrdiff_t;
#ifndef NULL
#define NULL 0
#endif
#define offsetof(type, member) __builtin_offsetof(type, member)
