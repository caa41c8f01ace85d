/* oxicc built-in header: <cooperative_groups.h>: thread groups over CUDA's built-ins.
 *
 * Written for oxicc from the CUDA Programming Guide's description of the API; the
 * namespaces are NVIDIA's (`cooperative_groups::__v1`, brought into `cooperative_groups` by
 * a using-directive) so non-inlined device functions taking groups mangle as nvcc's.
 * - thread_block: the CTA (`sync` is `bar.sync 0`);
 * - thread_block_tile<N> (N a power of two, at most 32) and tiled_partition<N>: warp tiles
 *   whose collectives are `*.sync` instructions over the tile's lanes;
 * - thread_group: the base of the others, and what tiled_partition(parent, n) returns;
 * - coalesced_group / coalesced_threads(): the lanes active at the call; binary_partition
 *   and labeled_partition split a tile or coalesced group into coalesced groups;
 * - grid_group / this_grid(): ranks and sizes, and sync() (a grid-wide barrier on the
 *   workspace of a cooperative launch, as nvcc's header builds it).
 * Algorithms (reduce, scans, memcpy_async) are in the cooperative_groups/ folder. */
#pragma once

namespace cooperative_groups {
namespace __v1 {
namespace details {
__device__ __forceinline__ unsigned int cta_thread_rank() {
    return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
__device__ __forceinline__ unsigned int cta_num_threads() {
    return blockDim.x * blockDim.y * blockDim.z;
}
/* The lane of the calling thread (threads of a CTA fill warps in linear order). */
__device__ __forceinline__ unsigned int lane_id() { return cta_thread_rank() & 31u; }
/* The lanes of a tile of `size` threads (a power of two, at most 32) holding this one. */
__device__ __forceinline__ unsigned int tile_mask(unsigned int size) {
    unsigned int bits = size >= 32u ? 0xffffffffu : ((1u << (size & 31u)) - 1u);
    return bits << (lane_id() & ~(size - 1u) & 31u);
}
/* The lane holding the `rank`-th set bit of `mask` (rank counted from 0). */
__device__ __forceinline__ int lane_of_rank(unsigned int mask, unsigned int rank) {
    for (unsigned int i = 0; i < rank; ++i)
        mask &= mask - 1u;
    return __ffs(mask) - 1;
}
/* The groups' shuffles: CUDA's for the types it shuffles (the template), and the CUDA
 * vector types (int2 … uint4, float4, double2 …) one component at a time, which moves the
 * same words as NVIDIA's header, which shuffles any trivially copyable type word by word. */
template <class T> __device__ __forceinline__ T shfl_any(unsigned int m, T v, int a, int w) {
    return __shfl_sync(m, v, a, w);
}
template <class T> __device__ __forceinline__ T shfl_up_any(unsigned int m, T v, unsigned int a, int w) {
    return __shfl_up_sync(m, v, a, w);
}
template <class T> __device__ __forceinline__ T shfl_down_any(unsigned int m, T v, unsigned int a, int w) {
    return __shfl_down_sync(m, v, a, w);
}
template <class T> __device__ __forceinline__ T shfl_xor_any(unsigned int m, T v, int a, int w) {
    return __shfl_xor_sync(m, v, a, w);
}
#define __OXICC_CG_SHFL_VEC(V, A, NAME, ...)                                                 \
    __device__ __forceinline__ V NAME(unsigned int m, V v, A a, int w) {                      \
        __VA_ARGS__ return v;                                                                 \
    }
#define __OXICC_CG_C(c, OP) v.c = OP(m, v.c, a, w);
#define __OXICC_CG_SHFL_ALL(V, ...)                                                          \
    __OXICC_CG_SHFL_VEC(V, int, shfl_any, __VA_ARGS__(__shfl_sync))                           \
    __OXICC_CG_SHFL_VEC(V, unsigned int, shfl_up_any, __VA_ARGS__(__shfl_up_sync))            \
    __OXICC_CG_SHFL_VEC(V, unsigned int, shfl_down_any, __VA_ARGS__(__shfl_down_sync))        \
    __OXICC_CG_SHFL_VEC(V, int, shfl_xor_any, __VA_ARGS__(__shfl_xor_sync))
#define __OXICC_CG_XY(OP) __OXICC_CG_C(x, OP) __OXICC_CG_C(y, OP)
#define __OXICC_CG_XYZ(OP) __OXICC_CG_XY(OP) __OXICC_CG_C(z, OP)
#define __OXICC_CG_XYZW(OP) __OXICC_CG_XYZ(OP) __OXICC_CG_C(w, OP)
__OXICC_CG_SHFL_ALL(int2, __OXICC_CG_XY)
__OXICC_CG_SHFL_ALL(uint2, __OXICC_CG_XY)
__OXICC_CG_SHFL_ALL(float2, __OXICC_CG_XY)
__OXICC_CG_SHFL_ALL(longlong2, __OXICC_CG_XY)
__OXICC_CG_SHFL_ALL(ulonglong2, __OXICC_CG_XY)
__OXICC_CG_SHFL_ALL(double2, __OXICC_CG_XY)
__OXICC_CG_SHFL_ALL(int3, __OXICC_CG_XYZ)
__OXICC_CG_SHFL_ALL(uint3, __OXICC_CG_XYZ)
__OXICC_CG_SHFL_ALL(float3, __OXICC_CG_XYZ)
__OXICC_CG_SHFL_ALL(int4, __OXICC_CG_XYZW)
__OXICC_CG_SHFL_ALL(uint4, __OXICC_CG_XYZW)
__OXICC_CG_SHFL_ALL(float4, __OXICC_CG_XYZW)
#undef __OXICC_CG_SHFL_ALL
#undef __OXICC_CG_XYZW
#undef __OXICC_CG_XYZ
#undef __OXICC_CG_XY
#undef __OXICC_CG_C
#undef __OXICC_CG_SHFL_VEC
} // namespace details

/* The base of every group: its size when known at run time (0: the whole block), what a
 * function taking `thread_group` sees; tiled_partition(parent, n) returns one. */
class thread_group {
public:
    unsigned int _size;
    /* nvcc's groups are 16 bytes aligned to 8 (thread_block 24, grid_group 16): the
     * padding gives oxicc's the same sizeof and alignof (cg/cg_sizes.cu checks them). */
    unsigned int __pad0;
    unsigned long long __pad1;
    __device__ thread_group(unsigned int size) : _size(size) {}
    __device__ unsigned int thread_rank() const {
        return _size == 0u ? details::cta_thread_rank() : details::cta_thread_rank() & (_size - 1u);
    }
    __device__ unsigned int num_threads() const {
        return _size == 0u ? details::cta_num_threads() : _size;
    }
    __device__ unsigned int size() const { return num_threads(); }
    __device__ unsigned int meta_group_rank() const {
        return _size == 0u ? 0u : details::cta_thread_rank() / _size;
    }
    __device__ void sync() const {
        if (_size == 0u)
            __syncthreads();
        else
            __syncwarp(details::tile_mask(_size));
    }
};

class thread_block : public thread_group {
public:
    unsigned long long __pad2;
    __device__ thread_block() : thread_group(0u) {}
    __device__ static void sync() { __syncthreads(); }
    __device__ static unsigned int thread_rank() { return details::cta_thread_rank(); }
    __device__ static unsigned int num_threads() { return details::cta_num_threads(); }
    __device__ static unsigned int size() { return details::cta_num_threads(); }
    __device__ static ::dim3 group_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
    __device__ static ::dim3 thread_index() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
    __device__ static ::dim3 dim_threads() { return dim3(blockDim.x, blockDim.y, blockDim.z); }
    __device__ static ::dim3 group_dim() { return dim3(blockDim.x, blockDim.y, blockDim.z); }
};

__device__ __forceinline__ thread_block this_thread_block() { return thread_block(); }

/* One template for every parent. As NVIDIA's, thread_block_tile<N, Parent> (what
 * tiled_partition returns) is not derived from the parent-less thread_block_tile<N>: it
 * converts to it, so a parameter `thread_block_tile<N>` accepts it while deducing N of a
 * template parameter `thread_block_tile<S>` from it fails, as with nvcc. */
/* A thread_group too (as NVIDIA's), so functions taking `thread_group` accept a tile. */
template <unsigned int Size, class ParentT = void>
class thread_block_tile : public thread_group {



public:
    static constexpr unsigned int numThreads = Size;
    __device__ thread_block_tile() : thread_group(Size) {}
    /* (For ParentT = void a conversion to the class itself, which C++ never uses.) */
    __device__ operator thread_block_tile<Size, void>() const { return thread_block_tile<Size, void>(); }

