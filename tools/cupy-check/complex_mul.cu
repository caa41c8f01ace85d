// CuPy-shaped: a complex64 ufunc kernel (two outputs, a 2-d non-contiguous input).
#include <cupy/complex.cuh>
#include <cupy/carray.cuh>
#include <cupy/atomics.cuh>
#include <cupy/math_constants.h>
typedef complex<float> in0_type;
typedef complex<float> in1_type;
typedef complex<float> out0_type;
typedef float out1_type;

extern "C" __global__ void cupy_multiply__complex64_complex64_complex64(const CArray<complex<float>, 2, 0, 1> _raw_in0, const CArray<complex<float>, 2, 0, 1> _raw_in1, CArray<complex<float>, 2, 1, 1> _raw_out0, CArray<float, 2, 1, 1> _raw_out1, CIndexer<2, 1> _ind) {
  ;
  #pragma unroll 1
  CUPY_FOR(i, _ind.size()) {
    _ind.set(i);
    const in0_type in0(_raw_in0[_ind.get()]);
const in1_type in1(_raw_in1[_ind.get()]);
out0_type out0;
out1_type out1;
out0 = in0 * in1 + exp(in0) / in1;
out1 = abs(out0) + arg(in1);
;
_raw_out0[_ind.get()] = out0;
_raw_out1[_ind.get()] = out1;
  }
  ;
}
