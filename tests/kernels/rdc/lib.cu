// Separate compilation, module 2 of 2: defines what main.cu declares.
__device__ int counter = 0;
__device__ float scale(float x) { return 4.0f * x; }
