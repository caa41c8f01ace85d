// Virtual functions on objects constructed in device code: an abstract base class with a
// pure virtual method, two derived classes, and calls through a base pointer chosen at run
// time.
struct Filter {
    __device__ virtual ~Filter() {}
    __device__ virtual int apply(int x) const = 0;
};
struct AddK : Filter {
    int k;
    __device__ explicit AddK(int k_) : k(k_) {}
    __device__ int apply(int x) const override { return x + k; }
};
struct MulK : Filter {
    int k;
    __device__ explicit MulK(int k_) : k(k_) {}
    __device__ int apply(int x) const override { return x * k; }
};

__global__ void run_filters(const int* in, const int* which, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    AddK add(5);
    MulK mul(-3);
    const Filter* f = (which[i] & 1) ? static_cast<const Filter*>(&mul) : &add;
    out[i] = f->apply(in[i]);
}
