/* oxicc built-in header: <dirent.h>: host-only declarations, so that host code including it compiles (oxicc does not compile host function bodies) */
#pragma once
#include <sys/types.h>
struct dirent { ino_t d_ino; off_t d_off; unsigned short d_reclen; unsigned char d_type; char d_name[256]; };
typedef struct __dirstream DIR;
extern "C" DIR *opendir(const char *name);
extern "C" struct dirent *readdir(DIR *dir);
extern "C" int closedir(DIR *dir);
#define DT_DIR 4
#define DT_REG 8
