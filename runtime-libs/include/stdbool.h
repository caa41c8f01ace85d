/* oxicc built-in header: <stdbool.h>: nothing to define in C++ but the marker macro */
#pragma once
#define __bool_true_false_are_defined 1
