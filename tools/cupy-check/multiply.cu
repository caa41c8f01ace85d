// CuPy-shaped: the ufunc kernel for a float32 array times a float64 scalar ("dd->d").
#include <cupy/complex.cuh>
#include <cupy/carray.cuh>
#include <cupy/atomics.cuh>
#include <cupy/math_constants.h>
typedef double in0_type;
typedef double in1_type;
typedef double out0_type;

extern "C" __global__ void cupy_multiply__float32_float_float64(const CArray<float, 1, 1, 1> _raw_in0, const double in1, CArray<double, 1, 1, 1> _raw_out0, CIndexer<1, 1> _ind) {
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
