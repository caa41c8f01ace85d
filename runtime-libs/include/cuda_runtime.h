/* oxicc built-in header: what nvcc's cuda_runtime.h gives device code.
 *
 * nvcc includes this header before every .cu file (`-include cuda_runtime.h`), and through
 * it string.h, stdio.h, stdlib.h, assert.h, limits.h, time.h and the math functions, so
 * those names (UINT_MAX, INT_MAX, …) are usable without an #include. threadIdx, blockIdx, blockDim, gridDim, warpSize,
 * __syncthreads and the overloaded intrinsics (atomics, shuffles, min/max) are built into
 * the compiler and need no declaration. */
#pragma once
#include <__oxicc/va_list.h>
#include <cuda_runtime_api.h>
#include <device_launch_parameters.h>
#include <vector_types.h>
#include <device_functions.h>
#include <sm_61_intrinsics.h>
#include <sm_70_intrinsics.h>
#include <texture_fetch_functions.h>
#include <texture_indirect_functions.h>
#include <surface_indirect_functions.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <assert.h>
#include <math.h>
#include <time.h>
#include <limits.h>
