// Calls through function pointers whose parameter is a class with a user copy constructor:
// such a class is passed by the address of a caller-made copy (Itanium C++ ABI, as nvcc),
// both for direct calls and for calls through a pointer, so the two must agree.
struct Tracked {
    int v;
    __device__ Tracked(int x) : v(x) {}
    __device__ Tracked(const Tracked& o) : v(o.v + 100) {}  // counts copies
    __device__ ~Tracked() {}
};

__device__ __noinline__ int plain(Tracked t) { return t.v; }
__device__ __noinline__ int twice(Tracked t) { return 2 * t.v; }

__device__ int (*ops[2])(Tracked) = {plain, twice};

__global__ void funcptr_copied_args(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Tracked t(in[i]);
    int (*op)(Tracked) = ops[i & 1];
    out[2 * i] = op(t);          // one copy: v + 100, doubled for odd i
    out[2 * i + 1] = plain(t);   // one copy: v + 100
}
