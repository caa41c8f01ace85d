// switch and if statements with initializers, [[fallthrough]], [[maybe_unused]] and auto
// type deduction in a small per-element classifier.
__global__ void classify(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    [[maybe_unused]] const auto raw = in[i];
    int score = 0;
    switch (auto bucket = (raw & 0xff) % 5; bucket) {
    case 0: score += 100; [[fallthrough]];
    case 1: score += 10; break;
    case 2: score = bucket * 7; break;
    default: score = -bucket;
    }
    if (auto neg = raw < 0; neg) score = -score - 1;
    out[i] = score;
}
