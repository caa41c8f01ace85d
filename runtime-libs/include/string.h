/* oxicc built-in header: memcpy/memset work in device code; the rest are host-only. */
#pragma once
#include <stddef.h>
extern "C" __host__ __device__ void *memcpy(void *dst, const void *src, size_t n);
extern "C" __host__ __device__ void *memset(void *dst, int c, size_t n);
extern "C" int memcmp(const void *a, const void *b, size_t n);
extern "C" void *memmove(void *dst, const void *src, size_t n);
extern "C" size_t strlen(const char *s);
extern "C" int strcmp(const char *a, const char *b);
extern "C" int strncmp(const char *a, const char *b, size_t n);
extern "C" char *strcpy(char *dst, const char *src);
extern "C" char *strncpy(char *dst, const char *src, size_t n);
extern "C" char *strcat(char *dst, const char *src);
