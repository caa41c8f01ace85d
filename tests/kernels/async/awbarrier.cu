// harness-arch: sm_80
// cuda::barrier<thread_scope_block> (mbarrier): each block sums its slice of `in` twice
// through shared memory, once with arrive/wait on a token and once with arrive_and_wait;
// the barrier's phases alternate across the loop's iterations.
#include <cuda/barrier>
#include <utility>

#define THREADS 64

__global__ void awbarrier_sums(const int *in, int *out, int rounds) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ int slots[THREADS];
    unsigned t = threadIdx.x;
    if (t == 0)
        init(&bar, blockDim.x);
    __syncthreads();
    int total = 0;
    for (int r = 0; r < rounds; ++r) {
        slots[t] = in[(blockIdx.x * rounds + r) * THREADS + t];
        auto token = bar.arrive();
        bar.wait(std::move(token));
        // Every thread reads its neighbour's slot: only right after the barrier.
        total += slots[(t + 1) % THREADS] * (r + 1);
        bar.arrive_and_wait();
    }
    out[blockIdx.x * THREADS + t] = total;
}
