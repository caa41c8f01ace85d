// harness-arch: sm_75
// ldmatrix through inline PTX: .x1, .x2 and .x4, each plain and .trans, from a 32×8 table of
// 16-bit values in shared memory. Lane l supplies the address of row (5l + 3) mod 32, so the
// rows each matrix gathers come from the lanes' addresses, not from a fixed stride; every
// lane's registers are written out (out[form][lane][register], four registers a form).

__global__ void ldmatrix_forms(const unsigned short *table, unsigned *out) {
    __shared__ __align__(16) unsigned short s[32 * 8];
    int lane = threadIdx.x;
    for (int i = lane; i < 256; i += 32) s[i] = table[i];
    __syncthreads();
    unsigned p = (unsigned)__cvta_generic_to_shared(&s[((5 * lane + 3) % 32) * 8]);
    unsigned r[6][4];
    for (int f = 0; f < 6; f++)
        for (int k = 0; k < 4; k++) r[f][k] = 0;
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r[0][0]) : "r"(p));
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];"
                 : "=r"(r[1][0])
                 : "r"(p));
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];"
                 : "=r"(r[2][0]), "=r"(r[2][1])
                 : "r"(p));
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];"
                 : "=r"(r[3][0]), "=r"(r[3][1])
                 : "r"(p));
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(r[4][0]), "=r"(r[4][1]), "=r"(r[4][2]), "=r"(r[4][3])
                 : "r"(p));
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(r[5][0]), "=r"(r[5][1]), "=r"(r[5][2]), "=r"(r[5][3])
                 : "r"(p));
    for (int f = 0; f < 6; f++)
        for (int k = 0; k < 4; k++) out[(f * 32 + lane) * 4 + k] = r[f][k];
}
