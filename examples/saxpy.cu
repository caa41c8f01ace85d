// The classic first CUDA kernel: y = a*x + y. Compile it to PTX with
//   cargo run --release -p oxicc -- -arch=sm_90 -O3 examples/saxpy.cu -o saxpy.ptx
__global__ void saxpy(int n, float a, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}
