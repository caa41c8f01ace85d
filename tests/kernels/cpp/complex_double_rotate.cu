// Complex numbers in double precision through a class template with operator*= and a
// static member function: rotates points by an integer number of quarter turns (exact).
template <typename T>
struct Cplx {
    T re, im;
    __device__ static Cplx unit(int quarter) {
        switch (quarter & 3) {
        case 0: return {T(1), T(0)};
        case 1: return {T(0), T(1)};
        case 2: return {T(-1), T(0)};
        default: return {T(0), T(-1)};
        }
    }
    __device__ Cplx& operator*=(const Cplx& o) {
        T r = re * o.re - im * o.im;
        im = re * o.im + im * o.re;
        re = r;
        return *this;
    }
};

__global__ void rotate(const double* pts, const int* turns, double* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Cplx<double> z{pts[2 * i], pts[2 * i + 1]};
    z *= Cplx<double>::unit(turns[i]);
    out[2 * i] = z.re;
    out[2 * i + 1] = z.im;
}
