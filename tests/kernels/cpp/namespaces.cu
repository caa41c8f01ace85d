// Nested namespaces, an anonymous namespace, a using-directive and a kernel inside a namespace
// (its .entry name carries the namespace).
namespace physics {
namespace units {
constexpr int kScale = 1000;
__device__ int to_milli(int v) { return v * kScale; }
}  // namespace units
namespace {
__device__ int clamp_nonneg(int v) { return v < 0 ? 0 : v; }
}
__device__ int combine(int a, int b) { return units::to_milli(a) + clamp_nonneg(b); }
}  // namespace physics

namespace app::kernels {
using namespace physics;
__global__ void convert(const int* a, const int* b, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = combine(a[i], b[i]) - units::kScale;
}
}  // namespace app::kernels
