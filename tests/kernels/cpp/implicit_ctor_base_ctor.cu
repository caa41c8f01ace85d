// An implicit default constructor runs the user-provided default constructors of its bases,
// a base of a base included ([class.ctor]): C's constructor has no initializer list, its
// base B has no constructor of its own, and B's base A sets its members in one. The same
// through a class template whose base is chosen by a partial specialization.
struct A {
    int x, y;
    __device__ A() : x(7), y(11) {}
};
struct B : A {
    int z = 5;
};
struct C : B {
    __device__ C() {}
};

template <int N, bool Big> struct Impl;
template <int N> struct Impl<N, true> : A {};
template <int N> struct Tile : Impl<N, (N > 32)> {
    __device__ Tile() {}
};

__global__ void implicit_ctor_base_ctor(const int *in, int *out) {
    int t = threadIdx.x;
    C c;
    Tile<64> tile;
    out[t * 4 + 0] = c.x * in[t];
    out[t * 4 + 1] = c.y + c.z;
    out[t * 4 + 2] = tile.x + in[t];
    out[t * 4 + 3] = tile.y;
}
