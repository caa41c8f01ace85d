/* oxicc built-in header: <memory.h>: the old BSD name of <string.h> */
#pragma once
#include <string.h>
