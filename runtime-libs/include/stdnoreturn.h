/* oxicc built-in header: <stdnoreturn.h>: C's `noreturn` macro is not defined in C++, where
 * `[[noreturn]]` is the attribute; the header is empty there. */
#pragma once
