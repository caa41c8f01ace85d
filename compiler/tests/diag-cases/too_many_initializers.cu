// expect: 4: too many initializer values
struct Pair { int a, b; };
__global__ void k(int* p) {
    Pair s{1, 2, 3};
    p[0] = s.a;
}
