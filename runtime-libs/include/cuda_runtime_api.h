/* oxicc built-in header: the CUDA runtime API types that host code names at file scope
 * (function signatures, globals). Host function bodies are not compiled by oxicc, so only
 * types and a few prototypes are needed. */
#pragma once
#include <stddef.h>
#include <driver_types.h>

/* The runtime version these declarations stand for (major * 1000 + minor * 10), equal to
 * __CUDACC_VER_MAJOR__/__CUDACC_VER_MINOR__: CCCL (Thrust, CUB, libcu++, CuPy's bundled
 * copy) refuses a compiler whose version differs from CUDART_VERSION. */
#define CUDART_VERSION 13050
#define __CUDART_API_VERSION 13050


extern "C" cudaError_t cudaMalloc(void **devPtr, size_t size);
extern "C" cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags);
extern "C" cudaError_t cudaMallocHost(void **ptr, size_t size);
extern "C" cudaError_t cudaFree(void *devPtr);
extern "C" cudaError_t cudaFreeHost(void *ptr);
extern "C" cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, cudaMemcpyKind kind);
extern "C" cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, cudaMemcpyKind kind, cudaStream_t stream);
extern "C" cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset, cudaMemcpyKind kind);
extern "C" cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset, cudaMemcpyKind kind);
extern "C" cudaError_t cudaMemset(void *devPtr, int value, size_t count);
extern "C" cudaError_t cudaDeviceSynchronize(void);
extern "C" cudaError_t cudaDeviceReset(void);
extern "C" cudaError_t cudaSetDevice(int device);
extern "C" cudaError_t cudaGetDevice(int *device);
extern "C" cudaError_t cudaGetDeviceCount(int *count);
extern "C" cudaError_t cudaGetLastError(void);
extern "C" cudaError_t cudaPeekAtLastError(void);
extern "C" const char *cudaGetErrorString(cudaError_t error);
extern "C" const char *cudaGetErrorName(cudaError_t error);
extern "C" cudaError_t cudaStreamCreate(cudaStream_t *stream);
extern "C" cudaError_t cudaStreamDestroy(cudaStream_t stream);
extern "C" cudaError_t cudaStreamSynchronize(cudaStream_t stream);
extern "C" cudaError_t cudaEventCreate(cudaEvent_t *event);
extern "C" cudaError_t cudaEventDestroy(cudaEvent_t event);
extern "C" cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream);
extern "C" cudaError_t cudaEventSynchronize(cudaEvent_t event);
extern "C" cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);

/* Texture and surface objects (host side): created by the host, read in kernels through the
 * functions of texture_indirect_functions.h and surface_indirect_functions.h. */
extern "C" struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                              enum cudaChannelFormatKind f);
extern "C" cudaError_t cudaCreateTextureObject(cudaTextureObject_t *tex,
                                               const struct cudaResourceDesc *res,
                                               const struct cudaTextureDesc *desc,
                                               const void *view);
extern "C" cudaError_t cudaDestroyTextureObject(cudaTextureObject_t tex);
extern "C" cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *surf,
                                               const struct cudaResourceDesc *res);
extern "C" cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surf);
/* cudaCreateChannelDesc<T>(): the channel format of T (declared for host code only). */
template <class T> __host__ struct cudaChannelFormatDesc cudaCreateChannelDesc(void);

/* The device runtime's graph call (conditional nodes): an external device function that the
 * CUDA driver provides at link time, as NVIDIA's cuda_device_runtime_api.h declares it. */
extern "C" __device__ void cudaGraphSetConditional(cudaGraphConditionalHandle handle, unsigned int value);
