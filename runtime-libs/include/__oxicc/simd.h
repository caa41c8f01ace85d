/* oxicc built-in header (internal, included by device_functions.h): the SIMD intrinsics on
 * two 16-bit or four 8-bit lanes of an unsigned int (CUDA Math API, "SIMD Intrinsics"), and
 * the averaging and sum-of-absolute-difference integer intrinsics. Where PTX has a SIMD
 * video instruction (`vadd4`, `vabsdiff2`, `vavrg4`, …) the function is that instruction
 * with a zero merge operand; the comparisons, which PTX's `vset` would need, are lane loops. */
#pragma once

#define __OXICC_SIMD(NAME, INSN)                                                            \
    static __device__ __forceinline__ unsigned int NAME(unsigned int a, unsigned int b) {   \
        unsigned int d;                                                                     \
        asm(INSN " %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(0));                    \
        return d;                                                                           \
    }
__OXICC_SIMD(__vadd2, "vadd2.u32.u32.u32")
__OXICC_SIMD(__vsub2, "vsub2.u32.u32.u32")
__OXICC_SIMD(__vadd4, "vadd4.u32.u32.u32")
__OXICC_SIMD(__vsub4, "vsub4.u32.u32.u32")
__OXICC_SIMD(__vaddss2, "vadd2.s32.s32.s32.sat")
__OXICC_SIMD(__vaddss4, "vadd4.s32.s32.s32.sat")
__OXICC_SIMD(__vaddus2, "vadd2.u32.u32.u32.sat")
__OXICC_SIMD(__vaddus4, "vadd4.u32.u32.u32.sat")
__OXICC_SIMD(__vsubss2, "vsub2.s32.s32.s32.sat")
__OXICC_SIMD(__vsubss4, "vsub4.s32.s32.s32.sat")
__OXICC_SIMD(__vsubus2, "vsub2.u32.u32.u32.sat")
__OXICC_SIMD(__vsubus4, "vsub4.u32.u32.u32.sat")
__OXICC_SIMD(__vabsdiffu2, "vabsdiff2.u32.u32.u32")
__OXICC_SIMD(__vabsdiffu4, "vabsdiff4.u32.u32.u32")
__OXICC_SIMD(__vabsdiffs2, "vabsdiff2.s32.s32.s32")
__OXICC_SIMD(__vabsdiffs4, "vabsdiff4.s32.s32.s32")
__OXICC_SIMD(__vavgu2, "vavrg2.u32.u32.u32")
__OXICC_SIMD(__vavgu4, "vavrg4.u32.u32.u32")
__OXICC_SIMD(__vmaxu2, "vmax2.u32.u32.u32")
__OXICC_SIMD(__vmaxu4, "vmax4.u32.u32.u32")
__OXICC_SIMD(__vmaxs2, "vmax2.s32.s32.s32")
__OXICC_SIMD(__vmaxs4, "vmax4.s32.s32.s32")
__OXICC_SIMD(__vminu2, "vmin2.u32.u32.u32")
__OXICC_SIMD(__vminu4, "vmin4.u32.u32.u32")
__OXICC_SIMD(__vmins2, "vmin2.s32.s32.s32")
__OXICC_SIMD(__vmins4, "vmin4.s32.s32.s32")
#undef __OXICC_SIMD

/* Lane comparisons: `__vset*` give 1 in a lane where the comparison holds, `__vcmp*` all
 * ones. `W` is the lane width in bits; signed lanes are compared after sign extension. */
#define __OXICC_VCMP(NAME, W, T, OP, ONE)                                                   \
    static __device__ __forceinline__ unsigned int NAME(unsigned int a, unsigned int b) {   \
        unsigned int r = 0;                                                                 \
        for (int s = 0; s < 32; s += W) {                                                   \
            T x = (T)(a >> s), y = (T)(b >> s);                                             \
            if (x OP y)                                                                     \
                r |= (unsigned int)(ONE) << s;                                              \
        }                                                                                   \
        return r;                                                                           \
    }
__OXICC_VCMP(__vseteq2, 16, unsigned short, ==, 1)
__OXICC_VCMP(__vseteq4, 8, unsigned char, ==, 1)
__OXICC_VCMP(__vsetne2, 16, unsigned short, !=, 1)
__OXICC_VCMP(__vsetne4, 8, unsigned char, !=, 1)
__OXICC_VCMP(__vsetltu2, 16, unsigned short, <, 1)
__OXICC_VCMP(__vsetltu4, 8, unsigned char, <, 1)
__OXICC_VCMP(__vsetgtu2, 16, unsigned short, >, 1)
__OXICC_VCMP(__vsetgtu4, 8, unsigned char, >, 1)
__OXICC_VCMP(__vsetlts2, 16, short, <, 1)
__OXICC_VCMP(__vsetlts4, 8, signed char, <, 1)
__OXICC_VCMP(__vsetgts2, 16, short, >, 1)
__OXICC_VCMP(__vsetgts4, 8, signed char, >, 1)
__OXICC_VCMP(__vcmpeq2, 16, unsigned short, ==, 0xFFFFu)
__OXICC_VCMP(__vcmpeq4, 8, unsigned char, ==, 0xFFu)
__OXICC_VCMP(__vcmpne2, 16, unsigned short, !=, 0xFFFFu)
__OXICC_VCMP(__vcmpne4, 8, unsigned char, !=, 0xFFu)
__OXICC_VCMP(__vcmpltu2, 16, unsigned short, <, 0xFFFFu)
__OXICC_VCMP(__vcmpltu4, 8, unsigned char, <, 0xFFu)
__OXICC_VCMP(__vcmpgtu2, 16, unsigned short, >, 0xFFFFu)
__OXICC_VCMP(__vcmpgtu4, 8, unsigned char, >, 0xFFu)
__OXICC_VCMP(__vcmplts2, 16, short, <, 0xFFFFu)
__OXICC_VCMP(__vcmplts4, 8, signed char, <, 0xFFu)
__OXICC_VCMP(__vcmpgts2, 16, short, >, 0xFFFFu)
__OXICC_VCMP(__vcmpgts4, 8, signed char, >, 0xFFu)
#undef __OXICC_VCMP

/* The rest of the family as lane loops: `X`/`Y` are the lanes of `a`/`b` widened to `int` (by
 * `T`'s signedness), `E` the lane's result, truncated to the lane. Saturation, rounding and
 * wrap-around are the Math API's: `__vabsss`/`__vnegss` saturate -min to max, `__vabs`/`__vneg`
 * wrap, `__vavgs` rounds ties away from zero, `__vhaddu` truncates. */
#define __OXICC_VLANE(NAME, W, T, E)                                                        \
    static __device__ __forceinline__ unsigned int NAME(unsigned int a, unsigned int b) {   \
        unsigned int r = 0;                                                                 \
        for (int s = 0; s < 32; s += W) {                                                   \
            int X = (T)(a >> s), Y = (T)(b >> s);                                           \
            (void)Y;                                                                        \
            r |= ((unsigned int)(E) & ((1u << W) - 1u)) << s;                              \
        }                                                                                   \
        return r;                                                                           \
    }
#define __OXICC_VUNARY(NAME, W, T, E)                                                       \
    __OXICC_VLANE(__oxicc_##NAME, W, T, E)                                                  \
    static __device__ __forceinline__ unsigned int NAME(unsigned int a) {                   \
        return __oxicc_##NAME(a, 0u);                                                       \
    }
#define __OXICC_SMAX(W) ((1 << (W - 1)) - 1)
__OXICC_VUNARY(__vabs2, 16, short, X < 0 ? -X : X)
__OXICC_VUNARY(__vabs4, 8, signed char, X < 0 ? -X : X)
__OXICC_VUNARY(__vabsss2, 16, short, X < 0 ? (-X > __OXICC_SMAX(16) ? __OXICC_SMAX(16) : -X) : X)
__OXICC_VUNARY(__vabsss4, 8, signed char, X < 0 ? (-X > __OXICC_SMAX(8) ? __OXICC_SMAX(8) : -X) : X)
__OXICC_VUNARY(__vneg2, 16, short, -X)
__OXICC_VUNARY(__vneg4, 8, signed char, -X)
__OXICC_VUNARY(__vnegss2, 16, short, -X > __OXICC_SMAX(16) ? __OXICC_SMAX(16) : -X)
__OXICC_VUNARY(__vnegss4, 8, signed char, -X > __OXICC_SMAX(8) ? __OXICC_SMAX(8) : -X)
__OXICC_VLANE(__vavgs2, 16, short, (X + Y + (X + Y >= 0 ? 1 : -1)) / 2)
__OXICC_VLANE(__vavgs4, 8, signed char, (X + Y + (X + Y >= 0 ? 1 : -1)) / 2)
__OXICC_VLANE(__vhaddu2, 16, unsigned short, (X + Y) >> 1)
__OXICC_VLANE(__vhaddu4, 8, unsigned char, (X + Y) >> 1)
__OXICC_VLANE(__vcmpges2, 16, short, X >= Y ? 0xFFFF : 0)
__OXICC_VLANE(__vcmpges4, 8, signed char, X >= Y ? 0xFF : 0)
__OXICC_VLANE(__vcmpgeu2, 16, unsigned short, X >= Y ? 0xFFFF : 0)
__OXICC_VLANE(__vcmpgeu4, 8, unsigned char, X >= Y ? 0xFF : 0)
__OXICC_VLANE(__vcmples2, 16, short, X <= Y ? 0xFFFF : 0)
__OXICC_VLANE(__vcmples4, 8, signed char, X <= Y ? 0xFF : 0)
__OXICC_VLANE(__vcmpleu2, 16, unsigned short, X <= Y ? 0xFFFF : 0)
__OXICC_VLANE(__vcmpleu4, 8, unsigned char, X <= Y ? 0xFF : 0)
__OXICC_VLANE(__vsetges2, 16, short, X >= Y)
__OXICC_VLANE(__vsetges4, 8, signed char, X >= Y)
__OXICC_VLANE(__vsetgeu2, 16, unsigned short, X >= Y)
__OXICC_VLANE(__vsetgeu4, 8, unsigned char, X >= Y)
__OXICC_VLANE(__vsetles2, 16, short, X <= Y)
__OXICC_VLANE(__vsetles4, 8, signed char, X <= Y)
__OXICC_VLANE(__vsetleu2, 16, unsigned short, X <= Y)
__OXICC_VLANE(__vsetleu4, 8, unsigned char, X <= Y)
#undef __OXICC_SMAX
#undef __OXICC_VUNARY
#undef __OXICC_VLANE

/* Sums of absolute differences of the lanes (`__vsads*` signed, `__vsadu*` unsigned). */
#define __OXICC_VSAD(NAME, W, T)                                                            \
    static __device__ __forceinline__ unsigned int NAME(unsigned int a, unsigned int b) {   \
        unsigned int r = 0;                                                                 \
        for (int s = 0; s < 32; s += W) {                                                   \
            int x = (T)(a >> s), y = (T)(b >> s);                                           \
            r += (unsigned int)(x > y ? x - y : y - x);                                     \
        }                                                                                   \
        return r;                                                                           \
    }
__OXICC_VSAD(__vsads2, 16, short)
__OXICC_VSAD(__vsads4, 8, signed char)
__OXICC_VSAD(__vsadu2, 16, unsigned short)
__OXICC_VSAD(__vsadu4, 8, unsigned char)
#undef __OXICC_VSAD

/* Averages without overflow (through 64 bits) and sums of absolute differences (`sad`). */
extern "C" __device__ __forceinline__ int __hadd(int x, int y) { return (int)(((long long)x + y) >> 1); }
extern "C" __device__ __forceinline__ int __rhadd(int x, int y) { return (int)(((long long)x + y + 1) >> 1); }
extern "C" __device__ __forceinline__ unsigned int __uhadd(unsigned int x, unsigned int y) {
    return (unsigned int)(((unsigned long long)x + y) >> 1);
}
extern "C" __device__ __forceinline__ unsigned int __urhadd(unsigned int x, unsigned int y) {
    return (unsigned int)(((unsigned long long)x + y + 1) >> 1);
}
extern "C" __device__ __forceinline__ unsigned int __sad(int x, int y, unsigned int z) {
    unsigned int d;
    asm("sad.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(x), "r"(y), "r"(z));
    return d;
}
extern "C" __device__ __forceinline__ unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) {
    unsigned int d;
    asm("sad.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(x), "r"(y), "r"(z));
    return d;
}
