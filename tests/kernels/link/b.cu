// IR-level linking, file 2 of 2: defines what a.cu declares.
__device__ int bias[4] = {1, -2, 3, -4};
static __device__ int helper(int x) { return 10 * x; }
__device__ float weight(int i) { return 0.5f + helper(i & 7) * 0.25f; }
