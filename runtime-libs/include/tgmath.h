/* oxicc built-in header: <tgmath.h>: in C++ the type-generic maths are the overloads of
 * <cmath> and <complex>, which this header includes (as the C++ standard says). */
#pragma once
#include <cmath>
#include <complex>
