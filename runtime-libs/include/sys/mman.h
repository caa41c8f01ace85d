/* oxicc built-in header: <sys/mman.h>: host-only declarations, so that host code including it compiles (oxicc does not compile host function bodies) */
#pragma once
#include <sys/types.h>
extern "C" void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);
extern "C" int munmap(void *addr, size_t len);
#define PROT_NONE 0
#define PROT_READ 1
#define PROT_WRITE 2
#define PROT_EXEC 4
#define MAP_SHARED 1
#define MAP_PRIVATE 2
#define MAP_ANONYMOUS 0x20
#define MAP_FAILED ((void *)-1)
