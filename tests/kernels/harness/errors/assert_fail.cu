// harness-error: device assertion `v >= 0` failed
// A device-side assert that fails for negative inputs.
#include <cassert>
__global__ void assert_fail(const int *in, int *out) {
    int v = in[threadIdx.x];
    assert(v >= 0);
    out[threadIdx.x] = v;
}
