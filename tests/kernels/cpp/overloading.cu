// Function overloading by parameter type (int, unsigned, long long, double, pointer) and
// overload resolution with promotions and exact matches.
__device__ int classify(int) { return 1; }
__device__ int classify(unsigned) { return 2; }
__device__ int classify(long long) { return 3; }
__device__ int classify(double) { return 4; }
__device__ int classify(const int*) { return 5; }

__device__ int twice(int x) { return 2 * x; }
__device__ long long twice(long long x) { return 3 * x; }
__device__ double twice(double x) { return x + x; }

__global__ void overloads(const int* in, int* tags, long long* wide, double* dbl, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    short s = static_cast<short>(in[i]);
    char c = static_cast<char>(in[i]);
    float f = static_cast<float>(in[i]);
    tags[i] = classify(s) * 10000 + classify(c) * 1000 + classify(f) * 100 +
              classify(static_cast<unsigned>(in[i])) * 10 + classify(in);
    wide[i] = twice(static_cast<long long>(in[i])) + twice(in[i]);
    dbl[i] = twice(static_cast<double>(in[i]));
}
