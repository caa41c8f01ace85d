// `wchar_t`, `char16_t` and `char32_t` as types (X11's Xlib.h, which cuda-samples' simpleGL
// includes through GL/glx.h, declares `wchar_t *` members): their sizes and signedness
// (wchar_t is a signed 4-byte type on Linux), conversions, wide character literals, and a
// host struct with a `wchar_t *` member in a union, as Xlib's XIMText.
typedef struct {
    unsigned short length;
    union {
        char *multi_byte;
        wchar_t *wide_char;
    } string;
} Text;

__device__ int sizes()
{
    return (int)sizeof(wchar_t) + 10 * (int)sizeof(char16_t) + 100 * (int)sizeof(char32_t)
           + 1000 * (int)sizeof(Text) + (L'a' == 97 ? 100000 : 0);
}

__global__ void wide_char_types(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    wchar_t w = (wchar_t)in[i];
    char16_t c = (char16_t)in[i];
    char32_t d = (char32_t)in[i];
    out[4 * i] = (int)(w / 2);
    out[4 * i + 1] = (int)c;
    out[4 * i + 2] = (int)(d >> 28);
    out[4 * i + 3] = sizes();
}
