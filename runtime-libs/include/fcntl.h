/* oxicc built-in header: <fcntl.h>: host-only declarations, so that host code including it compiles (oxicc does not compile host function bodies) */
#pragma once
#include <sys/types.h>
extern "C" int open(const char *path, int flags, ...);
extern "C" int creat(const char *path, mode_t mode);
extern "C" int fcntl(int fd, int cmd, ...);
#define O_RDONLY 00
#define O_WRONLY 01
#define O_RDWR 02
#define O_CREAT 0100
#define O_EXCL 0200
#define O_TRUNC 01000
#define O_APPEND 02000
#define O_NONBLOCK 04000
