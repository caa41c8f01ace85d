/* oxicc built-in header: the CUDA driver API types host code may name at file scope. */
#pragma once
#include <stddef.h>

#define CUDA_VERSION 13050

enum cudaError_enum {
    CUDA_SUCCESS = 0,
    CUDA_ERROR_INVALID_VALUE = 1,
    CUDA_ERROR_OUT_OF_MEMORY = 2,
    CUDA_ERROR_NOT_INITIALIZED = 3,
    CUDA_ERROR_UNKNOWN = 999
};
typedef enum cudaError_enum CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef void *CUcontext;
typedef void *CUmodule;
typedef void *CUfunction;
typedef void *CUstream;
