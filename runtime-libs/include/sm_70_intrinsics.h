/* oxicc built-in header: the warp match intrinsics of sm_70 (`__match_any_sync`,
 * `__match_all_sync`) and the warp reductions of sm_80 (`__reduce_{add,min,max}_sync` on
 * `int`/`unsigned`, `__reduce_{and,or,xor}_sync` on `unsigned`), written for oxicc from the
 * CUDA Programming Guide's description. Each is one PTX instruction (`match.any.sync.b32`,
 * `match.all.sync.b64`, `redux.sync.add.s32`, …) as inline PTX; floating-point values are
 * matched by their bits, as the guide specifies. The reductions exist only when compiling
 * for sm_80 or later (a call elsewhere is an undeclared name, as with nvcc). */
#pragma once

#define __OXICC_MATCH(T, B, bits, conv)                                                    \
    static __device__ __forceinline__ unsigned int __match_any_sync(unsigned int mask, T value) { \
        unsigned int r;                                                                    \
        asm volatile("match.any.sync." bits " %0, %1, %2;" : "=r"(r) : B(conv(value)), "r"(mask)); \
        return r;                                                                          \
    }                                                                                      \
    static __device__ __forceinline__ unsigned int __match_all_sync(unsigned int mask, T value, int *pred) { \
        unsigned int r;                                                                    \
        int p;                                                                             \
        asm volatile("{\n\t.reg .pred p;\n\tmatch.all.sync." bits " %0|p, %2, %3;\n\tselp.s32 %1, 1, 0, p;\n\t}" \
                     : "=r"(r), "=r"(p)                                                    \
                     : B(conv(value)), "r"(mask));                                         \
        *pred = p;                                                                         \
        return r;                                                                          \
    }
#define __OXICC_SAME(x) (x)
__OXICC_MATCH(int, "r", "b32", __OXICC_SAME)
__OXICC_MATCH(unsigned int, "r", "b32", __OXICC_SAME)
__OXICC_MATCH(long long, "l", "b64", __OXICC_SAME)
__OXICC_MATCH(unsigned long long, "l", "b64", __OXICC_SAME)
__OXICC_MATCH(long, "l", "b64", (long long))
__OXICC_MATCH(unsigned long, "l", "b64", (unsigned long long))
__OXICC_MATCH(float, "r", "b32", __float_as_uint)
__OXICC_MATCH(double, "l", "b64", __double_as_longlong)
#undef __OXICC_SAME
#undef __OXICC_MATCH

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define __OXICC_REDUX(name, T, op)                                                         \
    static __device__ __forceinline__ T name(unsigned int mask, T value) {                 \
        T r;                                                                               \
        asm volatile("redux.sync." op " %0, %1, %2;" : "=r"(r) : "r"(value), "r"(mask));   \
        return r;                                                                          \
    }
__OXICC_REDUX(__reduce_add_sync, unsigned int, "add.u32")
__OXICC_REDUX(__reduce_add_sync, int, "add.s32")
__OXICC_REDUX(__reduce_min_sync, unsigned int, "min.u32")
__OXICC_REDUX(__reduce_min_sync, int, "min.s32")
__OXICC_REDUX(__reduce_max_sync, unsigned int, "max.u32")
__OXICC_REDUX(__reduce_max_sync, int, "max.s32")
__OXICC_REDUX(__reduce_and_sync, unsigned int, "and.b32")
__OXICC_REDUX(__reduce_or_sync, unsigned int, "or.b32")
__OXICC_REDUX(__reduce_xor_sync, unsigned int, "xor.b32")
#undef __OXICC_REDUX
#endif
