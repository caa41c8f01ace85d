// A lambda capturing by reference ([&]) that accumulates a count and a sum in the caller's
// locals; each thread scans a small window of the input.
__global__ void window_stats(const int* in, int* count, int* sum, int n, int threshold) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int c = 0, s = 0;
    auto visit = [&](int v) {
        if (v > threshold) { ++c; s += v; }
    };
    for (int k = 0; k < 8; ++k) visit(in[(i + k) % n]);
    count[i] = c;
    sum[i] = s;
}
