// harness-arch: sm_80
// cg::binary_partition and cg::labeled_partition of a 32-thread tile into coalesced
// groups (sizes, ranks, cg::reduce within each), and a tile passed where a thread_group is
// expected (cuda-samples' binaryPartitionCG, warpAggregatedAtomicsCG,
// simpleCooperativeGroups).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__device__ unsigned rank_in(cg::thread_group g) { return g.thread_rank() * 100 + g.size(); }

__global__ void partitions(const int *in, int *out, unsigned *ranks) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    int v = in[threadIdx.x];
    auto parity = cg::binary_partition(tile, v & 1);
    int sum = cg::reduce(parity, v, cg::plus<int>());
    auto label = cg::labeled_partition(tile, (v % 3 + 3) % 3);
    int largest = cg::reduce(label, v, cg::greater<int>());
    int *o = out + threadIdx.x * 6;
    o[0] = parity.size();
    o[1] = parity.thread_rank();
    o[2] = sum;
    o[3] = label.size();
    o[4] = label.thread_rank();
    o[5] = largest;
    cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block);
    ranks[threadIdx.x] = rank_in(t16);
}
