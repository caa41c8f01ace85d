/* oxicc built-in header: <malloc.h>: host-only declarations, so that host code including it compiles (oxicc does not compile host function bodies) */
#pragma once
#include <stdlib.h>
extern "C" void *memalign(size_t alignment, size_t size);
extern "C" size_t malloc_usable_size(void *ptr);
