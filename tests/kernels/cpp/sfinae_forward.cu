// SFINAE dispatch with std::enable_if (floating types are halved, integral types shifted),
// perfect forwarding with std::forward (an lvalue reaches add(const T&), an rvalue
// add(T&&)), std::move, a dependent member type in a signature (typename A::value_type),
// a reference to an array whose bound is deduced (const int (&)[N]) and a trailing
// decltype return type. Their mangled names carry the declared signatures
// (_Z5scaleIfENSt9enable_ifIXsr3std17is_floating_pointIT_EE5valueES1_E4typeES1_, …).
#include <type_traits>
#include <utility>

template <class T>
__device__ __noinline__ typename std::enable_if<std::is_floating_point<T>::value, T>::type
scale(T x) { return x * T(0.5); }

template <class T>
__device__ __noinline__ typename std::enable_if<std::is_integral<T>::value, T>::type
scale(T x) { return x >> 1; }

template <class T> struct Acc {
    typedef T value_type;
    T sum;
    __device__ void add(const T& v) { sum += v; }
    __device__ void add(T&& v) { sum += v * 2; }
};

template <class A, class V>
__device__ __noinline__ void push(A& acc, V&& v) { acc.add(std::forward<V>(v)); }

template <class A>
__device__ __noinline__ typename A::value_type total(const A& acc, typename A::value_type bias) {
    return acc.sum + bias;
}

template <int N>
__device__ __noinline__ int sum_first(const int (&a)[N]) {
    int s = 0;
    for (int i = 0; i < N; ++i) s += a[i];
    return s;
}

template <class A, class B>
__device__ __noinline__ auto mul(A a, B b) -> decltype(a * b) { return a * b; }

template <class T> __device__ __noinline__ T moved(T& x) { T y = std::move(x); return y + 1; }

__global__ void sfinae_forward(const float* xf, const int* xi, float* of, int* oi, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float f = xf[i];
    int k = xi[i];
    Acc<float> af{0.f};
    Acc<int> ai{0};
    push(af, f);        // lvalue: += f
    push(af, f * 2.f);  // rvalue: += 2 * (2f)
    push(ai, k);        // += k
    push(ai, k + 1);    // += 2 * (k + 1)
    int arr[3] = {k, k + 1, k + 2};
    of[i] = scale(total(af, 1.0f)) + mul(f, 2);
    oi[i] = scale(total(ai, 3)) + sum_first(arr) + mul(k, 3) + moved(k);
}
