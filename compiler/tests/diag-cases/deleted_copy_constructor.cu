// expect: 7: function "A::A(const A &)" (declared at line 4) cannot be referenced -- it is a deleted function
// expect: 8: function "A::operator=(const A &)" (declared at line 5) cannot be referenced -- it is a deleted function
struct A { int v; __device__ A(int x) : v(x) {}
    A(const A&) = delete;
    __device__ A& operator=(const A&) = delete; };
__global__ void k(int* o) { A a(1);
    A b = a;
    b = a;
    o[0] = b.v; }
