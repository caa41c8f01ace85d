// expect: 19: The constant-expression for the 'C' constraint did not evaluate to the address of a variable
// expect: 20: The constant-expression for the 'C' constraint evaluated to the address of a variable ("nc") with unsupported type ("char [8]") (expected variable to have type 'array of const char')
// expect: 21: The expression for the 'C' constraint could not be folded, ensure that it is a constant expression
// expect: 22: No constraint modifiers are allowed for the 'C' constraint
// expect: 22: asm operand type size(4) does not match type/size implied by constraint 'C'
// expect: 23: The constant-expression for the 'C' constraint evaluated to the address of a variable ("num") with unsupported type ("const int [2]") (expected variable to have type 'array of const char')
// expect: 24: asm operand type size(4) does not match type/size implied by constraint 'C'
// expect: 25: asm operand type size(1) does not match type/size implied by constraint 'C'
// expect: 26: The constant-expression for the 'C' constraint evaluated to the address of a variable ("u") with unsupported type ("const unsigned char [4]") (expected variable to have type 'array of const char')
// expect: 27: The constant-expression for the 'C' constraint evaluated to the address of a variable ("ext") without constant initialization
// expect: 28: The constant-expression for the 'C' constraint did not evaluate to the address of a variable
constexpr char op[] = "add.u32";
constexpr const char *ptr = "xor.b32";
char nc[] = "and.b32";
constexpr int num[] = {1, 2};
constexpr unsigned char u[] = "abc";
extern const char ext[];
__global__ void k(unsigned *p, unsigned a) { unsigned x = 0;
asm("%0 %1;" :: "C"(ptr), "r"(a));
asm("%0 %1;" :: "C"(nc), "r"(a));
constexpr char loc[] = "abs.s32"; asm("%0 %1;" :: "C"(loc), "r"(a));
asm("%0 %1;" : "=C"(x) : "r"(a));
asm("%0 %1;" :: "C"(num), "r"(a));
asm("%0 %1;" :: "C"(3), "r"(a));
asm("%0 %1;" :: "C"(op[1]), "r"(a));
asm("%0 %1;" :: "C"(u), "r"(a));
asm("%0 %1;" :: "C"(ext), "r"(a));
asm("%0 %1;" :: "C"("lit"), "r"(a));
p[0] = x;
}
