// Sobel edge detection on an 8-bit image: integer 2-D stencil with clamped borders.
__device__ int pixel_at(const unsigned char *img, int x, int y, int w, int h)
{
    x = x < 0 ? 0 : (x >= w ? w - 1 : x);
    y = y < 0 ? 0 : (y >= h ? h - 1 : y);
    return img[y * w + x];
}

__global__ void sobel(const unsigned char *img, unsigned char *edges, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h)
        return;
    int gx = -pixel_at(img, x - 1, y - 1, w, h) + pixel_at(img, x + 1, y - 1, w, h) -
             2 * pixel_at(img, x - 1, y, w, h) + 2 * pixel_at(img, x + 1, y, w, h) -
             pixel_at(img, x - 1, y + 1, w, h) + pixel_at(img, x + 1, y + 1, w, h);
    int gy = -pixel_at(img, x - 1, y - 1, w, h) - 2 * pixel_at(img, x, y - 1, w, h) -
             pixel_at(img, x + 1, y - 1, w, h) + pixel_at(img, x - 1, y + 1, w, h) +
             2 * pixel_at(img, x, y + 1, w, h) + pixel_at(img, x + 1, y + 1, w, h);
    int mag = (gx < 0 ? -gx : gx) + (gy < 0 ? -gy : gy);
    edges[y * w + x] = (unsigned char)(mag > 255 ? 255 : mag);
}
