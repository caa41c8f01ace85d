// expect: 9: identifier "get" is undefined
// A hidden friend is found only by argument-dependent lookup (an argument of its class).
template <class T> struct W {
    T v;
    friend __device__ T get(W w) { return w.v; }
};
__global__ void k(int* o) {
    W<int> w{o[0]};
    o[1] = get(w) + get(3);
}
