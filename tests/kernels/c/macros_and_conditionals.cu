// The preprocessor: object- and function-like macros, nesting, #undef and redefinition,
// #if/#ifdef/#ifndef/#elif/#else with defined(), __CUDACC__, __CUDA_ARCH__ and __LINE__.
#define N_ITEMS 4
#define SQUARE(x) ((x) * (x))
#define SUM3(a, b, c) ((a) + (b) + (c))
#define POLY(x) SUM3(SQUARE(x), 2 * (x), 1)
#define IDX() (blockIdx.x * blockDim.x + threadIdx.x)

#define FACTOR 2
#undef FACTOR
#define FACTOR 5

#ifndef __CUDACC__
#error "nvcc and oxicc both define __CUDACC__"
#endif

#if defined(FACTOR) && FACTOR > 4 && !defined(NOT_DEFINED_ANYWHERE)
#define MODE 2
#elif defined(FACTOR)
#define MODE 1
#else
#define MODE 0
#endif

#ifdef NOT_DEFINED_ANYWHERE
this line is skipped and would not compile
#endif

__global__ void macro_math(int *out, int n)
{
    int i = IDX();
    if (i < n) {
        int v = POLY(i) * FACTOR + MODE;
#if MODE == 2
        v += N_ITEMS;
#else
        v -= N_ITEMS;
#endif
        out[i] = v;
    }
}

__global__ void arch_dependent(int *out)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    int arch_class = 3;
#elif __CUDA_ARCH__ >= 800
    int arch_class = 2;
#else
    int arch_class = 1;
#endif
    out[threadIdx.x] = arch_class * 1000 + (__LINE__ > 0);
}
