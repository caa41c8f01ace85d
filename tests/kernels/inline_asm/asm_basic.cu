// Inline PTX operands of every register kind: "=r" outputs, "+r"/"+f" read-write operands,
// "n" immediates, "h" 16-bit, "l" 64-bit (a pointer and an integer), "d" doubles, two
// outputs from one statement, %% for special registers, a { } scope with its own .reg.
__device__ unsigned bfind32(unsigned w)
{
    unsigned r;
    asm volatile("bfind.u32 %0, %1;" : "=r"(r) : "r"(w));
    return r;
}

__global__ void asm_basic(unsigned *out, const unsigned *in, float *f, short *h, double *d)
{
    unsigned t = threadIdx.x;
    unsigned lane;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    out[t * 8 + 0] = lane;
    out[t * 8 + 1] = bfind32(in[t]);
    unsigned x = in[t];
    asm("{\n\t.reg .u32 t;\n\tadd.u32 t, %0, %1;\n\tmul.lo.u32 %0, t, %2;\n\t}"
        : "+r"(x)
        : "r"(t), "n"(7));
    out[t * 8 + 2] = x;
    unsigned long long wide = ((unsigned long long)in[t] << 32) | (t * 3u + 1u);
    unsigned lo, hi;
    asm("mov.b64 {%0, %1}, %2;" : "=r"(lo), "=r"(hi) : "l"(wide));
    out[t * 8 + 3] = lo;
    out[t * 8 + 4] = hi;
    unsigned long long p;
    asm("mov.b64 %0, %1;" : "=l"(p) : "l"(out + t));
    out[t * 8 + 5] = (unsigned)((p - (unsigned long long)out) / sizeof(unsigned));
    unsigned s;
    asm("mad.lo.u32 %0, %1, %2, %3;" : "=r"(s) : "r"(in[t]), "n"(-3), "r"(t));
    out[t * 8 + 6] = s;
    out[t * 8 + 7] = 100u;
    float a = f[t];
    asm("add.rn.f32 %0, %0, %1;" : "+f"(a) : "f"(1.5f));
    asm("mul.rn.f32 %0, %0, %0;" : "+f"(a));
    f[t] = a;
    short hv;
    asm("add.s16 %0, %1, %2;" : "=h"(hv) : "h"(h[t]), "h"((short)-5));
    h[t] = hv;
    double dv;
    asm("fma.rn.f64 %0, %1, %1, %2;" : "=d"(dv) : "d"(d[t]), "d"(0.25));
    d[t] = dv;
}
