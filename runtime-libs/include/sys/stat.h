/* oxicc built-in header: <sys/stat.h>: host-only declarations, so that host code including it compiles (oxicc does not compile host function bodies) */
#pragma once
#include <sys/types.h>
struct stat {
    dev_t st_dev; ino_t st_ino; nlink_t st_nlink; mode_t st_mode; uid_t st_uid; gid_t st_gid;
    int __pad0; dev_t st_rdev; off_t st_size; blksize_t st_blksize; blkcnt_t st_blocks;
    struct timespec st_atim; struct timespec st_mtim; struct timespec st_ctim;
    long __reserved[3];
};
extern "C" int stat(const char *path, struct stat *buf);
extern "C" int fstat(int fd, struct stat *buf);
extern "C" int lstat(const char *path, struct stat *buf);
extern "C" int mkdir(const char *path, mode_t mode);
extern "C" int chmod(const char *path, mode_t mode);
extern "C" mode_t umask(mode_t mask);
#define S_IFMT 0170000
#define S_IFDIR 0040000
#define S_IFREG 0100000
#define S_ISDIR(m) (((m) & S_IFMT) == S_IFDIR)
#define S_ISREG(m) (((m) & S_IFMT) == S_IFREG)
#define S_IRWXU 0700
#define S_IRUSR 0400
#define S_IWUSR 0200
#define S_IXUSR 0100
#define S_IRWXG 070
#define S_IRGRP 040
#define S_IWGRP 020
#define S_IXGRP 010
#define S_IRWXO 07
#define S_IROTH 04
#define S_IWOTH 02
#define S_IXOTH 01
