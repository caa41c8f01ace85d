// harness-arch: sm_90
// stmatrix (sm_90) through inline PTX, every form: .x1, .x2 and .x4, each plain and
// .trans, into zeroed shared tables (one per form), each lane naming as row address the
// table row (5·lane + 3) mod 32 (lanes past 8·num name none); then the tables are copied
// out. Lane l's register m is in[4l + m].

__global__ void stmatrix(const unsigned *in, unsigned *out) {
    __shared__ __align__(16) unsigned s[6][128];
    int lane = threadIdx.x;
    for (int i = lane; i < 6 * 128; i += 32) s[i / 128][i % 128] = 0;
    __syncwarp();
    unsigned r0 = in[4 * lane], r1 = in[4 * lane + 1], r2 = in[4 * lane + 2],
             r3 = in[4 * lane + 3];
    int row = (5 * lane + 3) % 32;
    unsigned p[6];
    for (int f = 0; f < 6; f++) p[f] = (unsigned)__cvta_generic_to_shared(&s[f][row * 4]);
    asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" ::"r"(p[0]), "r"(r0)
                 : "memory");
    asm volatile("stmatrix.sync.aligned.m8n8.x1.trans.shared.b16 [%0], {%1};" ::"r"(p[1]),
                 "r"(r0)
                 : "memory");
    asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1, %2};" ::"r"(p[2]),
                 "r"(r0), "r"(r1)
                 : "memory");
    asm volatile("stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%0], {%1, %2};" ::"r"(p[3]),
                 "r"(r0), "r"(r1)
                 : "memory");
    asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" ::"r"(p[4]),
                 "r"(r0), "r"(r1), "r"(r2), "r"(r3)
                 : "memory");
    asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1, %2, %3, %4};" ::"r"(
                     p[5]),
                 "r"(r0), "r"(r1), "r"(r2), "r"(r3)
                 : "memory");
    __syncwarp();
    for (int i = lane; i < 6 * 128; i += 32) out[i] = s[i / 128][i % 128];
}
