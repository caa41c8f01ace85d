// Class template instances named while the template is only declared (libstdc++'s
// `<iosfwd>`: `typedef basic_streambuf<char> streambuf;` before `<streambuf>` defines the
// class, whose copy constructor is then defined out of class). The instance is the same
// class once the definition is met; a partial specialization declared after the primary
// template's definition is still the one an instance made from it uses, as C++ makes an
// instance where it is first needed complete.
template <class C, class T = int> class buf;
typedef buf<int> int_buf;

template <class T> struct pick;
typedef pick<int *> int_ptr_pick;

template <class C, class T> class buf
{
  public:
    C v;
    T w;
    __device__ buf(C x) : v(x), w(2) {}
    __device__ buf(const buf &o);
    __device__ C get() const { return v * w; }
};

template <class C, class T> __device__ buf<C, T>::buf(const buf &o) : v(o.v + 1), w(o.w) {}

template <class T> struct pick
{
    __device__ int k() const { return 1; }
};
template <class T> struct pick<T *>
{
    __device__ int k() const { return 7; }
};

__global__ void forward_declared_class_templates(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int_buf a(in[i]);
        int_buf b(a);
        int_ptr_pick p;
        out[i] = b.get() * 10 + p.k();
    }
}
