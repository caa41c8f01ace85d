// Value semantics of a small RAII buffer class: a user copy constructor (deep copy), a
// move constructor that empties its source, copy assignment, and a destructor, each
// counting its calls per thread. Exercises guaranteed copy elision and NRVO (make),
// passing by value with std::move-style casts, the implicit move of a returned parameter
// (doubled), destruction at the end of loop iterations, on `continue`, and of the
// parameter temporary at the end of its full expression.
struct Counters {
    int ctor, copy, move, dtor;
};

class Buf {
    int data_[4];
    int n_;
    Counters *c_;

public:
    __device__ explicit Buf(Counters *c) : n_(0), c_(c) { c_->ctor++; }
    __device__ Buf(const Buf &o) : n_(o.n_), c_(o.c_) {
        for (int i = 0; i < n_; i++) data_[i] = o.data_[i];
        c_->copy++;
    }
    __device__ Buf(Buf &&o) : n_(o.n_), c_(o.c_) {
        for (int i = 0; i < n_; i++) data_[i] = o.data_[i];
        o.n_ = 0;
        c_->move++;
    }
    __device__ Buf &operator=(const Buf &o) {
        n_ = o.n_;
        for (int i = 0; i < n_; i++) data_[i] = o.data_[i];
        c_->copy++;
        return *this;
    }
    __device__ ~Buf() { c_->dtor++; }
    __device__ void push(int v) {
        if (n_ < 4) data_[n_++] = v;
    }
    __device__ void scale(int k) {
        for (int i = 0; i < n_; i++) data_[i] *= k;
    }
    __device__ int sum() const {
        int s = 0;
        for (int i = 0; i < n_; i++) s += data_[i];
        return s;
    }
    __device__ int size() const { return n_; }
};

__device__ Buf make(Counters *c, const int *in) {
    Buf b(c);
    for (int i = 0; i < 4; i++) b.push(in[i]);
    return b;
}

__device__ __noinline__ Buf doubled(Buf b) {
    b.scale(2);
    return b;
}

__global__ void raii_buffer(const int *in, int *out, Counters *counts, int n) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    Counters *c = &counts[t];
    Buf a = make(c, in + 4 * t);
    Buf b = a;
    Buf d = doubled(static_cast<Buf &&>(b));
    int total = 0;
    for (int i = 0; i < 3; i++) {
        Buf tmp(c);
        tmp.push(in[4 * t + i]);
        if (tmp.sum() < 0) continue;
        total += tmp.sum();
    }
    Buf e(c);
    e = d;
    out[t] = a.sum() * 3 + e.sum() + b.size() * 1000 + total * 7;
}
