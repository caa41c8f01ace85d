// CuPy-shaped: the ufunc kernel CuPy generates for cp.arange(n, dtype=cp.float64)
// (CuPy prepends the four includes; written for oxicc from the shape CuPy documents).
#include <cupy/complex.cuh>
#include <cupy/carray.cuh>
#include <cupy/atomics.cuh>
#include <cupy/math_constants.h>
typedef double in0_type;
typedef double in1_type;
typedef double out0_type;

extern "C" __global__ void cupy_arange__float64_float64_float64(const double in0, const double in1, CArray<double, 1, 1, 1> _raw_out0, CIndexer<1, 1> _ind) {
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
