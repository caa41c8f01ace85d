// Mandelbrot escape-time iteration over a 2-D grid (float loop with a data-dependent exit).
__global__ void mandelbrot(int *iterations, int width, int height, float x0, float y0,
                           float step, int max_iter)
{
    int px = blockIdx.x * blockDim.x + threadIdx.x;
    int py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px >= width || py >= height)
        return;
    float cr = x0 + px * step;
    float ci = y0 + py * step;
    float zr = 0.0f, zi = 0.0f;
    int it = 0;
    while (it < max_iter) {
        float zr2 = zr * zr, zi2 = zi * zi;
        if (zr2 + zi2 > 4.0f)
            break;
        zi = 2.0f * zr * zi + ci;
        zr = zr2 - zi2 + cr;
        ++it;
    }
    iterations[py * width + px] = it;
}
