// expect: 7: no operator "[]" matches these operands
// expect-note: 7: operand types are: A [ B ]
struct A { int* d; __device__ int& operator[](int i) { return d[i]; } };
struct B { int x; };
__global__ void k(int* p) {
    A a{p}; B b{1};
    a[b] = 3;
}
