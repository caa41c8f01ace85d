// expect: 10: qualified name is not a member of class "Leaf" or its base classes
struct Root {
    __device__ virtual int id() const { return 1; }
};
struct Other {
    __device__ int id() const { return 3; }
};
struct Leaf : Root {
    __device__ int id() const override { return 2; }
    __device__ int both() const { return this->Other::id() + Root::id(); }
};
__global__ void k(int* o) {
    Leaf l;
    o[0] = l.both();
}
