/* oxicc built-in header: GCC's predefined `__builtin_va_list`, which gcc's own <stdarg.h>
 * and glibc's headers name in host declarations. Variadic device functions are not
 * supported (as in nvcc), so its x86-64 layout does not matter: a pointer, as oxicc's
 * <stdarg.h> has always had for va_list. */
#pragma once
typedef char *__builtin_va_list;
