// Each thread sorts 8 values in a local array with dynamic indexing (insertion sort).
__global__ void local_array_sort(const int *in, int *out, int n) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    int v[8];
    for (int k = 0; k < 8; ++k) v[k] = in[8 * t + k];
    for (int k = 1; k < 8; ++k) {
        int x = v[k], j = k - 1;
        while (j >= 0 && v[j] > x) { v[j + 1] = v[j]; --j; }
        v[j + 1] = x;
    }
    for (int k = 0; k < 8; ++k) out[8 * t + k] = v[k];
}
