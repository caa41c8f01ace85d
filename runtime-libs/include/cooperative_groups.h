/* oxicc built-in header: <cooperative_groups.h>: thread groups over CUDA's built-ins.
 *
 * Written for oxicc from the CUDA Programming Guide's description of the API; the
 * namespaces are NVIDIA's (`cooperative_groups::__v1`, brought into `cooperative_groups` by
 * a using-directive) so non-inlined device functions taking groups mangle as nvcc's.
 * - thread_block: the CTA (`sync` is `bar.sync 0`);
 * - thread_block_tile<N> (N a power of two, at most 32) and tiled_partition<N>: warp tiles
 *   whose collectives are `*.sync` instructions over the tile's lanes;
 * - thread_block_tile<N> for N = 64 … 1024 (whole warps): sync, shfl, any, all and
 *   cg::reduce through a barrier and slots in shared memory (block_tile_memory<N> and
 *   this_thread_block(scratch) exist with nvcc's sizes; the state itself is the header's);
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

/* The scratch space nvcc's header asks for multi-warp tiles. On sm_80+ NVIDIA's tiles use
 * the CTA's reserved shared memory and the type is empty (8 bytes, aligned to 8); before,
 * it holds 5 barrier words, 12 reserved bytes and 8 bytes a warp. oxicc's tiles keep their
 * state in the header's own shared variable (details::multi_warp_state), so the type is
 * only its size and alignment. */
template <unsigned int MaxBlockSize = 1024u> struct __align__(8) block_tile_memory {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
    char __scratch[32u + MaxBlockSize / 32u * 8u];
#endif
};
template <unsigned int MaxBlockSize>
__device__ __forceinline__ thread_block this_thread_block(block_tile_memory<MaxBlockSize> &) {
    return thread_block();
}

template <unsigned int Size, class ParentT = void> class thread_block_tile;

