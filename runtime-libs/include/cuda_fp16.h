/* oxicc built-in header: <cuda_fp16.h>, the half-precision types and intrinsics (all in
 * cuda_fp16.hpp, as nvcc's header pulls in its .hpp). */
#pragma once
#include "cuda_fp16.hpp"
