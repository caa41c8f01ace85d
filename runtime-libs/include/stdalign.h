/* oxicc built-in header: <stdalign.h>: nothing to define in C++ but the marker macros */
#pragma once
#define __alignas_is_defined 1
#define __alignof_is_defined 1
