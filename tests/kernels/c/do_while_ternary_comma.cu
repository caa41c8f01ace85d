// do/while loops, nested conditional expressions, and the comma operator.
__global__ void digit_sum(const unsigned *in, unsigned *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned v = in[i], s = 0;
    do {
        s += v % 10;
        v /= 10;
    } while (v != 0);
    out[i] = s;
}

__global__ void sign_class(const float *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float x = in[i];
        out[i] = x > 0.0f ? (x > 1.0f ? 2 : 1) : x < 0.0f ? (x < -1.0f ? -2 : -1) : 0;
    }
}

__global__ void comma_loops(int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int a, b, steps = 0;
    for (a = i, b = 0; a > b; a -= 2, b += 1)
        steps++;
    int last = (a += 1, b *= 2, a + b);
    out[i] = steps * 1000 + last;
}

__global__ void do_while_continue(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int k = 0, odd = 0;
        do {
            k++;
            if ((in[i] >> k) & 1)
                continue;
            odd++;
        } while (k < 16);
        out[i] = odd;
    }
}
