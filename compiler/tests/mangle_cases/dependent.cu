#include <type_traits>
#include <utility>
#define NI __device__ __noinline__
template <class T> struct rr { typedef T type; static const bool value = true; };
struct W { struct In { typedef int value_type; }; static const int value = 1; typedef In inner; };
template <int N> struct Arr { int v[N]; };
template <class T> struct Box { T v; };
template <class T, int M> struct Pair { T v[M]; };
namespace ns { template <class T> struct Cell { T v; }; }
constexpr int K = 3;
// Dependent member types.
template <class T> NI T f1(typename rr<T>::type& x) { return x; }
template <class T> NI typename rr<T>::type f2(T x, typename rr<T>::type y) { return x + y; }
template <class T> NI typename T::value_type f3(T a, typename T::value_type b) { return b; }
template <class A, class B> NI typename rr<B>::type f4(typename rr<A>::type a, typename rr<B>::type* b, A c) { return *b; }
template <class T> NI typename T::inner::value_type f5(T x, typename T::inner y) { return 1; }
template <class T> NI typename rr<T>::type::value_type f6(typename rr<T>::type x) { return 1; }
template <class T> NI T h(T&& x) { return x; }
// enable_if and expressions in template arguments.
template <class T> NI typename std::enable_if<std::is_floating_point<T>::value, T>::type g1(T x) { return x; }
template <class T> NI typename std::enable_if<!std::is_floating_point<T>::value, T>::type g1(T x) { return x + 1; }
template <class T> NI std::enable_if_t<std::is_integral<T>::value && sizeof(T) == 4, T> g2(T x) { return x; }
template <int N> NI typename std::enable_if<(N > 1), int>::type g4(int x) { return x * N; }
template <int N> NI typename std::enable_if<N + 1 == 3, int>::type g5(int x) { return x * N; }
template <class T> NI typename std::enable_if<rr<T>::value, T>::type e1(T x, rr<T>* p) { return x; }
template <class T> NI typename std::enable_if<T::value == 1, int>::type e2(T x, std::is_floating_point<T>* q) { return 1; }
template <class T> NI typename std::enable_if<(sizeof(T) > 2) && !std::is_same<T, int>::value, T>::type e6(T x) { return x; }
template <bool B> NI typename std::enable_if<B, int>::type e7(int x) { return x; }
template <int N> NI typename std::enable_if<(N & 1) == 0 || N < -2, int>::type e8(int x) { return x; }
template <int N> NI typename std::enable_if<(-N > 2u), int>::type e9(int x) { return x; }
// Non-type parameters in array bounds and expressions.
template <int N> NI int n1(const int (&a)[N]) { return a[0]; }
template <class T, int N> NI T n2(T (&a)[N], T (*b)[N]) { return a[0]; }
template <int N> NI int n3(Arr<N + 1>* a, Arr<N>* b, Arr<N * 2 - 1>* c) { return 0; }
template <class... Ts> NI int n4(Arr<sizeof...(Ts)>* a, Ts... xs) { return 0; }
template <int N> NI int lz(Pair<int, N + K>* p) { return 0; }
template <class A, class B> NI auto d1(A a, B b) -> decltype(a + b) { return a + b; }
template <class A> NI auto d2(A a) -> decltype(a * 2) { return a * 2; }
// Template template parameters.
template <class T, template <class> class C> NI T tt(C<T>* p) { return p->v; }
template <template <class> class C, class T> NI T tt2(T x, C<T>* p, C<int>* q) { return x; }
template <template <class, int> class C, class T> NI T tt3(C<T, 2>* p) { return p->v[0]; }
template <template <class> class C> NI int tt4(C<float> a, C<int> b) { return 0; }
__global__ void k_dependent(float* o, int* oi) {
  int i = 3; float fl = 2; W w; rr<float> r;
  oi[0] = std::forward<int&>(i) + std::forward<int>(i) + std::move(i);
  o[0] = std::move(fl);
  oi[1] = f1<int>(i) + f2<int>(i, 2) + f5(w, W::In()) + f6<W::In>(W::In()) + h(i);
  o[1] = f3(W::In(), 1) + f4<int, float>(1, &fl, 2);
  o[2] = g1(fl); oi[2] = g1(i) + g2(i) + g4<2>(i) + g5<2>(i);
  o[3] = e1(1.0f, &r) + e6(1.0f);
  oi[3] = e2(w, (std::is_floating_point<W>*)0) + e7<true>(1) + e8<2>(1) + e9<-5>(1);
  int arr[4] = {1, 2, 3, 4}; float fa[2] = {1, 2}; float (*pfa)[2] = &fa;
  Arr<3> a3; Arr<2> a2; Pair<int, 5> p5;
  oi[4] = n1(arr) + n3<2>(&a3, &a2, &a3) + n4<int, int, float>(&a3, 1, 2, 3.0f) + lz<2>(&p5);
  o[4] = n2(fa, pfa) + d1(1.0f, 2) + d2(1.0f);
  Box<float> b; Box<int> bi; ns::Cell<float> c; Pair<float, 2> pf;
  o[5] = tt(&b) + tt2<Box>(1.0f, &b, &bi) + tt2(1.0f, &c, (ns::Cell<int>*)0) + tt3(&pf) + tt4(b, bi);
}
