/* oxicc built-in header: <texture_fetch_functions.h>.
 *
 * nvcc's header of this name held the texture *reference* API, which CUDA 12 removed; what
 * remains for device code are the texture object functions, declared in
 * texture_indirect_functions.h, which this header includes so that either name works. */
#pragma once
#include <texture_indirect_functions.h>
