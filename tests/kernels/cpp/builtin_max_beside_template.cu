// A user's `template <class T> T max(const T&, const T&)` (cuda-samples eigenvalues' util.h)
// beside CUDA's own overloads of max: a call whose arguments the template cannot take
// (double, float) goes to CUDA's max(double, float) (and max(float, double)), a call with
// two floats to the template; also inside a function template instance.
template <class T> __host__ __device__ T max(const T &a, const T &b) { return a < b ? b : a; }

#define FLOOR_D 0.5

template <class S> __device__ float clamp_low(float x, S s)
{
    float t = max(x, 0.25f) * s;
    return max(FLOOR_D, t);
}

__global__ void builtin_max_beside_template(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[2 * i] = clamp_low(in[i], 2);
        out[2 * i + 1] = max(in[i], 0.75);
    }
}
