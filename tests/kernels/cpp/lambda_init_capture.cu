// Lambda init-captures ([y = e], [&r = v], a mutable counter), [*this] (a copy of the
// object) next to [this], std::move from <utility> and forwarding references choosing move or
// copy constructors, and c ? a : b as an assignable
// lvalue. One thread per element.
#include <utility>

struct Tracked {
    int v;
    __device__ Tracked(int x) : v(x) {}
    __device__ Tracked(const Tracked &o) : v(o.v + 1000) {}
    __device__ Tracked(Tracked &&o) : v(o.v + 2000) { o.v = -o.v; }
};

template <class T>
__device__ Tracked pass_on(T &&x) {
    return Tracked(static_cast<T &&>(x));
}

struct Scaler {
    int k;
    __device__ int apply(int x) {
        auto snapshot = [*this](int y) { return k * y; };
        auto live = [this](int y) { return k * y; };
        k += 1;
        return snapshot(x) * 100 + live(x);
    }
};

__global__ void lambda_init_capture(const int *in, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int a = in[i];
    int hits = 0;
    auto f = [twice = a * 2, &count = hits](int z) {
        count += 1;
        return twice + z;
    };
    int s = f(1) + f(2);
    auto counter = [n = 0]() mutable { return ++n; };
    counter();
    counter();
    Tracked t(a);
    Tracked copied = pass_on(t);
    Tracked moved = pass_on(std::move(t));
    int first = s, second = hits;
    int lo = 0, hi = 0;
    (a < 0 ? lo : hi) = counter();
    Scaler sc{a & 7};
    out[5 * i + 0] = first * 10 + second;
    out[5 * i + 1] = copied.v;
    out[5 * i + 2] = moved.v + t.v;
    out[5 * i + 3] = lo * 10 + hi;
    out[5 * i + 4] = sc.apply(3);
}
