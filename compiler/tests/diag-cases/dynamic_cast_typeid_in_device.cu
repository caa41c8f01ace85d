// expect: 10: The operator 'dynamic_cast' is not allowed in device code
// expect: 11: The operator 'typeid' is not allowed in device code
struct Shape {
    __device__ virtual int sides() const { return 0; }
};
struct Square : Shape {
    __device__ int sides() const override { return 4; }
};
__global__ void k(int* o, Shape* s) {
    Square* q = dynamic_cast<Square*>(s);
    o[0] = sizeof(typeid(*s));
    o[1] = q != nullptr;
}
