// harness-arch: sm_80
// A 32×32×32 f16 GEMM (f32 accumulators) by one warp the way tensor-core kernels write it:
// A and B staged in shared memory, fragments loaded by ldmatrix (.x4 for A, .x2.trans for
// B), two k-steps of mma.sync.m16n8k16 per 16×8 output tile, the accumulators carried
// between them in registers. A and B are row-major (B is k×n), D row-major.

__global__ void mma_gemm32(const unsigned short *a, const unsigned short *b, float *d) {
    __shared__ __align__(16) unsigned short sa[32 * 32];
    __shared__ __align__(16) unsigned short sb[32 * 32];
    int lane = threadIdx.x;
    for (int i = lane; i < 1024; i += 32) {
        sa[i] = a[i];
        sb[i] = b[i];
    }
    __syncthreads();
    int g = lane >> 2, t = lane & 3;
    for (int mi = 0; mi < 2; mi++) {
        for (int ni = 0; ni < 4; ni++) {
            float acc[4] = {0.0f, 0.0f, 0.0f, 0.0f};
            for (int ks = 0; ks < 2; ks++) {
                unsigned fa[4], fb[2];
                unsigned pa = (unsigned)__cvta_generic_to_shared(
                    &sa[(16 * mi + lane % 16) * 32 + 16 * ks + (lane / 16) * 8]);
                asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                             : "=r"(fa[0]), "=r"(fa[1]), "=r"(fa[2]), "=r"(fa[3])
                             : "r"(pa));
                unsigned pb = (unsigned)__cvta_generic_to_shared(
                    &sb[(16 * ks + lane % 16) * 32 + 8 * ni]);
                asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];"
                             : "=r"(fb[0]), "=r"(fb[1])
                             : "r"(pb));
                asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                             "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
                             : "+f"(acc[0]), "+f"(acc[1]), "+f"(acc[2]), "+f"(acc[3])
                             : "r"(fa[0]), "r"(fa[1]), "r"(fa[2]), "r"(fa[3]), "r"(fb[0]),
                               "r"(fb[1]));
            }
            for (int j = 0; j < 4; j++)
                d[(16 * mi + g + 8 * (j >> 1)) * 32 + 8 * ni + 2 * t + (j & 1)] = acc[j];
        }
    }
}
