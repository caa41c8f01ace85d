/* oxicc built-in header: <iso646.h>: the alternative tokens are keywords in C++ */
#pragma once

