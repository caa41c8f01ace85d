/* oxicc built-in header: <threads.h>: C11's threads, host-only. The object types have glibc's
 * x86-64 sizes (checked against the host `cc` by compiler/tests/builtin_headers.rs). */
#pragma once
#include <time.h>
typedef unsigned long thrd_t;
typedef int (*thrd_start_t)(void *);
typedef unsigned int tss_t;
typedef void (*tss_dtor_t)(void *);
typedef union { char __size[40]; long __align; } mtx_t;
typedef union { char __size[48]; long long __align; } cnd_t;
typedef struct { int __data; } once_flag;
#define ONCE_FLAG_INIT { 0 }
#define TSS_DTOR_ITERATIONS 4
enum { thrd_success = 0, thrd_busy = 1, thrd_error = 2, thrd_nomem = 3, thrd_timedout = 4 };
enum { mtx_plain = 0, mtx_recursive = 1, mtx_timed = 2 };
extern "C" int thrd_create(thrd_t *thr, thrd_start_t func, void *arg);
extern "C" int thrd_equal(thrd_t a, thrd_t b);
extern "C" thrd_t thrd_current(void);
extern "C" int thrd_sleep(const struct timespec *duration, struct timespec *remaining);
extern "C" void thrd_exit(int res);
extern "C" int thrd_detach(thrd_t thr);
extern "C" int thrd_join(thrd_t thr, int *res);
extern "C" void thrd_yield(void);
extern "C" int mtx_init(mtx_t *m, int type);
extern "C" int mtx_lock(mtx_t *m);
extern "C" int mtx_timedlock(mtx_t *m, const struct timespec *ts);
extern "C" int mtx_trylock(mtx_t *m);
extern "C" int mtx_unlock(mtx_t *m);
extern "C" void mtx_destroy(mtx_t *m);
extern "C" void call_once(once_flag *flag, void (*func)(void));
extern "C" int cnd_init(cnd_t *c);
extern "C" int cnd_signal(cnd_t *c);
extern "C" int cnd_broadcast(cnd_t *c);
extern "C" int cnd_wait(cnd_t *c, mtx_t *m);
extern "C" int cnd_timedwait(cnd_t *c, mtx_t *m, const struct timespec *ts);
extern "C" void cnd_destroy(cnd_t *c);
extern "C" int tss_create(tss_t *key, tss_dtor_t dtor);
extern "C" void *tss_get(tss_t key);
extern "C" int tss_set(tss_t key, void *val);
extern "C" void tss_delete(tss_t key);
