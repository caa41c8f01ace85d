/* oxicc built-in header: <complex.h>: in C++ (what a .cu file is) it is <complex>, as the C++
 * standard says of the C header's C++ form; C's `_Complex` types have no place here. */
#pragma once
#include <complex>
