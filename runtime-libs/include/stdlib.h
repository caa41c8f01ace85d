/* oxicc built-in header: malloc/free (device heap), abs, and host-only prototypes. */
#pragma once
#include <stddef.h>
extern "C" __host__ __device__ void *malloc(size_t size);
extern "C" __host__ __device__ void free(void *ptr);
extern "C" __host__ __device__ int abs(int x);
extern "C" __host__ __device__ long labs(long x);
extern "C" __host__ __device__ long long llabs(long long x);
extern "C" void *calloc(size_t n, size_t size);
extern "C" void *realloc(void *ptr, size_t size);
extern "C" int atoi(const char *s);
extern "C" long atol(const char *s);
extern "C" double atof(const char *s);
extern "C" long strtol(const char *s, char **end, int base);
extern "C" double strtod(const char *s, char **end);
extern "C" int rand(void);
extern "C" void srand(unsigned int seed);
extern "C" void exit(int status);
extern "C" void abort(void);
extern "C" char *getenv(const char *name);
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647
