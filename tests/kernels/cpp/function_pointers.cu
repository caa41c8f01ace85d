// Function pointers in device code: addresses of device functions stored in locals, local
// arrays, `__device__` tables and structs, chosen at run time, called as `fp(x)` and
// `(*fp)(x)`, passed as parameters, compared, and with by-value struct arguments and
// results; a `void` function through a pointer writes the result.
struct Pair {
    int lo, hi;
};
__device__ int add3(int x) { return x + 3; }
__device__ int neg(int x) { return -x; }
__device__ int sq(int x) { return x * x; }
__device__ Pair swap_pair(Pair p, int bias) { return Pair{p.hi + bias, p.lo - bias}; }
__device__ void store_at(int* p, int v) { *p = v; }

typedef int (*UnaryFn)(int);
struct Stage {
    UnaryFn fn;
    int weight;
};

__device__ UnaryFn table[3] = {add3, neg, &sq};
__device__ Stage stages[2] = {{sq, 2}, {add3, -1}};

__device__ __noinline__ int apply_twice(UnaryFn f, int x) { return f(f(x)); }

__global__ void function_pointers(const int* in, int* out, Pair* pairs, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = in[i];
    UnaryFn local[2] = {neg, add3};
    UnaryFn pick = (x & 1) ? neg : &add3;
    int r = table[i % 3](x) + (*pick)(x) + local[(x >> 1) & 1](x);
    r += apply_twice(table[(i + 1) % 3], x % 100);
    for (int s = 0; s < 2; ++s) r += stages[s].weight * stages[s].fn(x % 50);
    UnaryFn none = nullptr;
    if (none == nullptr && pick != table[2]) r += 1000;
    Pair (*sw)(Pair, int) = swap_pair;
    pairs[i] = sw(pairs[i], i);
    void (*put)(int*, int) = store_at;
    put(out + i, r);
}
