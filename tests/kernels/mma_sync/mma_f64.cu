// harness-arch: sm_80
// mma.sync.m8n8k4 with f64 inputs and accumulators (sm_80+) through inline PTX, fragments
// by the PTX ISA's tables: A (8×4 row-major) a0 at (g, t), B (4×8 row-major here, the
// "col" operand) b0 at (t, g), C and D (8×8 row-major) c0, c1 at (g, 2t) and (g, 2t + 1),
// with g = laneid / 4 and t = laneid % 4. Two products: A·B + C, then A times B with its
// rows (k) in reverse order plus the first D (`.rn`, the default rounding, written out).

__global__ void mma_f64(const double *a, const double *b, const double *c, double *d1,
                        double *d2) {
    int lane = threadIdx.x, g = lane >> 2, t = lane & 3;
    double ra = a[g * 4 + t], rb = b[t * 8 + g], rb2 = b[(3 - t) * 8 + g];
    double c0 = c[g * 8 + 2 * t], c1 = c[g * 8 + 2 * t + 1], e0, e1, f0, f1;
    asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%4, %5};"
                 : "=d"(e0), "=d"(e1)
                 : "d"(ra), "d"(rb), "d"(c0), "d"(c1));
    d1[g * 8 + 2 * t] = e0;
    d1[g * 8 + 2 * t + 1] = e1;
    asm volatile("mma.sync.aligned.m8n8k4.row.col.rn.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%4, %5};"
                 : "=d"(f0), "=d"(f1)
                 : "d"(ra), "d"(rb2), "d"(e0), "d"(e1));
    d2[g * 8 + 2 * t] = f0;
    d2[g * 8 + 2 * t + 1] = f1;
}
