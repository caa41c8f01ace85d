// A struct passed by value: affine transform y = scale*x + offset, clamped to [lo, hi].
struct Affine { float scale; float offset; int lo; int hi; };
__global__ void struct_param(const int *in, int *out, Affine p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int y = (int)(p.scale * (float)in[i] + p.offset);
    out[i] = min(max(y, p.lo), p.hi);
}
