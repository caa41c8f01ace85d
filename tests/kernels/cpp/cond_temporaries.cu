// Temporaries created in only one arm of `?:`, or in the right operand of `&&` / `||`
// (C++ [class.temporary]): exactly the temporaries that were created are destroyed, at
// the end of the full expression, last made first. Thread 0 logs every construction (+v)
// and destruction (-v) of a T; every thread counts constructions and destructions of its
// own temporaries, which must balance.
__device__ int *g_log;
__device__ int g_n;

struct T {
    int v;
    int *count;
    __device__ T(int x, int *c) : v(x), count(c) {
        count[0]++;
        if (g_log)
            g_log[g_n++] = v;
    }
    __device__ T(const T &o) : v(o.v + 100), count(o.count) {
        count[0]++;
        if (g_log)
            g_log[g_n++] = v;
    }
    __device__ ~T() {
        count[1]++;
        if (g_log)
            g_log[g_n++] = -v;
    }
    __device__ bool ok() const { return v > 0; }
    __device__ int get() const { return v; }
};

__device__ int pick(int c, int *k) { return c ? T(1, k).get() : T(2, k).get() + T(3, k).get(); }

__device__ bool both(int a, int b, int *k) { return T(a, k).ok() && T(b, k).ok(); }

__device__ bool either(int a, int b, int *k) { return T(a, k).ok() || T(b, k).ok(); }

__device__ int nested(int x, int *k) {
    return x > 0 ? (x > 5 ? T(6, k).get() : T(5, k).get()) : (T(-1, k).ok() ? 1 : T(4, k).get());
}

__device__ T make(int c, int *k) { return c ? T(7, k) : T(8, k); }

__global__ void cond_temporaries(const int *in, int *out, int *counts, int *log) {
    int tid = threadIdx.x;
    int *k = counts + 2 * tid;
    if (tid == 0) {
        g_log = log;
        g_n = 0;
    }
    __syncthreads();
    int x = in[tid];
    int s = 0;
    if (tid == 0) {
        s += pick(1, k) * 1000 + pick(0, k);
        s += both(1, 2, k) + both(-1, 2, k) * 2 + either(1, 2, k) * 4 + either(-1, -2, k) * 8;
        s += nested(7, k) + nested(3, k) + nested(-2, k);
        for (int i = 0; i < 4; i++)
            s += (i & 1) ? T(10 + i, k).get() : 0;
        T m = make(0, k);
        s += m.get();
        g_log = nullptr;
    }
    __syncthreads();
    // Every thread: data-dependent arms, counted per thread.
    int t = (x & 1) ? T(x, k).get() : T(x + 1, k).get() * 2;
    bool b = (x > 0 && T(x, k).ok()) || T(-x, k).ok();
    out[tid] = s + t + (b ? 1 : 0);
}
