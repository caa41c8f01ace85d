// Recursive non-inlined device functions: Fibonacci and a gcd called through .func.
__device__ __noinline__ unsigned fib(unsigned k) { return k < 2 ? k : fib(k - 1) + fib(k - 2); }
__device__ __noinline__ unsigned gcd(unsigned a, unsigned b) { return b == 0 ? a : gcd(b, a % b); }
__global__ void recursive_call(const unsigned *a, unsigned *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[2 * i] = fib(i % 15);
    out[2 * i + 1] = gcd(a[i], 360u);
}
