/* oxicc built-in header: <cuda_bf16.h>, the bfloat16 types and intrinsics (in
 * cuda_bf16.hpp). Like nvcc's, it makes the half-precision types visible too. */
#pragma once
#include "cuda_fp16.h"
#include "cuda_bf16.hpp"
