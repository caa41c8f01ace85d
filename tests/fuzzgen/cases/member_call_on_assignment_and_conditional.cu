// Found by oxicc-fuzz (seeds 3, 8, 10, …: the `classes` switch), reduced by hand from the
// generated forms `(C0(a) -= C0(b)).get()` and `(C0(a) < C0(b) ? C0(a) : C0(b)).get()`.
// oxicc rejected a member call whose object is an assignment (built-in or an operator
// returning a reference) or a conditional of class type: "class "C0" has no member "get"".
// Stage at fault: irgen (peek_type did not type assignments and conditionals).
class C0 {
  int v_;
public:
  __device__ explicit C0(int v) : v_(v) {}
  __device__ C0 operator+(const C0& o) const { return C0((int)((unsigned)v_ + (unsigned)o.v_)); }
  __device__ C0& operator-=(const C0& o) { v_ = (int)((unsigned)v_ - (unsigned)o.v_); return *this; }
  __device__ bool operator<(const C0& o) const { return v_ < o.v_; }
  __device__ int get() const { return v_; }
};
__device__ C0& id(C0& c) { return c; }
__global__ void k(int* o, int a, int b) {
  C0 x(a), y(b);
  o[0] = (x + y).get();
  o[1] = (a < b ? x : y).get();
  o[2] = id(x).get();
  o[3] = (x = y).get();
  o[4] = (x -= C0(5)).get();
  o[5] = (C0(a) -= C0(b)).get();
  o[6] = (C0(a) < C0(b) ? C0(a) : C0(b)).get();
}
