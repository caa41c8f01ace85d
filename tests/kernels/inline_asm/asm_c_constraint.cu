// The `C` constraint: an operand naming a `const char` array with a constant initializer
// pastes its text into the template (CUDA Programming Guide, inline PTX). Instruction
// names chosen at compile time through namespace-scope, class-member, template-member and
// static local arrays, `&a[0]`, and a template that takes the operation as a class.
constexpr char add_op[] = "add.u32";
const char sub_op[] = "sub.u32";
namespace ops {
constexpr char min_op[] = "min.u32";
}
struct Xor {
    static constexpr char name[] = "xor.b32";
};
struct MulHi {
    static constexpr char name[] = "mul.hi.u32";
};
template <int Bits> struct Shift {
    static constexpr char name[] = "shl.b32";
};

template <class Op> __device__ unsigned apply(unsigned a, unsigned b) {
    unsigned r;
    asm("%1 %0, %2, %3;" : "=r"(r) : "C"(Op::name), "r"(a), "r"(b));
    return r;
}

__global__ void c_constraint(unsigned *out, const unsigned *a, const unsigned *b) {
    unsigned i = threadIdx.x;
    unsigned x = a[i], y = b[i];
    unsigned *o = out + i * 8;
    unsigned r;
    asm("%1 %0, %2, %3;" : "=r"(r) : "C"(add_op), "r"(x), "r"(y));
    o[0] = r;
    asm("%1 %0, %2, %3;" : "=r"(r) : "C"(sub_op), "r"(x), "r"(y));
    o[1] = r;
    asm("%1 %0, %2, %3;" : "=r"(r) : "C"(ops::min_op), "r"(x), "r"(y));
    o[2] = r;
    o[3] = apply<Xor>(x, y);
    o[4] = apply<MulHi>(x, y);
    asm("%1 %0, %2, %3;" : "=r"(r) : "C"(Shift<5>::name), "r"(x), "r"(y & 31));
    o[5] = r;
    static constexpr char max_op[] = "max.s32";
    asm("%1 %0, %2, %3;" : "=r"(r) : "C"(max_op), "r"(x), "r"(y));
    o[6] = r;
    // Two `C` operands, `%%` and an `n` operand in one template.
    asm("{\n\t.reg .u32 %%t;\n\t%1 %%t, %3, %4;\n\t%2 %0, %%t, %5;\n\t}"
        : "=r"(r)
        : "C"(&add_op[0]), "C"(Xor::name), "r"(x), "r"(y), "n"(0x5a5a));
    o[7] = r;
}
