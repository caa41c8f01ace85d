// expect: 6: function "M::M(const M &)" (declared implicitly) cannot be referenced -- it is a deleted function
// expect: 7: function "M::operator=(const M &)" (declared implicitly) cannot be referenced -- it is a deleted function
struct M { int v; __device__ M(int x) : v(x) {} __device__ M(M&& o) : v(o.v) {} };
__global__ void k(int* o) {
    M m(2);
    M n = m;
    m = n;
    o[0] = n.v; }
