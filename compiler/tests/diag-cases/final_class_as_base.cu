// expect: 5: a "final" class type cannot be used as a base class
struct Sealed final {
    int v;
};
struct More : Sealed {
    int w;
};
__global__ void k(int* o) {
    More m;
    m.w = 1;
    o[0] = m.w;
}
