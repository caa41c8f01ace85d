// A small stand-in for CuPy's `complex.cuh`/`carray.cuh`/`atomics.cuh` (the real headers
// cannot be committed): written for oxicc's tests, it uses the C++ forms those headers use
// and CuPy's generated kernels rely on (names and shapes follow CuPy's, the code is ours).
#pragma once

#define CUPY_FOR(i, n) \
  for (ptrdiff_t i = static_cast<ptrdiff_t>(blockIdx.x) * blockDim.x + threadIdx.x; \
       i < (n); i += static_cast<ptrdiff_t>(blockDim.x) * gridDim.x)

namespace standin {
template <bool B, class T, class F> struct conditional { typedef T type; };
template <class T, class F> struct conditional<false, T, F> { typedef F type; };
template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> { typedef T type; };
template <class T, class U> struct is_same { static const bool value = false; };
template <class T> struct is_same<T, T> { static const bool value = true; };
struct half_bits { unsigned short x; };
}  // namespace standin

namespace thrust {
// The class name follows `__align__(…)`; constructors are defined out of the class.
template <typename T>
struct __align__(sizeof(T) * 2) complex {
 public:
  typedef T value_type;
  inline __host__ __device__ complex(const T& re);
  inline __host__ __device__ complex(const T& re, const T& im);
  inline complex() = default;
  inline complex(const complex<T>& z) = default;
  template <typename X>
  inline __host__ __device__ complex(const complex<X>& z);
  __host__ __device__ inline complex<T>& operator+=(const complex<T> z);
  __host__ __device__ inline complex<T>& operator*=(const complex<T> z);
  // Volatile and plain overloads side by side.
  __host__ __device__ inline T real() const volatile { return m_data[0]; }
  __host__ __device__ inline T imag() const volatile { return m_data[1]; }
  __host__ __device__ inline T real() const { return m_data[0]; }
  __host__ __device__ inline T imag() const { return m_data[1]; }
  __host__ __device__ inline void real(T re) { m_data[0] = re; }
  __host__ __device__ inline void imag(T im) { m_data[1] = im; }

 private:
  T m_data[2];
};

template <typename T>
__host__ __device__ inline complex<T> operator+(const complex<T>& lhs, const complex<T>& rhs);
template <typename T>
__host__ __device__ inline complex<T> operator*(const complex<T>& lhs, const complex<T>& rhs);
template <typename T>
__host__ __device__ inline complex<T> operator*(const complex<T>& lhs, const T& rhs);
template <typename T>
__host__ __device__ inline T abs(const complex<T>& z);
template <typename T>
__host__ __device__ inline complex<T> conj(const complex<T>& z);

template <typename T>
inline __host__ __device__ complex<T>::complex(const T& re) {
  real(re);
  imag(T());
}

template <typename T>
inline __host__ __device__ complex<T>::complex(const T& re, const T& im) {
  real(re);
  imag(im);
}

template <typename T>
template <typename X>
inline __host__ __device__ complex<T>::complex(const complex<X>& z) {
  real(T(z.real()));
  imag(T(z.imag()));
}

template <typename T>
__host__ __device__ inline complex<T>& complex<T>::operator+=(const complex<T> z) {
  *this = *this + z;
  return *this;
}

template <typename T>
__host__ __device__ inline complex<T>& complex<T>::operator*=(const complex<T> z) {
  *this = *this * z;
  return *this;
}

template <typename T>
__host__ __device__ inline complex<T> operator+(const complex<T>& lhs, const complex<T>& rhs) {
  return complex<T>(lhs.real() + rhs.real(), lhs.imag() + rhs.imag());
}

// The volatile form is a worse match for non-volatile operands.
template <typename T>
__host__ __device__ inline complex<T> operator+(const volatile complex<T>& lhs,
                                                const volatile complex<T>& rhs) {
  return complex<T>(lhs.real() + rhs.real() + T(1000), lhs.imag() + rhs.imag());
}

template <typename T>
__host__ __device__ inline complex<T> operator*(const complex<T>& lhs, const complex<T>& rhs) {
  return complex<T>(lhs.real() * rhs.real() - lhs.imag() * rhs.imag(),
                    lhs.real() * rhs.imag() + lhs.imag() * rhs.real());
}

template <typename T>
__host__ __device__ inline complex<T> operator*(const complex<T>& lhs, const T& rhs) {
  return complex<T>(lhs.real() * rhs, lhs.imag() * rhs);
}

template <typename T>
__host__ __device__ inline complex<T> conj(const complex<T>& z) {
  return complex<T>(z.real(), -z.imag());
}

template <typename T>
__host__ __device__ inline T abs(const complex<T>& z) {
  // The global `fabs` (qualified: this namespace's `abs` template hides the global one).
  T a = ::fabs(z.real()), b = ::fabs(z.imag());
  T m = a > b ? a : b;
  if (m == T(0)) return m;
  T x = a / m, y = b / m;
  return m * ::sqrt(x * x + y * y);
}
}  // namespace thrust

using thrust::complex;

