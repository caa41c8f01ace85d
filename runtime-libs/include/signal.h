/* oxicc built-in header: <signal.h>: host-only declarations, so that host code including it compiles (oxicc does not compile host function bodies) */
#pragma once
typedef int sig_atomic_t;
typedef void (*sighandler_t)(int);
extern "C" sighandler_t signal(int sig, sighandler_t handler);
extern "C" int raise(int sig);
#define SIGINT 2
#define SIGILL 4
#define SIGABRT 6
#define SIGFPE 8
#define SIGKILL 9
#define SIGSEGV 11
#define SIGTERM 15
#define SIG_DFL ((sighandler_t)0)
#define SIG_IGN ((sighandler_t)1)
