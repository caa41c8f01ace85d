// Every compound assignment operator, and pre/post increment and decrement, on several types.
__global__ void compound_int(int *data, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int x = data[i];
    x += 7;
    x -= 3;
    x *= 5;
    x /= 2;
    x %= 1000;
    x <<= 2;
    x >>= 1;
    x &= 0x7FF;
    x |= 0x100;
    x ^= 0x55;
    data[i] = x;
}

__global__ void compound_unsigned_and_wide(unsigned *u, long long *w, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned a = u[i];
        a *= 2654435761u;
        a >>= 7;
        a %= 65521u;
        u[i] = a;
        long long b = w[i];
        b <<= 3;
        b /= -3;
        b ^= 0x123456789LL;
        w[i] = b;
    }
}

__global__ void compound_float(float *f, double *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float x = f[i];
        x += 1.5f;
        x *= x;
        x -= 0.25f;
        x /= 3.0f;
        f[i] = x;
        double y = d[i];
        y *= 1e-3;
        y += x;
        d[i] = y;
    }
}

__global__ void increments(int *out, const int *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = in[i];
        int a = v++;
        int b = ++v;
        int c = v--;
        int d = --v;
        out[4 * i] = a;
        out[4 * i + 1] = b;
        out[4 * i + 2] = c;
        out[4 * i + 3] = d + v;
        int *p = out + 4 * i;
        (*p)++;
        ++*(p + 1);
    }
}
