// Nested for/while loops with break and continue, and loop-carried state.
__global__ void first_match_per_row(const int *grid, int *out, int width, int height, int needle)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= height)
        return;
    int found = -1;
    for (int c = 0; c < width; c++) {
        if (grid[row * width + c] != needle)
            continue;
        found = c;
        break;
    }
    out[row] = found;
}

__global__ void count_primes_below(const int *limits, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int count = 0;
    for (int v = 2; v < limits[i]; v++) {
        int d = 2;
        int prime = 1;
        while (d * d <= v) {
            if (v % d == 0) {
                prime = 0;
                break;
            }
            d++;
        }
        if (!prime)
            continue;
        count++;
    }
    out[i] = count;
}

__global__ void collatz_steps(const unsigned *starts, int *steps, int n, int cap)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned long long x = starts[i];
        int s = 0;
        while (x != 1 && x != 0) {
            if (s >= cap)
                break;
            x = (x & 1) ? 3 * x + 1 : x / 2;
            s++;
        }
        steps[i] = s;
    }
}
