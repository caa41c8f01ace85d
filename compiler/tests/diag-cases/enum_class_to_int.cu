// expect: 4: a value of type "Op" cannot be used to initialize an entity of type "int"
enum class Op : unsigned char { Add, Sub };
__global__ void k(int* p) {
    int x = Op::Sub;
    p[0] = x;
}
