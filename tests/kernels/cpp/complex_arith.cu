// A templated complex-number class with operators, conj and norm: z = a*b + conj(c), |z|^2.
template <typename T>
class Complex {
public:
    __device__ Complex(T re = T(0), T im = T(0)) : re_(re), im_(im) {}
    __device__ T re() const { return re_; }
    __device__ T im() const { return im_; }
    __device__ Complex operator*(const Complex& o) const {
        return Complex(re_ * o.re_ - im_ * o.im_, re_ * o.im_ + im_ * o.re_);
    }
    __device__ Complex operator+(const Complex& o) const { return Complex(re_ + o.re_, im_ + o.im_); }
    __device__ friend Complex conj(const Complex& z) { return Complex(z.re_, -z.im_); }
    __device__ T norm() const { return re_ * re_ + im_ * im_; }
private:
    T re_, im_;
};

template <typename T>
__global__ void complex_fma(const T* a, const T* b, const T* c, T* z, T* n2, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Complex<T> x(a[2 * i], a[2 * i + 1]), y(b[2 * i], b[2 * i + 1]), w(c[2 * i], c[2 * i + 1]);
    Complex<T> r = x * y + conj(w);
    z[2 * i] = r.re();
    z[2 * i + 1] = r.im();
    n2[i] = r.norm();
}
template __global__ void complex_fma<float>(const float*, const float*, const float*, float*, float*, int);
