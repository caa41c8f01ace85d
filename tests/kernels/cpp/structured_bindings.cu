// Structured bindings over a returned struct and over a local array, plus if-with-initializer.
struct DivMod { int q; int r; };
__device__ DivMod divmod(int a, int b) { return {a / b, a % b}; }

__global__ void split_digits(const int* in, int* q_out, int* r_out, int* s_out, int n, int base) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    auto [q, r] = divmod(in[i], base);
    int pair[2] = {q, r};
    auto& [first, second] = pair;
    first += 1;
    q_out[i] = pair[0];
    r_out[i] = second;
    if (int s = q + r; s > 10) s_out[i] = s; else s_out[i] = -s;
}
