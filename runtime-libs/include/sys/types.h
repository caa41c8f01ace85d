/* oxicc built-in header: <sys/types.h>: the POSIX scalar types (x86-64 glibc's widths) and the BSD short names */
#pragma once
#include <stddef.h>
#include <stdint.h>
#include <time.h>
typedef long ssize_t;
typedef long off_t;
typedef long off64_t;
typedef int pid_t;
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned int mode_t;
typedef unsigned long dev_t;
typedef unsigned long ino_t;
typedef unsigned long nlink_t;
typedef long blksize_t;
typedef long blkcnt_t;
typedef long suseconds_t;
typedef unsigned int useconds_t;
typedef int key_t;
typedef int clockid_t;
typedef void *timer_t;
typedef unsigned char u_char;
typedef unsigned short u_short;
typedef unsigned int u_int;
typedef unsigned long u_long;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef unsigned char u_int8_t;
typedef unsigned short u_int16_t;
typedef unsigned int u_int32_t;
typedef unsigned long u_int64_t;
typedef char *caddr_t;
/* glibc's internal names of these types (<bits/types.h>), which the host's own headers
 * use when a header oxicc lacks comes from the host toolchain (<sys/socket.h>). */
typedef unsigned int __socklen_t;
typedef int __pid_t;
typedef unsigned int __uid_t;
typedef unsigned int __gid_t;
typedef unsigned int __mode_t;
typedef long __off_t;
typedef long __off64_t;
typedef long __ssize_t;
typedef unsigned long __dev_t;
typedef unsigned long __ino_t;
typedef long __time_t;
typedef long __suseconds_t;
typedef int __clockid_t;
typedef unsigned short __u_short;
typedef unsigned int __u_int;
typedef unsigned long __u_long;
typedef unsigned char __uint8_t;
typedef unsigned short __uint16_t;
typedef unsigned int __uint32_t;
typedef unsigned long __uint64_t;
typedef int __int32_t;