    __device__ static unsigned int thread_rank() { return details::cta_thread_rank() & (Size - 1u); }
    __device__ static unsigned int num_threads() { return Size; }
    __device__ static unsigned int size() { return Size; }
    __device__ static unsigned int meta_group_rank() { return details::cta_thread_rank() / Size; }
    __device__ static unsigned int meta_group_size() {
        return (details::cta_num_threads() + Size - 1u) / Size;
    }
    __device__ static unsigned int build_mask() { return details::tile_mask(Size); }
    __device__ void sync() const { __syncwarp(build_mask()); }

    template <class T> __device__ T shfl(T var, int src_rank) const {
        return details::shfl_any(build_mask(), var, src_rank, (int)Size);
    }
    template <class T> __device__ T shfl_down(T var, unsigned int delta) const {
        return details::shfl_down_any(build_mask(), var, delta, (int)Size);
    }
    template <class T> __device__ T shfl_up(T var, unsigned int delta) const {
        return details::shfl_up_any(build_mask(), var, delta, (int)Size);
    }
    template <class T> __device__ T shfl_xor(T var, unsigned int lane_mask) const {
        return details::shfl_xor_any(build_mask(), var, (int)lane_mask, (int)Size);
    }
    /* Votes see only the tile's lanes; ballot's bit i is the tile's rank i. */
    __device__ unsigned int ballot(int predicate) const {
        unsigned int mask = build_mask();
        return (__ballot_sync(mask, predicate) & mask) >> (details::lane_id() & ~(Size - 1u) & 31u);
    }
    __device__ int any(int predicate) const { return ballot(predicate) != 0u; }
    __device__ int all(int predicate) const {
        unsigned int full = Size >= 32u ? 0xffffffffu : ((1u << (Size & 31u)) - 1u);
        return ballot(predicate) == full;
    }
    /* match_any/match_all (sm_70+): the tile's lanes holding the caller's value, rank i
     * as bit i, as ballot. */
    __device__ static unsigned int first_lane() { return details::lane_id() & ~(Size - 1u) & 31u; }
    template <class T> __device__ unsigned int match_any(T val) const {
        return __match_any_sync(build_mask(), val) >> first_lane();
    }
    template <class T> __device__ unsigned int match_all(T val, int &pred) const {
        return __match_all_sync(build_mask(), val, &pred) >> first_lane();
    }
};

/* The tile of a known parent, thread_block_tile<Size, ParentT>, as NVIDIA's. */
template <unsigned int Size, class ParentT>
__device__ __forceinline__ thread_block_tile<Size, ParentT> tiled_partition(const ParentT &) {
    return thread_block_tile<Size, ParentT>();
}

__device__ __forceinline__ thread_group tiled_partition(const thread_group &, unsigned int tilesz) {
    return thread_group(tilesz);
}

/* The lanes of the warp active where coalesced_threads() is called. */
class coalesced_group {
public:
    unsigned int _mask;
    unsigned int __pad0;
    unsigned long long __pad1;
    __device__ explicit coalesced_group(unsigned int mask) : _mask(mask) {}
    __device__ unsigned int thread_rank() const {
        return __popc(_mask & ((1u << details::lane_id()) - 1u));
    }
    __device__ unsigned int num_threads() const { return __popc(_mask); }
    __device__ unsigned int size() const { return __popc(_mask); }
    __device__ unsigned int meta_group_rank() const { return 0; }
    __device__ unsigned int meta_group_size() const { return 1; }
    __device__ void sync() const { __syncwarp(_mask); }
    template <class T> __device__ T shfl(T var, unsigned int src_rank) const {
        return details::shfl_any(_mask, var, details::lane_of_rank(_mask, src_rank), 32);
    }
    template <class T> __device__ T shfl_down(T var, unsigned int delta) const {
        unsigned int r = thread_rank() + delta;
        int lane = r < size() ? details::lane_of_rank(_mask, r) : (int)details::lane_id();
        return details::shfl_any(_mask, var, lane, 32);
    }
    template <class T> __device__ T shfl_up(T var, unsigned int delta) const {
        unsigned int r = thread_rank();
        int lane = r >= delta ? details::lane_of_rank(_mask, r - delta) : (int)details::lane_id();
        return details::shfl_any(_mask, var, lane, 32);
    }
    /* Lane bits of the warp to rank bits of the group (bit i: the group's rank i). */
    __device__ unsigned int pack_lanes(unsigned int lanes) const {
        unsigned int out = 0, m = _mask;
        for (unsigned int rank = 0; m != 0u; ++rank) {
            unsigned int low = m & (0u - m);
            if (lanes & low)
                out |= 1u << rank;
            m &= m - 1u;
        }
        return out;
    }
    __device__ unsigned int ballot(int predicate) const {
        return pack_lanes(__ballot_sync(_mask, predicate) & _mask);
    }
    template <class T> __device__ unsigned int match_any(T val) const {
        return pack_lanes(__match_any_sync(_mask, val));
    }
    template <class T> __device__ unsigned int match_all(T val, int &pred) const {
        return pack_lanes(__match_all_sync(_mask, val, &pred));
    }
    __device__ int any(int predicate) const { return __ballot_sync(_mask, predicate) != 0u; }
    __device__ int all(int predicate) const { return (__ballot_sync(_mask, predicate) & _mask) == _mask; }
};

__device__ __forceinline__ coalesced_group coalesced_threads() { return coalesced_group(__activemask()); }

namespace details {
/* The warp lanes of a group that partitions split. */
__device__ __forceinline__ unsigned int group_lanes(const coalesced_group &g) { return g._mask; }
template <unsigned int Size, class ParentT>
__device__ __forceinline__ unsigned int group_lanes(const thread_block_tile<Size, ParentT> &) {
    return tile_mask(Size);
}
} // namespace details

/* The lanes of the group whose predicate equals the caller's (`vote.sync.ballot`). */
template <class Group> __device__ coalesced_group binary_partition(const Group &g, bool pred) {
    unsigned int lanes = details::group_lanes(g);
    unsigned int set = __ballot_sync(lanes, pred);
    return coalesced_group(pred ? set : lanes & ~set);
}

/* The lanes of the group whose label equals the caller's (`match.any.sync`, sm_70+). */
template <class Group> __device__ coalesced_group labeled_partition(const Group &g, int label) {
    return coalesced_group(__match_any_sync(details::group_lanes(g), label));
}
template <class Group> __device__ coalesced_group labeled_partition(const Group &g, unsigned int label) {
    return coalesced_group(__match_any_sync(details::group_lanes(g), label));
}

class grid_group {
public:
    unsigned long long __pad[2];
    __device__ static unsigned long long thread_rank() {
        unsigned long long block = (blockIdx.z * (unsigned long long)gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
        return block * details::cta_num_threads() + details::cta_thread_rank();
    }
    __device__ static unsigned long long num_threads() {
        return (unsigned long long)gridDim.x * gridDim.y * gridDim.z * details::cta_num_threads();
    }
    __device__ static unsigned long long size() { return num_threads(); }
    __device__ static unsigned long long block_rank() {
        return (blockIdx.z * (unsigned long long)gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
    }
    __device__ static unsigned long long num_blocks() {
        return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
    }
    __device__ static ::dim3 group_dim() { return dim3(gridDim.x, gridDim.y, gridDim.z); }
    __device__ static ::dim3 dim_blocks() { return dim3(gridDim.x, gridDim.y, gridDim.z); }
    __device__ static ::dim3 block_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
    /* The grid barrier's workspace, which a cooperative launch provides: its address is in
     * %envreg1 (high half) and %envreg2 (low half); 0 outside a cooperative launch. */
    __device__ static unsigned long long workspace() {
        unsigned int hi, lo;
        asm volatile("mov.u32 %0, %%envreg1;" : "=r"(hi));
        asm volatile("mov.u32 %0, %%envreg2;" : "=r"(lo));
        return ((unsigned long long)hi << 32) | lo;
    }
    __device__ static bool is_valid() { return workspace() != 0ull; }
    /* Grid-wide barrier (sm_70+): each block's first thread adds to the workspace's
     * counter (block 0 adds 2^31 - (blocks - 1), the others 1, so the top bit flips once
     * all have arrived) with release semantics and waits, with acquire loads, until the
     * bit differs from what its own add saw; the block's barriers before and after order
     * its other threads. Outside a cooperative launch it traps, as nvcc's does. */
    __device__ static void sync() {
        unsigned long long ws = workspace();
        if (ws == 0ull)
            asm volatile("trap;");
        unsigned int *arrived = (unsigned int *)(ws + 4ull);
        __syncthreads();
        if (threadIdx.x + threadIdx.y + threadIdx.z == 0u) {
            unsigned int blocks = gridDim.x * gridDim.y * gridDim.z;
            unsigned int add = blockIdx.x + blockIdx.y + blockIdx.z == 0u ? 0x80000000u - (blocks - 1u) : 1u;
            unsigned int old, now;
            asm volatile("atom.add.release.gpu.u32 %0, [%1], %2;" : "=r"(old) : "l"(arrived), "r"(add) : "memory");
            do {
                asm volatile("ld.acquire.gpu.u32 %0, [%1];" : "=r"(now) : "l"(arrived) : "memory");
            } while (((old ^ now) & 0x80000000u) == 0u);
        }
        __syncthreads();
    }
};

__device__ __forceinline__ grid_group this_grid() { return grid_group(); }

template <class Group> __device__ __forceinline__ void sync(const Group &g) { g.sync(); }
template <class Group> __device__ __forceinline__ unsigned long long thread_rank(const Group &g) {
    return g.thread_rank();
}
template <class Group> __device__ __forceinline__ unsigned long long group_size(const Group &g) {
    return g.size();
}
} // namespace __v1
using namespace __v1;
} // namespace cooperative_groups
