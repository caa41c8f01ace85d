/* oxicc built-in header: <strings.h>: host-only declarations, so that host code including it compiles (oxicc does not compile host function bodies) */
#pragma once
#include <stddef.h>
extern "C" int strcasecmp(const char *a, const char *b);
extern "C" int strncasecmp(const char *a, const char *b, size_t n);
extern "C" void bzero(void *s, size_t n);
extern "C" void bcopy(const void *src, void *dst, size_t n);
extern "C" int bcmp(const void *a, const void *b, size_t n);
extern "C" char *index(const char *s, int c);
extern "C" char *rindex(const char *s, int c);
extern "C" int ffs(int i);
