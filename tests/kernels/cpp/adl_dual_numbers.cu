// Forward-mode differentiation with dual numbers: a class template in a namespace whose
// operators are hidden friends (found only by argument-dependent lookup), the injected
// class name inside the template, and a namespace function found through an enum argument.
namespace dsp {
enum Mode { Add, Mul };

template <typename T>
class Dual {
public:
    __device__ Dual(T v = T(0), T d = T(0)) : v_(v), d_(d) {}
    __device__ T value() const { return v_; }
    __device__ T deriv() const { return d_; }
    __device__ friend Dual operator+(const Dual& a, const Dual& b) {
        return Dual(a.v_ + b.v_, a.d_ + b.d_);
    }
    __device__ friend Dual operator*(const Dual& a, const Dual& b) {
        return Dual(a.v_ * b.v_, a.v_ * b.d_ + a.d_ * b.v_);
    }
    __device__ friend Dual square(const Dual& a) { return a * a; }
    __device__ Dual& operator+=(const Dual& o) {
        *this = *this + o;
        return *this;
    }

private:
    T v_, d_;
};

__device__ int weight(Mode m) { return m == Add ? 1 : 2; }
}  // namespace dsp

// p(x) = x^2 + 3x, then + (x + 2) or + 2x by mode; the value is scaled by the mode's weight.
__global__ void poly_dual(const int* xs, const int* modes, int* val, int* der, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    dsp::Dual<int> x(xs[i], 1);
    dsp::Mode m = (modes[i] & 1) ? dsp::Mul : dsp::Add;
    dsp::Dual<int> p = square(x) + x * dsp::Dual<int>(3);
    if (m == dsp::Add) {
        p += x + dsp::Dual<int>(2);
    } else {
        p += x * dsp::Dual<int>(2);
    }
    val[i] = p.value() * weight(m);
    der[i] = p.deriv();
}
