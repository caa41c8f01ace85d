// CuPy-shaped: the simple (non-CUB) reduction kernel of cp.sum on a float32 vector.
#include <cupy/complex.cuh>
#include <cupy/carray.cuh>
#include <cupy/atomics.cuh>
#include <cupy/math_constants.h>
typedef float type_in0_raw;
typedef float type_out0_raw;
typedef int IndexT;

#define REDUCE(a, b) (a + b)
#define POST_MAP(a) (out0 = a)
#define _REDUCE(_offset) if (_tid < _offset) { \
  _type_reduce _a = _sdata[_tid], _b = _sdata[(_tid + _offset)]; \
  _sdata[_tid] = REDUCE(_a, _b); \
}

typedef type_out0_raw _type_reduce;
extern "C" __global__ void cupy_sum(const CArray<float, 1, 1, 1> _raw_in0, CArray<float, 0, 1, 1> _raw_out0, CIndexer<1, 1> _in_ind, CIndexer<0, 1> _out_ind, const int _block_stride) {
  __shared__ char _sdata_raw[512 * sizeof(_type_reduce)];
  _type_reduce *_sdata = reinterpret_cast<_type_reduce*>(_sdata_raw);
  unsigned int _tid = threadIdx.x;
  IndexT _J_offset = _tid >> __popc(_block_stride - 1);
  ptrdiff_t _j_offset = (ptrdiff_t)_J_offset * _out_ind.size();
  IndexT _J_stride = 512 >> __popc(_block_stride - 1);
  ptrdiff_t _j_stride = (ptrdiff_t)_J_stride * _out_ind.size();
  for (ptrdiff_t _i_base = (ptrdiff_t)blockIdx.x * _block_stride;
       _i_base < _out_ind.size();
       _i_base += (ptrdiff_t)gridDim.x * _block_stride) {
    _type_reduce _s = _type_reduce(0);
    ptrdiff_t _i = _i_base + (_tid & (_block_stride - 1));
    IndexT _J = _J_offset;
    for (ptrdiff_t _j = _i + _j_offset; _j < _in_ind.size(); _j += _j_stride, _J += _J_stride) {
      _in_ind.set(_j);
      const type_in0_raw in0 = _raw_in0[_in_ind.get()];
      _type_reduce _a = static_cast<_type_reduce>(in0);
      _s = REDUCE(_s, _a);
    }
    _sdata[_tid] = _s;
    __syncthreads();
    for (unsigned int _block = 512 / 2; _block >= _block_stride; _block >>= 1) {
      if (_tid < _block) {
        _REDUCE(_block);
      }
      __syncthreads();
    }
    if (_tid < _block_stride) {
      _s = _sdata[_tid];
    }
    if (_tid < _block_stride && _i < _out_ind.size()) {
      _out_ind.set(static_cast<ptrdiff_t>(_i));
      type_out0_raw &out0 = _raw_out0[_out_ind.get()];
      POST_MAP(_s);
    }
  }
}
