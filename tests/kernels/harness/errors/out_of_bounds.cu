// harness-error: out-of-bounds 4-byte access
// Writes one element past the end of the buffer.
__global__ void out_of_bounds(int *out, int n) {
    out[threadIdx.x + 1] = n;
}
