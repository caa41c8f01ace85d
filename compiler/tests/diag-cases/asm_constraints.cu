// expect: 10: asm operand type size(1) does not match type/size implied by constraint 'r'
// expect: 11: asm operand type size(4) does not match type/size implied by constraint 'f'
// expect: 12: an asm output operand must have one of the '=' or '+' modifiers
// expect: 13: an asm input operand may not have the '=' or '+' modifiers
// expect: 14: an asm operand may specify only one constraint letter
// expect: 15: asm operand type size(4) does not match type/size implied by constraint 'x'
// expect: 16: asm operand type size(4) does not match type/size implied by constraint '0'
__global__ void k(unsigned *o, char *c) {
    unsigned u;
    asm("mov.b32 %0, %1;" : "=r"(u) : "r"(c[0]));
    asm("mov.f32 %0, %1;" : "=r"(u) : "f"(o[1]));
    asm("mov.b32 %0, %1;" : "r"(u) : "r"(o[0]));
    asm("mov.b32 %0, %1;" : "=r"(u) : "=r"(o[0]));
    asm("mov.b32 %0, %1;" : "=r"(u) : "rn"(o[0]));
    asm("mov.b32 %0, %1;" : "=x"(u) : "r"(o[0]));
    asm("add.u32 %0, %1, 1;" : "=r"(u) : "0"(o[0]));
    o[0] = u;
}
