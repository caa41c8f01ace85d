/* oxicc built-in header: assert. A failed device assertion calls __assertfail(message,
 * file, line, function, sizeof(char)), the entry point nvcc's device code calls (the CUDA
 * runtime reports it and traps). nvcc passes __PRETTY_FUNCTION__ as the function; oxicc
 * passes "" until the front end provides it.
 * Not guarded by #pragma once: as in C, NDEBUG is looked at again on every include. */
#include <stddef.h>
extern "C" __host__ __device__ void __assertfail(const char *message, const char *file, unsigned int line, const char *function, size_t charSize);
#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
#define assert(e) ((e) ? (void)0 : __assertfail(#e, __FILE__, __LINE__, "", sizeof(char)))
#endif
