/* oxicc built-in header: assert. As with nvcc on Linux, a failed assertion calls
 * __assert_fail (device code: the trap-and-report path of the CUDA runtime).
 * Not guarded by #pragma once: like the C header, NDEBUG is re-read on every include. */
extern "C" __host__ __device__ void __assert_fail(const char *assertion, const char *file, unsigned int line, const char *function);
#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
#define assert(e) ((e) ? (void)0 : __assert_fail(#e, __FILE__, __LINE__, ""))
#endif
