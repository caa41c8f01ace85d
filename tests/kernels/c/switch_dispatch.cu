// switch statements: dense and sparse cases, fallthrough, default in the middle, enums.
enum Op { OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_NEG = 10, OP_ABS = 20 };

__device__ int apply(enum Op op, int a, int b)
{
    switch (op) {
    case OP_ADD:
        return a + b;
    case OP_SUB:
        return a - b;
    case OP_MUL:
        return a * b;
    case OP_DIV:
        return b != 0 ? a / b : 0;
    case OP_NEG:
        return -a;
    case OP_ABS:
        return a < 0 ? -a : a;
    default:
        return 0;
    }
}

__global__ void interpret(const int *ops, const int *a, const int *b, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = apply((enum Op)ops[i], a[i], b[i]);
}

__global__ void fallthrough_count(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int r = 0;
    switch (in[i] & 7) {
    case 7:
        r += 100;
    case 6:
    case 5:
        r += 10;
        break;
    default:
        r = -1;
    case 1:
        r += 1;
        break;
    case 0:
        break;
    }
    out[i] = r;
}

__global__ void sparse_switch(const unsigned *in, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned v = in[i];
        unsigned r;
        switch (v) {
        case 1u: r = 11; break;
        case 1000u: r = 22; break;
        case 65536u: r = 33; break;
        case 0xFFFFFFFFu: r = 44; break;
        default: r = v >> 1; break;
        }
        out[i] = r;
    }
}
