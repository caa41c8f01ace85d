// The integer and conversion instructions real inline PTX is written for: SIMD video
// (`vabsdiff4` with accumulation, as stereoDisparity uses it), byte permutes, carry chains
// across two statements, funnel shifts, three-input logic, bit-field extraction, `dp4a`,
// and f16 conversions through "h" registers.
__device__ unsigned sad4(unsigned a, unsigned b, unsigned c)
{
    unsigned r;
    asm("vabsdiff4.u32.u32.u32.add"
        " %0, %1, %2, %3;"
        : "=r"(r)
        : "r"(a), "r"(b), "r"(c));
    return r;
}

__global__ void asm_bits(unsigned *out, const unsigned *a, const unsigned *b)
{
    unsigned t = threadIdx.x;
    unsigned x = a[t], y = b[t];
    unsigned *o = out + t * 10;
    o[0] = sad4(x, y, t);
    unsigned p;
    asm("prmt.b32 %0, %1, %2, %3;" : "=r"(p) : "r"(x), "r"(y), "r"(t * 0x1111u));
    o[1] = p;
    unsigned lo, hi;
    asm("add.cc.u32 %0, %2, %4;\n\taddc.u32 %1, %3, %5;"
        : "=r"(lo), "=r"(hi)
        : "r"(x), "r"(y), "r"(y), "r"(x));
    o[2] = lo;
    o[3] = hi;
    unsigned f;
    asm("shf.l.wrap.b32 %0, %1, %2, %3;" : "=r"(f) : "r"(x), "r"(y), "r"(t));
    o[4] = f;
    unsigned l3;
    asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(l3) : "r"(x), "r"(y), "r"(t));
    o[5] = l3;
    unsigned e;
    asm("bfe.u32 %0, %1, %2, %3;" : "=r"(e) : "r"(x), "r"(t % 24), "n"(9));
    o[6] = e;
    int dp;
    asm("dp4a.s32.u32 %0, %1, %2, %3;" : "=r"(dp) : "r"(x), "r"(y), "r"((int)t - 20));
    o[7] = (unsigned)dp;
    unsigned mh;
    asm("mul.hi.u32 %0, %1, %2;" : "=r"(mh) : "r"(x), "r"(y));
    o[8] = mh;
    unsigned short hb;
    float back;
    asm("cvt.rn.f16.f32 %0, %1;" : "=h"(hb) : "f"((float)(int)x * 0.00001f));
    asm("cvt.f32.f16 %0, %1;" : "=f"(back) : "h"(hb));
    o[9] = __float_as_uint(back);
}
