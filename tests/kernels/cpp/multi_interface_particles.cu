// Particles that implement two interfaces (multiple polymorphic bases): the integrator moves
// them through `Movable*`, the renderer shades them through `const Shaded&`. The second
// interface lives at a nonzero offset, so its calls go through a secondary vtable and
// `this`-adjusting thunks; converting a null pointer to it must stay null.

struct Movable {
    int pos;
    __device__ virtual int advance(int dt) { return pos += dt; }
    __device__ virtual int mass() const { return 1; }
};

struct Shaded {
    int hue;
    __device__ virtual int color(int light) const { return hue + light; }
    __device__ virtual int alpha() const { return 255; }
};

struct Dust : Movable, Shaded {
    __device__ Dust(int p, int h) { pos = p; hue = h; }
    __device__ int color(int light) const override { return hue * 2 + light; }
};

struct Ember : Movable, Shaded {
    int heat;
    __device__ Ember(int p, int h, int t) : heat(t) { pos = p; hue = h; }
    __device__ int advance(int dt) override { pos += dt * heat; return pos; }
    __device__ int color(int light) const override { return Shaded::color(light) + heat * 100; }
    __device__ int alpha() const override { return 128 - heat; }
    __device__ int mass() const override { return 3; }
};

struct Comet final : Ember {
    __device__ Comet(int p) : Ember(p, 5, 2) {}
    __device__ int mass() const override { return Ember::mass() * 10; }
    __device__ int alpha() const final { return 7; }
};

__device__ __noinline__ int integrate(Movable *m, int steps) {
    int p = 0;
    for (int i = 0; i < steps; ++i) p = m->advance(i + 1);
    return p * m->mass();
}

__device__ __noinline__ int shade(const Shaded &s, int light) {
    return s.color(light) * 1000 + s.alpha();
}

// Null stays null through the derived-to-second-base conversion.
__device__ __noinline__ const Shaded *as_shaded(const Ember *e) { return e; }

__global__ void particles(const int *in, int *pos, int *shading, int *flags, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = in[i];
    Dust d(v, v & 7);
    Ember e(v, v & 15, (v >> 4) & 3);
    Comet c(v);
    Movable *m;
    const Shaded *s;
    switch (i % 3) {
    case 0: m = &d; s = &d; break;
    case 1: m = &e; s = &e; break;
    default: m = &c; s = &c; break;
    }
    pos[i] = integrate(m, 3);
    shading[i] = shade(*s, i & 15);
    const Ember *none = (i % 3 == 1) ? &e : nullptr;
    flags[i] = (as_shaded(none) == nullptr) + 2 * (as_shaded(&c) != nullptr);
}
