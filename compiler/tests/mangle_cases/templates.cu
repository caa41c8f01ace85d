#define NI __device__ __noinline__
enum Color { RED, GREEN, BLUE };
enum class E2 : int { A, B };
template <typename T, int N> NI T reduce(const T* a, T* b) { return a[0] * N + b[0]; }
template <Color C> NI int col(int x) { return x + C; }
template <E2 C> NI int col2(int x) { return x + (int)C; }
template <bool B> NI int bb(int x) { return B ? x : -x; }
template <typename T, int N> struct Arr { T d[N]; NI T sum() const { T s = 0; for (int i = 0; i < N; i++) s += d[i]; return s; } };
template <typename T> struct Box {
  T v;
  template <typename U> NI T mix(T a, U u) const { return a + (T)u + v; }
  NI T& at(int i) { static __device__ int calls; calls++; return v; }
};
template <typename... Ts> NI int pk(int* o, Ts... xs) { return o[sizeof...(Ts)]; }
template <int... Ns> NI int ipk(int* o) { return o[sizeof...(Ns)]; }
template <int N> NI int negt(int* o) { return o[N + 5]; }
template <long N, unsigned U, char C, unsigned long long L> NI int lits(int* o) { return o[0] + N + U + C + L; }
namespace std { template <typename T> struct lim { NI static T mx(T a) { return a; } }; }
namespace geo {
  enum class Mode { Fast, Slow };
  template <typename T> struct Vec { T x; };
  template <typename T> NI Vec<T> operator*(Vec<T> a, T s) { Vec<T> r; r.x = a.x * s; return r; }
  struct P { float q; NI operator Vec<float>() const { Vec<float> v; v.x = q; return v; } };
  NI float both(Vec<float>* a, Vec<int>* b, Vec<float>* c, Mode m) { return a->x + b->x + c->x + (int)m; }
  template <Mode M> NI int mode(int x) { return x + (int)M; }
}
template <typename T, int BS, typename Op> __global__ void red(const T* __restrict__ in, T* out, Op op) { out[0] = op(in[0], in[BS - 1]); }
struct Add { NI float operator()(float a, float b) const { return a + b; } };
template __global__ void red<float, 256, Add>(const float* __restrict__, float*, Add);
template <typename T> __global__ void kt(T* o, long double ld) {
  o[1] = reduce<float, 128>((const float*)o, (float*)o);
  int* io = (int*)o;
  io[2] = col<GREEN>(io[1]) + col2<E2::B>(io[2]) + bb<true>(io[3]) + bb<false>(io[4]);
  Arr<float, 4> a; a.d[0] = o[5]; o[3] = a.sum();
  Box<float> b; b.v = o[0]; o[6] = b.mix(o[2], io[3]) + b.mix(o[2], (double)o[3]) + b.at(io[4]);
  io[7] = pk(io) + pk(io, 1, 2.0f) + pk(io, io, io) + ipk<1, 2, 3>(io) + ipk<>(io) + negt<-3>(io) + lits<-2L, 3u, 'a', 5ull>(io);
  io[8] = std::lim<int>::mx(io[9]) + geo::mode<geo::Mode::Slow>(io[10]);
  geo::Vec<float> v; v.x = o[11]; v = v * o[12];
  geo::P p; p.q = o[13]; geo::Vec<float> w = p;
  geo::Vec<int> vi; vi.x = io[14];
  o[15] = geo::both(&v, &vi, &w, geo::Mode::Slow);
}
template __global__ void kt<float>(float*, long double);
