// A flexible array member (`int data[];` last in a struct, what glibc's `__flexarr` gives
// `struct cmsghdr` in <sys/socket.h>): it takes no room (sizeof counts the header only)
// and indexes the memory after the header.
struct Packet {
    int scale;
    int data[];
};

struct Bytes {
    long long tag;
    short count;
    unsigned char raw[];
};

__global__ void flexible_array_member(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    const Packet *p = (const Packet *)in;
    if (i < n)
        out[i] = p->data[i] * p->scale + (int)sizeof(Packet) * 100 + (int)sizeof(Bytes);
}
