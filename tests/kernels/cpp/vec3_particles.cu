// A Vec3 struct with member and free operators, used for an explicit-Euler particle step.
struct Vec3 {
    float x, y, z;
    __device__ Vec3() : x(0), y(0), z(0) {}
    __device__ Vec3(float x_, float y_, float z_) : x(x_), y(y_), z(z_) {}
    __device__ Vec3 operator+(const Vec3& o) const { return Vec3(x + o.x, y + o.y, z + o.z); }
    __device__ Vec3 operator-(const Vec3& o) const { return Vec3(x - o.x, y - o.y, z - o.z); }
    __device__ Vec3& operator+=(const Vec3& o) { x += o.x; y += o.y; z += o.z; return *this; }
    __device__ float dot(const Vec3& o) const { return x * o.x + y * o.y + z * o.z; }
};
__device__ Vec3 operator*(float s, const Vec3& v) { return Vec3(s * v.x, s * v.y, s * v.z); }

__global__ void step_particles(float* pos, float* vel, float* energy, int n, float dt) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Vec3 p(pos[3 * i], pos[3 * i + 1], pos[3 * i + 2]);
    Vec3 v(vel[3 * i], vel[3 * i + 1], vel[3 * i + 2]);
    const Vec3 gravity(0.0f, -9.75f, 0.0f);
    v += dt * gravity;
    p += dt * v;
    pos[3 * i] = p.x; pos[3 * i + 1] = p.y; pos[3 * i + 2] = p.z;
    vel[3 * i] = v.x; vel[3 * i + 1] = v.y; vel[3 * i + 2] = v.z;
    energy[i] = 0.5f * v.dot(v);
}
