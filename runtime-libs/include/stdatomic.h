/* oxicc built-in header: <stdatomic.h>: in C++ the C atomics are <atomic>'s (the C++23 form
 * of this header brings them into the global namespace; before C++23 it adds nothing). */
#pragma once
#include <atomic>
