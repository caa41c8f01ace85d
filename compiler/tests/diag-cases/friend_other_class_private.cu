// expect: 6: member "A::a_" (declared at line 3) is inaccessible
// A friend may use the private members of the class that befriends it, not of others.
class A { int a_; public: __device__ A(int v) : a_(v) {} friend __device__ int peek(const A& x); 
  friend __device__ int both(const A& x, int k) { return x.a_ + k; } };
class B { int b_; public: __device__ B(int v) : b_(v) {}
  friend __device__ int sneak(const B& y, const A& x) { return y.b_ + both(x, 0) + x.a_; } };
__global__ void k(int* o) { A a(o[0]); B b(o[1]); o[2] = sneak(b, a); }
