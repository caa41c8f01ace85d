// expect: 4: too few arguments for class template "P"
// (this used to drop the declaration and every use of p without a word)
template <class T, class U> struct P { T t; };
__global__ void k(int *o) { P<int> p; p.t = 1; o[0] = p.t; }
