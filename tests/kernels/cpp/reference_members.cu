// Reference data members (cuda-samples' conjugateGradientMultiDeviceCG keeps `const
// MultiDeviceData &data` in a class): bound by the constructor's member initializers, read
// and written through in member functions (the object they name, not a copy: later changes
// to it show), a member function called through one, shared by a copy of the object, and
// laid out as an address (8 bytes each).
struct Data {
    int n;
    int r;
    __device__ int twice() const { return 2 * n; }
};

class Peer {
    const Data &data;
    int &acc;

public:
    __device__ Peer(const Data &d, int &a) : data(d), acc(a) {}
    __device__ int size() const { return data.n * 10 + data.r + data.twice() * 1000; }
    __device__ void bump(int v) const { acc += v; }
};

__global__ void reference_members(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    Data d = {in[i], i};
    int acc = 1;
    Peer p(d, acc);
    p.bump(in[i]);
    Peer q = p;
    q.bump(2);
    d.n += 3;
    out[3 * i] = p.size();
    out[3 * i + 1] = acc;
    out[3 * i + 2] = (int)sizeof(Peer);
}
