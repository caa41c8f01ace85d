// Placement `new`: an array over a shared buffer (no allocation, no cookie), a class
// constructed in a global buffer, a scalar initialized in place (cuda-samples' newdelete).
#include <new>

struct Cell {
    int key;
    float weight;
    __device__ Cell(int k) : key(k * 3 + 1), weight(k * 0.25f) {}
};

__global__ void placement_new(const int *in, int *out, float *wout, int n) {
    __shared__ int buf[64];
    int t = threadIdx.x;
    int *arr = new (buf) int[64];
    arr[t] = in[t] * 2;
    __syncthreads();
    int got = buf[(t + 1) % 64];
    Cell *c = new (out + 64 + 2 * t) Cell(in[t]);
    wout[t] = c->weight;
    int *q = new (out + t) int(got + c->key);
    *q += (arr == buf) ? 1000 : 0;
    (void)n;
}
