// Kernels shaped as CuPy generates them (ufunc `arange`, `multiply` of a float32 array by
// a float64 scalar, a complex64 `multiply`, the simple `sum` reduction), over the stand-in
// header `include/cupy_standin.cuh` (CuPy's headers cannot be committed). The by-value
// entries are CuPy's; `cupy_shaped` runs the same bodies on arrays built in the kernel
// (the interpreter passes no pointers inside by-value arguments).
#include "include/cupy_standin.cuh"

typedef double in0_type;
typedef double in1_type;
typedef double out0_type;
typedef complex<float> c_in_type;

__device__ void arange_body(const double in0, const double in1, CArray<double, 1, 1, 1> _raw_out0,
                            CIndexer<1, 1> _ind) {
  ;
#pragma unroll 1
  CUPY_FOR(i, _ind.size()) {
    _ind.set(i);
    out0_type out0;
    out0 = in0 + i * in1;
    ;
    _raw_out0[_ind.get()] = out0;
  }
  ;
}

extern "C" __global__ void cupy_arange__float64_float64_float64(
    const double in0, const double in1, CArray<double, 1, 1, 1> _raw_out0, CIndexer<1, 1> _ind) {
  arange_body(in0, in1, _raw_out0, _ind);
}

__device__ void multiply_body(const CArray<float, 2, 1, 1> _raw_in0, const double in1,
                              CArray<double, 2, 1, 1> _raw_out0, CIndexer<2, 1> _ind) {
  ;
#pragma unroll 1
  CUPY_FOR(i, _ind.size()) {
    _ind.set(i);
    const in0_type in0(_raw_in0[_ind.get()]);
    out0_type out0;
    out0 = in0 * in1;
    ;
    _raw_out0[_ind.get()] = out0;
  }
  ;
}

extern "C" __global__ void cupy_multiply__float32_float_float64(
    const CArray<float, 2, 1, 1> _raw_in0, const double in1, CArray<double, 2, 1, 1> _raw_out0,
    CIndexer<2, 1> _ind) {
  multiply_body(_raw_in0, in1, _raw_out0, _ind);
}

__device__ void complex_body(const CArray<complex<float>, 1, 1, 1> _raw_in0,
                             const CArray<complex<float>, 1, 1, 1> _raw_in1,
                             CArray<complex<float>, 1, 1, 1> _raw_out0,
                             CArray<float, 1, 1, 1> _raw_out1, CIndexer<1, 1> _ind) {
  ;
#pragma unroll 1
  CUPY_FOR(i, _ind.size()) {
    _ind.set(i);
    const c_in_type in0(_raw_in0[_ind.get()]);
    const c_in_type in1(_raw_in1[_ind.get()]);
    c_in_type out0;
    float out1;
    out0 = in0 * in1 + conj(in0);
    out0 += c_in_type(0.5f);
    complex<float> t(complex<double>(in1.real(), 2.0));  // converting constructor
    out0 *= complex<float>(1.0f, 0.0f) * t.real();
    out1 = abs(out0);
    ;
    _raw_out0[_ind.get()] = out0;
    _raw_out1.flat(i) = out1;
  }
  ;
}

extern "C" __global__ void cupy_multiply__complex64_complex64_complex64(
    const CArray<complex<float>, 1, 1, 1> _raw_in0, const CArray<complex<float>, 1, 1, 1> _raw_in1,
    CArray<complex<float>, 1, 1, 1> _raw_out0, CArray<float, 1, 1, 1> _raw_out1,
    CIndexer<1, 1> _ind) {
  complex_body(_raw_in0, _raw_in1, _raw_out0, _raw_out1, _ind);
}

typedef float type_in0_raw;
typedef float type_out0_raw;
typedef int IndexT;

#define REDUCE(a, b) (a + b)
#define POST_MAP(a) (out0 = a)
#define _REDUCE(_offset)                                    \
  if (_tid < _offset) {                                     \
    _type_reduce _a = _sdata[_tid], _b = _sdata[(_tid + _offset)]; \
    _sdata[_tid] = REDUCE(_a, _b);                          \
  }

typedef type_out0_raw _type_reduce;

__device__ void sum_body(const CArray<float, 1, 1, 1> _raw_in0, CArray<float, 0, 1, 1> _raw_out0,
                         CIndexer<1, 1> _in_ind, CIndexer<0, 1> _out_ind,
                         const int _block_stride) {
  __shared__ char _sdata_raw[128 * sizeof(_type_reduce)];
  _type_reduce* _sdata = reinterpret_cast<_type_reduce*>(_sdata_raw);
  unsigned int _tid = threadIdx.x;
  IndexT _J_offset = _tid >> __popc(_block_stride - 1);
  ptrdiff_t _j_offset = (ptrdiff_t)_J_offset * _out_ind.size();
  IndexT _J_stride = 128 >> __popc(_block_stride - 1);
  ptrdiff_t _j_stride = (ptrdiff_t)_J_stride * _out_ind.size();
  for (ptrdiff_t _i_base = (ptrdiff_t)blockIdx.x * _block_stride; _i_base < _out_ind.size();
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
    for (unsigned int _block = 128 / 2; _block >= _block_stride; _block >>= 1) {
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
      type_out0_raw& out0 = _raw_out0[_out_ind.get()];
      POST_MAP(_s);
    }
  }
}

extern "C" __global__ void cupy_sum(const CArray<float, 1, 1, 1> _raw_in0,
                                    CArray<float, 0, 1, 1> _raw_out0, CIndexer<1, 1> _in_ind,
                                    CIndexer<0, 1> _out_ind, const int _block_stride) {
  sum_body(_raw_in0, _raw_out0, _in_ind, _out_ind, _block_stride);
}

// Runs the four bodies (one block of 128 threads): `x` has n = rows * cols floats,
// `z` n complex numbers (interleaved).
extern "C" __global__ void cupy_shaped(float* x, float* z, float* w, double* ar, double* mul,
                                       float* zout, float* zabs, float* sum, long long* acc,
                                       double* mx, int rows, int cols) {
  ptrdiff_t n = (ptrdiff_t)rows * cols;
  ptrdiff_t flat[1] = {n};
  ptrdiff_t shape2[2] = {rows, cols};
  arange_body(-2.5, 0.25, CArray<double, 1, 1, 1>(ar, flat), CIndexer<1, 1>(flat));
  multiply_body(CArray<float, 2, 1, 1>(x, shape2), 0.1, CArray<double, 2, 1, 1>(mul, shape2),
                CIndexer<2, 1>(shape2));
  complex_body(CArray<complex<float>, 1, 1, 1>(reinterpret_cast<complex<float>*>(z), flat),
               CArray<complex<float>, 1, 1, 1>(reinterpret_cast<complex<float>*>(w), flat),
               CArray<complex<float>, 1, 1, 1>(reinterpret_cast<complex<float>*>(zout), flat),
               CArray<float, 1, 1, 1>(zabs, flat), CIndexer<1, 1>(flat));
  sum_body(CArray<float, 1, 1, 1>(x, flat), CArray<float, 0, 1, 1>(sum), CIndexer<1, 1>(flat),
           CIndexer<0, 1>(), 1);
  atomicAdd(acc, (long long)threadIdx.x - 64);
  atomicMax(mx, (double)x[threadIdx.x % n]);
}
