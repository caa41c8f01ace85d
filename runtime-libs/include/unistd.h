/* oxicc built-in header: <unistd.h>: host-only declarations, so that host code including it compiles (oxicc does not compile host function bodies) */
#pragma once
#include <sys/types.h>
extern "C" unsigned int sleep(unsigned int seconds);
extern "C" int usleep(useconds_t usec);
extern "C" pid_t getpid(void);
extern "C" pid_t getppid(void);
extern "C" pid_t fork(void);
extern "C" ssize_t read(int fd, void *buf, size_t n);
extern "C" ssize_t write(int fd, const void *buf, size_t n);
extern "C" int close(int fd);
extern "C" off_t lseek(int fd, off_t off, int whence);
extern "C" int access(const char *path, int mode);
extern "C" int unlink(const char *path);
extern "C" int rmdir(const char *path);
extern "C" int chdir(const char *path);
extern "C" char *getcwd(char *buf, size_t size);
extern "C" long sysconf(int name);
extern "C" int gethostname(char *name, size_t len);
extern "C" int isatty(int fd);
extern "C" int dup(int fd);
extern "C" int dup2(int fd, int fd2);
extern "C" int pipe(int fds[2]);
extern "C" int execvp(const char *file, char *const argv[]);
extern "C" int getopt(int argc, char *const argv[], const char *optstring);
extern "C" char *optarg;
extern "C" int optind, opterr, optopt;
#define F_OK 0
#define X_OK 1
#define W_OK 2
#define R_OK 4
#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
#define _SC_PAGESIZE 30
#define _SC_NPROCESSORS_CONF 83
#define _SC_NPROCESSORS_ONLN 84
