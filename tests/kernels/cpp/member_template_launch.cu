// An accumulator class template with member templates (a template constructor, a member
// template called with deduced arguments, one called with `.template` and an explicit
// non-type argument and defined outside the class), explicit specializations of a function
// template (one with its arguments deduced), and kernel templates that only host-side
// launches instantiate (no explicit instantiation), one of them with deduced arguments.
template <class T> struct Acc {
    T sum;
    template <class U> __device__ explicit Acc(U init) : sum(static_cast<T>(init)) {}
    template <class U> __device__ void add(U x) { sum += static_cast<T>(x); }
    template <int K, class U> __device__ void add_scaled(U x);
    __device__ T get() const { return sum; }
};

template <class T>
template <int K, class U>
__device__ void Acc<T>::add_scaled(U x) {
    sum += static_cast<T>(x) * K;
}

template <class T> __device__ T weight(T x) { return x; }
template <> __device__ int weight<int>(int x) { return x * 3; }
template <> __device__ float weight(float x) { return x * 0.5f; }

template <class T, int STRIDE>
__global__ void accumulate(const int* in, T* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Acc<T> a(1);
    for (int k = 0; k < STRIDE; ++k) {
        int v = in[(i + k) % n];
        a.add(weight(v));
        a.template add_scaled<2>(weight(static_cast<float>(v)));
    }
    out[i] = a.get();
}

template <class T>
__global__ void scale_by(T* p, T f, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] *= f;
}

void launch(const int* d_in, float* d_out, int n) {
    int blocks = (n + 127) / 128;
    accumulate<float, 4><<<blocks, 128>>>(d_in, d_out, n);
    scale_by<<<blocks, 128>>>(d_out, 2.0f, n);
}