namespace details {
/* thread_block_tile<Size, ParentT> derives from tile_impl<Size, ParentT, Size > 32>: a warp
 * tile (below) or a multi-warp tile (cg_multi_warp part further down). */
template <unsigned int Size, class ParentT, bool MultiWarp> class tile_impl;

/* A warp tile: a thread_group too (as NVIDIA's), so functions taking `thread_group` accept
 * it; its collectives are `*.sync` instructions over the tile's lanes. */
template <unsigned int Size, class ParentT>
class tile_impl<Size, ParentT, false> : public thread_group {
public:
    static constexpr unsigned int numThreads = Size;
    __device__ tile_impl() : thread_group(Size) {}
    /* cg::reduce: butterfly exchange, log2(Size) steps, the same value in every lane. */
    template <class T, class Op> __device__ T __reduce(T value, Op op) const {
        for (unsigned int offset = Size / 2u; offset > 0u; offset /= 2u)
            value = op(value, shfl_xor(value, offset));
        return value;
    }
    /* Nothing to prepare or to carry into thread_block_tile<Size> for a warp tile. */
    template <class G> __device__ void __prepare(const G &) const {}
    __device__ void __set_meta(unsigned int, unsigned int) {}

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

/* Multi-warp tiles (64 … 1024 threads, whole warps, as NVIDIA's): the warps of a tile meet
 * at a barrier in shared memory, and collectives pass one value a warp through a slot. */
struct multi_warp_state {
    /* Per tile size (index log2(Size / 64)) and per warp of the CTA: how many times the
     * warp has arrived at its tile's barrier. Only the warp itself writes its word. */
    unsigned int arrivals[5][32];
    /* One value (at most 8 bytes, as NVIDIA's limit) a warp, for reduce, shfl, any, all. */
    unsigned long long slots[32];
};
/* The CTA's one copy of the state (a function-scope __shared__ variable, so a kernel that
 * uses no multi-warp tile gets none). */
__device__ __forceinline__ multi_warp_state *multi_warp_scratch() {
    __shared__ multi_warp_state state;
    return &state;
}
__device__ __forceinline__ constexpr unsigned int multi_warp_index(unsigned int size) {
    return size >= 1024u ? 4u : size >= 512u ? 3u : size >= 256u ? 2u : size >= 128u ? 1u : 0u;
}
/* How many threads a tile's parent spans: 0 for the thread block, N for a tile of N. */
template <class ParentT> struct parent_span { static constexpr unsigned int value = 0u; };
template <unsigned int N, class P> struct parent_span<thread_block_tile<N, P> > {
    static constexpr unsigned int value = N;
};
struct int_or { __device__ int operator()(int a, int b) const { return a | b; } };
struct int_and { __device__ int operator()(int a, int b) const { return a & b; } };

template <unsigned int Size> class multi_warp_tile_base {
public:
    /* nvcc's multi-warp tiles hold one pointer (8 bytes, aligned to 8): so do these. */
    multi_warp_state *__mem;
    static constexpr unsigned int numThreads = Size;
    static constexpr unsigned int numWarps = Size / 32u;
    __device__ multi_warp_tile_base() : __mem(multi_warp_scratch()) {}

    __device__ static unsigned int thread_rank() { return cta_thread_rank() & (Size - 1u); }
    __device__ static unsigned int num_threads() { return Size; }
    __device__ static unsigned int size() { return Size; }
    /* The CTA's warp number of this tile's first warp. */
    __device__ static unsigned int first_warp() { return (cta_thread_rank() & ~(Size - 1u)) / 32u; }

    /* The barrier: each warp's lane 0 counts its arrival (release: a fence, then the
     * store) and waits until every warp of the tile has arrived as often (acquire: the
     * loads, then a fence). Counts differ by at most one, so the signed difference stays
     * right when they wrap. The __syncwarp()s keep the other lanes with lane 0. */
    __device__ void sync() const {
        __syncwarp();
        if (lane_id() == 0u) {
            volatile unsigned int *arrived = multi_warp_scratch()->arrivals[multi_warp_index(Size)];
            unsigned int warp = cta_thread_rank() / 32u, first = first_warp();
            unsigned int count = arrived[warp] + 1u;
            __threadfence_block();
            arrived[warp] = count;
            for (unsigned int w = first; w < first + numWarps; ++w)
                while ((int)(arrived[w] - count) < 0) {
                }
            __threadfence_block();
        }
        __syncwarp();
    }
    /* Sets this warp's count to 0 between two barriers of the parent, which every thread of
     * the tile reaches (tiled_partition is collective over the parent). */
    template <class G> __device__ void __prepare(const G &parent) const {
        parent.sync();
        if (lane_id() == 0u)
            multi_warp_scratch()->arrivals[multi_warp_index(Size)][cta_thread_rank() / 32u] = 0u;
        parent.sync();
    }
    /* Each warp's value (the same in all its lanes) combined by `op` in warp order, in every
     * thread; the closing barrier frees the slots for the next collective. */
    template <class T, class Op> __device__ T __combine_warps(T warp_value, Op op) const {
        static_assert(sizeof(T) <= 8u, "Collectives with tiles larger than 32 threads are limited to types smaller then 8 bytes");
        if (lane_id() == 0u)
            *reinterpret_cast<T *>(&multi_warp_scratch()->slots[cta_thread_rank() / 32u]) = warp_value;
        sync();
        unsigned int first = first_warp();
        T result = *reinterpret_cast<T *>(&multi_warp_scratch()->slots[first]);
        for (unsigned int w = 1u; w < numWarps; ++w)
            result = op(result, *reinterpret_cast<T *>(&multi_warp_scratch()->slots[first + w]));
        sync();
        return result;
    }
    /* cg::reduce: a butterfly in each warp, then the warps' values in warp order. */
    template <class T, class Op> __device__ T __reduce(T value, Op op) const {
        for (unsigned int offset = 16u; offset > 0u; offset /= 2u)
            value = op(value, shfl_xor_any(0xffffffffu, value, (int)offset, 32));
        return __combine_warps(value, op);
    }
    /* The value of the tile's rank `src`, through the tile's first slot. */
    template <class T> __device__ T shfl(T var, unsigned int src) const {
        static_assert(sizeof(T) <= 8u, "Collectives with tiles larger than 32 threads are limited to types smaller then 8 bytes");
        T *slot = reinterpret_cast<T *>(&multi_warp_scratch()->slots[first_warp()]);
        if (thread_rank() == src)
            *slot = var;
        sync();
        T result = *slot;
        sync();
        return result;
    }
    __device__ int any(int predicate) const { return __combine_warps(__any_sync(0xffffffffu, predicate), int_or()); }
    __device__ int all(int predicate) const { return __combine_warps(__all_sync(0xffffffffu, predicate), int_and()); }
};

/* A multi-warp tile of a known parent: its place in the parent comes from the CTA rank. */
template <unsigned int Size, class ParentT>
class tile_impl<Size, ParentT, true> : public multi_warp_tile_base<Size> {
public:
    __device__ static unsigned int meta_group_rank() {
        unsigned int span = parent_span<ParentT>::value;
        return (span == 0u ? cta_thread_rank() : cta_thread_rank() & (span - 1u)) / Size;
    }
    __device__ static unsigned int meta_group_size() {
        unsigned int span = parent_span<ParentT>::value;
        return span == 0u ? (cta_num_threads() + Size - 1u) / Size : span / Size;
    }
    __device__ void __set_meta(unsigned int, unsigned int) {}
};
/* thread_block_tile<Size> (no parent): as NVIDIA's, it keeps its meta-group rank and size
 * (16 bytes, aligned to 8). */
template <unsigned int Size> class tile_impl<Size, void, true> : public multi_warp_tile_base<Size> {
public:
    unsigned int __meta_rank, __meta_size;
    __device__ tile_impl()
        : __meta_rank(cta_thread_rank() / Size), __meta_size((cta_num_threads() + Size - 1u) / Size) {}
    __device__ unsigned int meta_group_rank() const { return __meta_rank; }
    __device__ unsigned int meta_group_size() const { return __meta_size; }
    __device__ void __set_meta(unsigned int rank, unsigned int size) {
        __meta_rank = rank;
        __meta_size = size;
    }
};
} // namespace details

/* As NVIDIA's, thread_block_tile<N, Parent> (what tiled_partition returns) is not derived
 * from the parent-less thread_block_tile<N>: it converts to it, so a parameter
 * `thread_block_tile<N>` accepts it while deducing N of a template parameter
 * `thread_block_tile<S>` from it fails, as with nvcc. */
template <unsigned int Size, class ParentT>
class thread_block_tile : public details::tile_impl<Size, ParentT, (Size > 32u)> {
public:
    __device__ thread_block_tile() {}
    /* (For ParentT = void a conversion to the class itself, which C++ never uses.) */
    __device__ operator thread_block_tile<Size, void>() const {
        thread_block_tile<Size, void> tile;
        tile.__set_meta(this->meta_group_rank(), this->meta_group_size());
        return tile;
    }
};

/* The tile of a known parent, thread_block_tile<Size, ParentT>, as NVIDIA's. */
template <unsigned int Size, class ParentT>
__device__ __forceinline__ thread_block_tile<Size, ParentT> tiled_partition(const ParentT &parent) {
    thread_block_tile<Size, ParentT> tile;
    tile.__prepare(parent);
    return tile;
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
