#define NI __device__ __noinline__
namespace ns { namespace inner {
struct V {
  float x;
  NI V() : x(0) {}
  NI V(float a) : x(a) {}
  NI V operator+(const V& o) const { V r; r.x = x + o.x; return r; }
  NI V& operator+=(const V& o) { x += o.x; return *this; }
  NI V& operator=(const V& o) { x = o.x; return *this; }
  NI V operator-() const { V r; r.x = -x; return r; }
  NI float operator[](int i) const { return x + i; }
  NI float operator()(float a) { return a * x; }
  NI bool operator==(const V& o) const { return x == o.x; }
  NI bool operator<(const V& o) const { return x < o.x; }
  NI operator float() const { return x; }
  NI float get() const volatile { return x; }
  NI static float sget(int i) { return i; }
  NI void rv(float&& a) & { x = a; }
};
NI float f(V v, V& r, const V& c) { return v.x + r.x + c.x; }
}}
struct Base { int b; NI Base(int x) : b(x) {} };
struct Der : Base { int d; NI Der(int x) : Base(x), d(x) {} };
NI int nul(decltype(nullptr) p, int* q) { return q[0]; }
NI int rr(int* __restrict__ a, const volatile float* v, float (&arr)[4], int&& m) { return a[0] + v[0] + arr[0] + m; }
NI float ldf(long double x, float* p) { return x + p[0]; }
NI int twice(int* o) { { static __device__ int x; x++; o[0] = x; } { static __device__ int x; x += 2; o[1] = x; } return 0; }
namespace std { NI int sabs(int x) { return x < 0 ? -x : x; } }
namespace geo {
  enum class Mode { Fast, Slow };
  struct P { float q; };
  __device__ int counter;
  NI float mix(P* a, Mode m, P* b) { return a->q + b->q + (int)m; }
}
__global__ void k_classes(int* o, float* f) {
  using ns::inner::V;
  V v(f[0]), w;
  v += w; v = v + w;
  f[1] = v[o[0]] + v(f[2]) + (v == w) + (v < w) + (float)(-v) + ns::inner::f(v, w, w) + v.get() + V::sget(o[1]);
  v.rv(f[3] + 1.0f);
  f[4] = v.x;
  Der d(o[2]); o[3] = d.b + d.d;
  float arr[4] = {1, 2, 3, 4};
  o[4] = nul(nullptr, o) + rr(o, f, arr, (int)f[5]) + twice(o) + std::sabs(o[6]);
  f[6] = ldf(f[7], f);
  geo::P p{f[8]};
  f[9] = geo::mix(&p, geo::Mode::Slow, &p); geo::counter = o[7];
}
