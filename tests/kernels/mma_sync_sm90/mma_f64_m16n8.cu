// harness-arch: sm_90
// mma.sync.m16n8k4, m16n8k8 and m16n8k16 with f64 inputs and accumulators (sm_90) through
// inline PTX, fragments by the PTX ISA's tables, with g = laneid / 4, t = laneid % 4:
// A (16×k row-major) a_i at (g + 8·(i % 2), t + 4·(i / 2)), B (k×8, the "col" operand)
// b_i at (t + 4i, g), C and D (16×8 row-major) c_i at (g + 8·(i / 2), 2t + i % 2).
// The three shapes read the first k columns of one 16×16 A and the first k rows of one
// 16×8 B; each adds the same C.

template <int K> struct Frags {
    double a[K / 2], b[K / 4], c[4];
};

template <int K>
__device__ Frags<K> load(const double *a, const double *b, const double *c) {
    int lane = threadIdx.x, g = lane >> 2, t = lane & 3;
    Frags<K> f;
    for (int i = 0; i < K / 2; i++)
        f.a[i] = a[(g + 8 * (i & 1)) * 16 + t + 4 * (i >> 1)];
    for (int i = 0; i < K / 4; i++)
        f.b[i] = b[(t + 4 * i) * 8 + g];
    for (int i = 0; i < 4; i++)
        f.c[i] = c[(g + 8 * (i >> 1)) * 8 + 2 * t + (i & 1)];
    return f;
}

__device__ void store(double *d, const double *r) {
    int lane = threadIdx.x, g = lane >> 2, t = lane & 3;
    for (int i = 0; i < 4; i++)
        d[(g + 8 * (i >> 1)) * 8 + 2 * t + (i & 1)] = r[i];
}

__global__ void mma_f64_m16n8(const double *a, const double *b, const double *c, double *d4,
                              double *d8, double *d16) {
    double r[4];
    Frags<4> f4 = load<4>(a, b, c);
    asm volatile("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, {%4, %5}, "
                 "{%6}, {%7, %8, %9, %10};"
                 : "=d"(r[0]), "=d"(r[1]), "=d"(r[2]), "=d"(r[3])
                 : "d"(f4.a[0]), "d"(f4.a[1]), "d"(f4.b[0]), "d"(f4.c[0]), "d"(f4.c[1]),
                   "d"(f4.c[2]), "d"(f4.c[3]));
    store(d4, r);
    Frags<8> f8 = load<8>(a, b, c);
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, "
                 "{%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};"
                 : "=d"(r[0]), "=d"(r[1]), "=d"(r[2]), "=d"(r[3])
                 : "d"(f8.a[0]), "d"(f8.a[1]), "d"(f8.a[2]), "d"(f8.a[3]), "d"(f8.b[0]),
                   "d"(f8.b[1]), "d"(f8.c[0]), "d"(f8.c[1]), "d"(f8.c[2]), "d"(f8.c[3]));
    store(d8, r);
    Frags<16> f16 = load<16>(a, b, c);
    asm volatile("mma.sync.aligned.m16n8k16.row.col.rn.f64.f64.f64.f64 {%0, %1, %2, %3}, "
                 "{%4, %5, %6, %7, %8, %9, %10, %11}, {%12, %13, %14, %15}, "
                 "{%16, %17, %18, %19};"
                 : "=d"(r[0]), "=d"(r[1]), "=d"(r[2]), "=d"(r[3])
                 : "d"(f16.a[0]), "d"(f16.a[1]), "d"(f16.a[2]), "d"(f16.a[3]), "d"(f16.a[4]),
                   "d"(f16.a[5]), "d"(f16.a[6]), "d"(f16.a[7]), "d"(f16.b[0]), "d"(f16.b[1]),
                   "d"(f16.b[2]), "d"(f16.b[3]), "d"(f16.c[0]), "d"(f16.c[1]), "d"(f16.c[2]),
                   "d"(f16.c[3]));
    store(d16, r);
}
