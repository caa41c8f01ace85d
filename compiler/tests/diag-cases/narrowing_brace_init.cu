// expect-warning: 12: invalid narrowing conversion from "double" to "int"
// expect-warning: 13: integer conversion resulted in truncation
// expect-warning: 14: invalid narrowing conversion from "double" to "float"
// expect-warning: 15: integer conversion resulted in a change of sign
// expect-warning: 16: invalid narrowing conversion from "int" to "float": constant value cannot be represented exactly in destination type
// expect-warning: 17: invalid narrowing conversion from "double" to "float"
// expect-warning: 18: invalid narrowing conversion from "int" to "__nv_bool"
// nvcc reports narrowing in braced initialization as warnings; constants that fit (char
// c{'a' + 1}, float f{1.0}) and widening (long long{n}) are fine.
struct P { int a; float b; };
__global__ void k(int *o, double d, int n) {
    int x{1.5};
    char c{300};
    float f{d};
    unsigned u{-1};
    float g{16777217};
    P q = {1, d};
    bool b{n};
    char ok1{'a' + 1};
    float ok2{1.0};
    long long ok3{n};
    o[0] = x + c + (int)f + u + (int)g + q.a + b + ok1 + (int)ok2 + ok3;
}
