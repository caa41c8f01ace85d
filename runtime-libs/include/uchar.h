/* oxicc built-in header: <uchar.h>: host-only conversions between multibyte characters and
 * `char16_t`/`char32_t` (built-in types in C++). */
#pragma once
#include <stddef.h>
#include <wchar.h>
extern "C" size_t mbrtoc16(char16_t *pc16, const char *s, size_t n, mbstate_t *ps);
extern "C" size_t c16rtomb(char *s, char16_t c16, mbstate_t *ps);
extern "C" size_t mbrtoc32(char32_t *pc32, const char *s, size_t n, mbstate_t *ps);
extern "C" size_t c32rtomb(char *s, char32_t c32, mbstate_t *ps);
