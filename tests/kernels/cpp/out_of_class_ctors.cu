// Out-of-class definitions of constructors and destructors (of a class and of a class
// template, member templates included), a class template's own name with arguments in
// its body (`C<T>` in parameters and return types, a defaulted copy constructor), a
// class template whose name follows `__align__(…)`, a variable whose direct initializer
// starts with a functional cast, and `this->operator[](i)`: the C++ forms CuPy's
// `complex.cuh`/`carray.cuh` use.

struct Counter {
  int n;
  __device__ Counter(int start);
  __device__ ~Counter();
};
__device__ Counter::Counter(int start) : n(start * 3) {}
__device__ Counter::~Counter() {}

template <typename T>
struct __align__(sizeof(T) * 2) cplx {
  T re_, im_;
  inline cplx() = default;
  inline cplx(const cplx<T>& z) = default;
  inline __device__ cplx(const T& re);
  inline __device__ cplx(const T& re, const T& im);
  template <typename X>
  inline __device__ cplx(const cplx<X>& z);
  __device__ inline cplx<T>& operator+=(const cplx<T> z);
  __device__ inline cplx<T>& operator*=(const cplx<T> z);
  __device__ T real() const { return re_; }
  __device__ T imag() const { return im_; }
  __device__ void real(T r) { re_ = r; }
  __device__ void imag(T i) { im_ = i; }
};

template <typename T>
inline __device__ cplx<T>::cplx(const T& re) {
  real(re);
  imag(T());
}

template <typename T>
inline __device__ cplx<T>::cplx(const T& re, const T& im) : re_(re), im_(im) {}

template <typename T>
template <typename X>
inline __device__ cplx<T>::cplx(const cplx<X>& z) {
  real(T(z.real()));
  imag(T(z.imag()));
}

template <typename T>
__device__ inline cplx<T>& cplx<T>::operator+=(const cplx<T> z) {
  re_ += z.re_;
  im_ += z.im_;
  return *this;
}

template <typename T>
__device__ inline cplx<T>& cplx<T>::operator*=(const cplx<T> z) {
  T r = re_ * z.re_ - im_ * z.im_;
  im_ = re_ * z.im_ + im_ * z.re_;
  re_ = r;
  return *this;
}

template <typename T, int N>
struct Strided {
  T* data;
  int step;
  __device__ T& operator[](int i) { return data[i * step]; }
  __device__ T& at(int i) { return this->operator[](i % N); }
};

extern "C" __global__ void out_of_class_ctors(const float* in, const double* din, float* out,
                                              int* counts, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  cplx<float> a(in[2 * i], in[2 * i + 1]);
  cplx<double> d(din[i]);
  cplx<float> b(d);  // the converting member template constructor
  cplx<float> c(a);  // the defaulted copy constructor
  c += b;
  c *= a;
  typedef float F;
  cplx<F> r(F(0.25) * (c.real() + 1.0f), 0);
  out[4 * i] = c.real();
  out[4 * i + 1] = c.imag();
  out[4 * i + 2] = r.real();
  out[4 * i + 3] = r.imag() + float(sizeof(cplx<double>) + alignof(cplx<float>));
  Counter k(i);
  Strided<int, 4> s{counts, 1};
  atomicAdd(&s.at(i), k.n);
}
