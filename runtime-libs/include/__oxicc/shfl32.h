/* oxicc built-in header (internal): the 32-bit warp shuffles and 16-bit lane moves under
 * the half and bfloat16 shuffles of cuda_fp16.hpp and cuda_bf16.hpp (each header may be
 * included alone, so both include this one). `name(mask, v, lane, width)` is one
 * `shfl.sync.{idx,up,down,bfly}.b32` whose clamp operand packs `(warpSize - width) << 8`
 * with the highest lane (31), except for `up`, which clamps at 0. */
#pragma once

#define __OXICC_SHFL_B32(name, mode, lanety, lowlane)                                     \
    static __device__ __forceinline__ unsigned int name(unsigned int mask, unsigned int v,  \
                                                        lanety lane, int width) {          \
        unsigned int r;                                                                    \
        asm volatile("shfl.sync." mode ".b32 %0, %1, %2, %3, %4;"                          \
                     : "=r"(r)                                                             \
                     : "r"(v), "r"(lane), "r"(((warpSize - width) << 8) | (lowlane)),       \
                       "r"(mask));                                                         \
        return r;                                                                          \
    }
__OXICC_SHFL_B32(__oxicc_shfl_idx_b32, "idx", int, 31)
__OXICC_SHFL_B32(__oxicc_shfl_up_b32, "up", unsigned int, 0)
__OXICC_SHFL_B32(__oxicc_shfl_down_b32, "down", unsigned int, 31)
__OXICC_SHFL_B32(__oxicc_shfl_bfly_b32, "bfly", int, 31)
#undef __OXICC_SHFL_B32

static __device__ __forceinline__ unsigned int __oxicc_h_dup(const unsigned short h) {
    unsigned int r;
    asm("mov.b32 %0, {%1, %1};" : "=r"(r) : "h"(h));
    return r;
}
static __device__ __forceinline__ unsigned short __oxicc_low16(const unsigned int u) {
    unsigned short lo, hi;
    asm("mov.b32 {%0, %1}, %2;" : "=h"(lo), "=h"(hi) : "r"(u));
    return lo;
}
