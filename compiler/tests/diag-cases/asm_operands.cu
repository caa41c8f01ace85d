// expect: 8: asm operand index %2 is larger than the number of asm operands provided
// expect: 9: an asm operand must be an integral constant expression
// expect: 10: expression must be a modifiable lvalue
// expect: 11: unknown register name "foo"
__global__ void k(unsigned *o) {
    unsigned u = 0;
    const unsigned c = 1;
    asm("mov.b32 %0, %2;" : "=r"(u) : "r"(o[0]));
    asm("add.u32 %0, %0, %1;" : "+r"(u) : "n"(o[0]));
    asm("mov.b32 %0, 1;" : "=r"(c));
    asm volatile("membar.gl;" ::: "foo");
    o[0] = u;
}
