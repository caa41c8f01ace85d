// A struct passed by value as a kernel parameter (.param .align N .b8 name[size]), with a
// mix of int, float and a nested array member.
struct Params {
    int n;
    float scale;
    int offsets[4];
    short shift;
    char tag;
};

__global__ void apply_params(const float* in, float* out_f, int* out_i, Params p) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= p.n) return;
    out_f[i] = in[i] * p.scale;
    out_i[i] = (p.offsets[i & 3] << p.shift) + p.tag;
}
