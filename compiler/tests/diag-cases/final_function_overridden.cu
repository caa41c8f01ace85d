// expect: 8: cannot override "final" function "Shape::area" (declared at line 3)
struct Shape {
    __device__ virtual int area() const final { return 0; }
    __device__ virtual int sides() const { return 0; }
};
struct Square : Shape {
    int s;
    __device__ int area() const { return s * s; }
};
__global__ void k(int* o) {
    Square q;
    o[0] = q.sides();
}
