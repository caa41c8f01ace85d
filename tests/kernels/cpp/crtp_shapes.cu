// Static polymorphism with the curiously recurring template pattern: shapes computing
// (scaled integer) areas and perimeters through a base-class interface.
template <typename Derived>
struct Shape {
    __device__ int area() const { return static_cast<const Derived*>(this)->area_impl(); }
    __device__ int perimeter() const { return static_cast<const Derived*>(this)->perimeter_impl(); }
    __device__ int score() const { return area() * 4 - perimeter(); }
};
struct Rect : Shape<Rect> {
    int w, h;
    __device__ Rect(int w_, int h_) : w(w_), h(h_) {}
    __device__ int area_impl() const { return w * h; }
    __device__ int perimeter_impl() const { return 2 * (w + h); }
};
struct Square : Shape<Square> {
    int s;
    __device__ explicit Square(int s_) : s(s_) {}
    __device__ int area_impl() const { return s * s; }
    __device__ int perimeter_impl() const { return 4 * s; }
};
template <typename S>
__device__ int evaluate(const Shape<S>& shape) { return shape.score(); }

__global__ void shapes(const int* w, const int* h, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[2 * i] = evaluate(Rect(w[i], h[i]));
    out[2 * i + 1] = evaluate(Square(w[i]));
}
