#define NI __device__ __noinline__
template <typename F> NI float app(F f, float x) { return f(x); }
__global__ void k_lambdas(int* o, float* f) {
  f[0] = app([=](float x) { return x * f[1]; }, f[2]);
  f[3] = app([=](float x) { return x + f[1]; }, f[4]);
  f[5] = app([=](int x) { return x + f[1]; }, f[6]);
  f[7] = app([](float x) { return x; }, f[8]);
  struct Loc { float q; NI float get() const { return q; } } loc;
  loc.q = f[9]; f[10] = loc.get();
  auto lam = [=](float a) __attribute__((noinline)) { return a * f[0]; };
  f[11] = lam(f[12]);
  auto gen = [](auto a) __attribute__((noinline)) { return a + a; };
  f[13] = gen(f[14]); o[0] = gen(o[1]);
}
