/* oxicc built-in header (internal): what cuda/barrier and cuda/pipeline share: the thread
 * scopes (`cuda::thread_scope_*`, with libcu++'s values), `cuda::aligned_size_t<A>` (a
 * size whose pointers and value are multiples of A) and the copy that both forms of
 * `cuda::memcpy_async` make. */
#pragma once
#include <__oxicc/async.h>
#include <utility>

namespace cuda {

enum thread_scope {
    thread_scope_system = 0,
    thread_scope_device = 1,
    thread_scope_block = 2,
    thread_scope_thread = 3
};

template <unsigned long Alignment> struct aligned_size_t {
    static constexpr unsigned long align = Alignment;
    unsigned long value;
    __host__ __device__ explicit constexpr aligned_size_t(unsigned long size) : value(size) {}
    __host__ __device__ constexpr operator unsigned long() const { return value; }
};

namespace __oxicc_detail {
/* The alignment a size argument promises: aligned_size_t's, else the element type's. */
template <class T, class Size> struct copy_align {
    static constexpr unsigned long value = alignof(T);
};
template <class T, unsigned long A> struct copy_align<T, aligned_size_t<A>> {
    static constexpr unsigned long value = A > alignof(T) ? A : alignof(T);
};
template <class T> struct copy_align_of_void {
    static constexpr unsigned long value = 1;
};
} // namespace __oxicc_detail

} // namespace cuda
