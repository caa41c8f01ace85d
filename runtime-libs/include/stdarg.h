/* oxicc built-in header: <stdarg.h>: va_list for host declarations (variadic device functions are not supported, as in nvcc) */
#pragma once
#include <__oxicc/va_list.h>
typedef __builtin_va_list va_list;
#define va_start(ap, last) ((void)0)
#define va_arg(ap, type) (*(type *)(ap))
#define va_end(ap) ((void)0)
#define va_copy(dst, src) ((dst) = (src))