template <typename T, int _ndim, bool _c_contiguous = false, bool _use_32bit_indexing = false>
class CArray {
 public:
  static const int ndim = _ndim;
  typedef typename standin::conditional<_use_32bit_indexing, int, ptrdiff_t>::type index_t;

 private:
  T* data_;
  ptrdiff_t size_;
  ptrdiff_t shape_[ndim];  // sized by the class's own constant
  ptrdiff_t strides_[ndim];

 public:
  template <typename Int>
  __device__ CArray(T* data, const Int* shape) : data_(data), size_(1) {
    for (int i = 0; i < _ndim; i++) {
      size_ *= shape[i];
      shape_[i] = shape[i];
    }
    strides_[_ndim - 1] = sizeof(T);
    for (int i = _ndim - 1; i > 0; i--) strides_[i - 1] = shape[i] * strides_[i];
  }
  __device__ ptrdiff_t size() const { return size_; }

  template <typename Int>
  __device__ T& operator[](const Int (&idx)[ndim]) {
    return const_cast<T&>(const_cast<const CArray&>(*this)[idx]);
  }
  template <typename Int>
  __device__ const T& operator[](const Int (&idx)[ndim]) const {
    index_t diff = 0;
    for (int dim = 0; dim < ndim; ++dim)
      diff += static_cast<index_t>(strides_[dim]) * static_cast<index_t>(idx[dim]);
    return *reinterpret_cast<const T*>(reinterpret_cast<const char*>(data_) + diff);
  }
  __device__ T& operator[](ptrdiff_t i) {
    return const_cast<T&>(const_cast<const CArray&>(*this)[i]);
  }
  __device__ const T& operator[](ptrdiff_t i) const {
    return *reinterpret_cast<const T*>(reinterpret_cast<const char*>(data_) +
                                       static_cast<index_t>(strides_[0]) * i);
  }
  // `this->operator[](…)`, as CArray's initializer-list overloads do.
  __device__ T& flat(ptrdiff_t i) { return this->operator[](i); }
};

// The 0-d array: member operator templates.
template <typename T, bool _use_32bit_indexing>
class CArray<T, 0, true, _use_32bit_indexing> {
 private:
  T* data_;
  ptrdiff_t size_;

 public:
  static const int ndim = 0;
  __device__ explicit CArray(T* data) : data_(data), size_(1) {}
  __device__ ptrdiff_t size() const { return size_; }
  template <typename U>
  __device__ T& operator[](const U&) { return *data_; }
  template <typename U>
  __device__ T operator[](const U&) const { return *data_; }
};

template <int _ndim, bool _use_32bit_indexing = false>
class CIndexer {
 public:
  static const int ndim = _ndim;

 private:
  ptrdiff_t size_;
  ptrdiff_t shape_[ndim];
  ptrdiff_t index_[ndim];
  typedef ptrdiff_t index_t[ndim];

 public:
  template <typename Int>
  __device__ explicit CIndexer(const Int* shape) : size_(1) {
    for (int i = 0; i < _ndim; i++) {
      size_ *= shape[i];
      shape_[i] = shape[i];
      index_[i] = 0;
    }
  }
  __device__ ptrdiff_t size() const { return size_; }
  __device__ const index_t& get() const { return index_; }
  __device__ void set(ptrdiff_t i) {
    if (ndim == 1) {
      index_[0] = i;
    } else {
      _set(static_cast<unsigned int>(i));
    }
  }

 private:
  // The member template's parameter hides the class's `index_t`.
  template <typename index_t>
  __device__ void _set(index_t i) {
    for (int dim = ndim; --dim > 0;) {
      index_t s = static_cast<index_t>(shape_[dim]);
      index_t t = i / s;
      index_[dim] = i - t * s;
      i = t;
    }
    index_[0] = i;
  }
};

template <bool _use_32bit_indexing>
class CIndexer<0, _use_32bit_indexing> {
 private:
  ptrdiff_t size_;

 public:
  static const int ndim = 0;
  __device__ CIndexer() : size_(1) {}
  __device__ ptrdiff_t size() const { return size_; }
  __device__ void set(ptrdiff_t) {}
  __device__ const ptrdiff_t* get() const { return 0; }
};

// CUDA's own `atomicAdd` overloads stay beside these.
template <typename T,
          typename = typename standin::enable_if<standin::is_same<T, standin::half_bits>::value>::type>
__device__ T atomicAdd(T* address, T val);

__device__ long long atomicAdd(long long* address, long long val) {
  return atomicAdd(reinterpret_cast<unsigned long long*>(address),
                   static_cast<unsigned long long>(val));
}

__device__ double atomicMax(double* address, double val) {
  unsigned long long* address_as_i = reinterpret_cast<unsigned long long*>(address);
  unsigned long long old = *address_as_i, assumed;
  do {
    assumed = old;
    const long long result =
        __double_as_longlong(fmax(val, __longlong_as_double(reinterpret_cast<long long&>(assumed))));
    old = atomicCAS(address_as_i, assumed, reinterpret_cast<const unsigned long long&>(result));
  } while (assumed != old);
  return __longlong_as_double(reinterpret_cast<long long&>(old));
}
