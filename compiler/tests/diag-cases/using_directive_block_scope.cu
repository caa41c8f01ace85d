// expect: 10: identifier "sq" is undefined
// A using-directive in a block ends with the block.
namespace geo { __device__ int sq(int x) { return x * x; } struct C { int v; }; namespace in { __device__ int one() { return 1; } } }
__global__ void k(int* o) {
    {
        using namespace geo;
        C c{o[0]};
        o[1] = sq(c.v) + in::one();
    }
    o[2] = sq(o[3]);
}
