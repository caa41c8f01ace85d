#if -1 < 0u
unsigned_compare_wrong
#else
unsigned_compare_ok
#endif
#if (-1 >> 63) == -1 && (1 << 62) > 0 && 0x7fffffffffffffff + 0 > 0
shifts_ok
#endif
#if 'A' == 65 && '\377' < 0 && L'\xff' == 255 && u'\xffff' == 0xffff && '\n' == 10
chars_ok
#endif
#if 18446744073709551615u == -1 && 0xffffffffffffffff > 0
umax_ok
#endif
#if 10 / 3 == 3 && -10 / 3 == -3 && -10 % 3 == -1 && 10u % 3 == 1
div_ok
#endif
#if 0 && (1 / 0)
bad
#elif 1 || (1 / 0)
short_circuit_ok
#endif
#if (2 || 1 / 0) == 1 && (0 ? 1 / 0 : 7) == 7
ternary_ok
#endif
#define ZERO 0
#define IS_DEF defined(ZERO)
#if IS_DEF && defined ZERO && !defined(NOT_THERE) && NOT_THERE == 0
defined_ok
#endif
#if true && !false && (1, 2) == 2
cpp_ok
#endif
#if 1'000'000 == 1000000 && 0b1010 == 10 && 017 == 15 && 10ULL == 10 && 5ll == 5
literals_ok
#endif
#if __has_include(<stddef.h>) && !__has_include("no_such_file_here.h")
has_include_ok
#endif
#ifdef __has_include
has_include_defined
#endif
#if __has_attribute(noinline) && __has_cpp_attribute(nodiscard) == 201907 && __has_builtin(__builtin_expect) && !__has_builtin(__builtin_assume)
feature_tests_ok
#endif
#if ~0u == 0xffffffffffffffff && -9223372036854775807 - 1 < 0 && (0 - 1u) > 0
arith_ok
#endif
#if 0
#error not seen
#garbage directive
it's fine
#elif 0
#else
else_taken
#endif
#ifndef ZERO
bad
#elif ZERO
bad
#else
nested_else
#endif
