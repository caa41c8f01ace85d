// Inline PTX that touches memory: acquire/release byte accesses through "l" pointers (as
// conjugateGradientMultiDeviceCG writes them), an atomic, a barrier inside asm between a
// shared-memory store and load (a "memory" clobber keeps the accesses on their sides), and an
// empty volatile asm with a "memory" clobber that forces a re-read in a loop.
__device__ unsigned char load_arrived(unsigned char *arrived)
{
    unsigned int result;
    asm volatile("ld.acquire.sys.global.u8 %0, [%1];" : "=r"(result) : "l"(arrived) : "memory");
    return result;
}

__device__ void store_arrived(unsigned char *arrived, unsigned char val)
{
    unsigned int reg_val = val;
    asm volatile("st.release.sys.global.u8 [%1], %0;" ::"r"(reg_val) "l"(arrived) : "memory");
}

__global__ void asm_memory(unsigned *out, unsigned char *flags, unsigned *counter)
{
    __shared__ unsigned sh[64];
    unsigned t = threadIdx.x;
    store_arrived(flags + t, (unsigned char)(t * 7 + 1));
    out[t * 4 + 0] = load_arrived(flags + t);
    unsigned old;
    asm volatile("atom.global.add.u32 %0, [%1], %2;" : "=r"(old) : "l"(counter), "r"(t + 1) : "memory");
    out[t * 4 + 1] = old <= 64u * 65u / 2u ? 1u : 0u;
    sh[t] = t * t;
    asm volatile("bar.sync 0;" ::: "memory");
    out[t * 4 + 2] = sh[(t + 1) % 64];
    asm volatile("bar.sync 0;" ::: "memory");
    unsigned sum = 0;
    for (int k = 0; k < 4; ++k) {
        sh[t] = sum + k;
        asm volatile("" ::: "memory");
        sum += sh[t];
    }
    out[t * 4 + 3] = sum;
}
