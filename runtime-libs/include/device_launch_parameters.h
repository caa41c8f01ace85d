/* oxicc built-in header: threadIdx, blockIdx, blockDim, gridDim and warpSize are built
 * into the compiler, so this header declares nothing. */
#pragma once
