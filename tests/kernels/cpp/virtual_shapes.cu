// Virtual functions: a non-abstract base with default implementations, overrides over
// three levels, `final`, calls through base pointers and references and from member
// functions (`this->`), a qualified `Base::f()` call (not virtual), a call on a named
// object (direct), a virtual destructor, and sizeof of polymorphic classes.
struct Shape {
    int id;
    __device__ Shape() : id(1) {}
    __device__ virtual ~Shape() {}
    __device__ virtual int area() const { return 0; }
    __device__ virtual int sides() const { return 0; }
    __device__ int describe() const { return area() * 100 + sides(); }
};
struct Rect : Shape {
    int w, h;
    __device__ Rect(int w_, int h_) : w(w_), h(h_) { id = 2; }
    __device__ int area() const override { return w * h; }
    __device__ int sides() const override { return 4; }
};
struct Square final : Rect {
    __device__ explicit Square(int s) : Rect(s, s) { id = 3; }
    __device__ int area() const override { return Rect::area() + 1; }
};
struct Tri : Shape {
    int b, h;
    __device__ Tri(int b_, int h_) : b(b_), h(h_) {}
    __device__ int sides() const override { return 3; }
    __device__ virtual int half() const { return b * h / 2; }
};

__device__ int by_ref(const Shape& s) { return s.area() + s.id; }

__global__ void virtual_shapes(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = in[i];
    Shape plain;
    Rect r(v, 3);
    Square sq(v);
    Tri t(v, 4);
    const Shape* all[4] = {&plain, &r, &sq, &t};
    const Shape* s = all[(v & 0xff) % 4];
    int res = s->describe() + by_ref(*s);
    res += sq.area() + r.area() + t.half();
    res += (int)(sizeof(Shape) + sizeof(Rect) * 10 + sizeof(Tri) * 100);
    out[i] = res;
}
