/* oxicc built-in header: printf for device code (nvcc lowers device printf to vprintf).
 * The other stdio functions are host-only; their prototypes let host declarations at file
 * scope name them. */
#pragma once
#include <stddef.h>
extern "C" __host__ __device__ int printf(const char *format, ...);
extern "C" int sprintf(char *str, const char *format, ...);
extern "C" int snprintf(char *str, size_t size, const char *format, ...);
extern "C" int puts(const char *s);
extern "C" int putchar(int c);
#define EOF (-1)
