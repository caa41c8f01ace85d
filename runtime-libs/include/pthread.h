/* oxicc built-in header: <pthread.h>: host-only declarations, so that host code including it compiles (oxicc does not compile host function bodies); the object types have glibc's x86-64 sizes */
#pragma once
#include <sys/types.h>
#include <time.h>
typedef unsigned long pthread_t;
typedef union { char __size[56]; long __align; } pthread_attr_t;
typedef union { char __size[40]; long __align; } pthread_mutex_t;
typedef union { char __size[4]; int __align; } pthread_mutexattr_t;
typedef union { char __size[48]; long long __align; } pthread_cond_t;
typedef union { char __size[4]; int __align; } pthread_condattr_t;
typedef union { char __size[56]; long __align; } pthread_rwlock_t;
typedef union { char __size[32]; long __align; } pthread_barrier_t;
typedef union { char __size[4]; int __align; } pthread_barrierattr_t;
typedef unsigned int pthread_key_t;
typedef int pthread_once_t;
typedef volatile int pthread_spinlock_t;
extern "C" int pthread_create(pthread_t *t, const pthread_attr_t *attr, void *(*start)(void *), void *arg);
extern "C" int pthread_join(pthread_t t, void **ret);
extern "C" int pthread_detach(pthread_t t);
extern "C" pthread_t pthread_self(void);
extern "C" void pthread_exit(void *ret);
extern "C" int pthread_attr_init(pthread_attr_t *attr);
extern "C" int pthread_attr_destroy(pthread_attr_t *attr);
extern "C" int pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *attr);
extern "C" int pthread_mutex_destroy(pthread_mutex_t *m);
extern "C" int pthread_mutex_lock(pthread_mutex_t *m);
extern "C" int pthread_mutex_trylock(pthread_mutex_t *m);
extern "C" int pthread_mutex_unlock(pthread_mutex_t *m);
extern "C" int pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *attr);
extern "C" int pthread_cond_destroy(pthread_cond_t *c);
extern "C" int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m);
extern "C" int pthread_cond_signal(pthread_cond_t *c);
extern "C" int pthread_cond_broadcast(pthread_cond_t *c);
extern "C" int pthread_barrier_init(pthread_barrier_t *b, const pthread_barrierattr_t *attr, unsigned count);
extern "C" int pthread_barrier_wait(pthread_barrier_t *b);
extern "C" int pthread_barrier_destroy(pthread_barrier_t *b);
#define PTHREAD_MUTEX_INITIALIZER { { 0 } }
#define PTHREAD_COND_INITIALIZER { { 0 } }
#define PTHREAD_ONCE_INIT 0
