// expect: 6: return type is not identical to nor covariant with return type "int" of overridden virtual function "Base::size"
struct Base {
    __device__ virtual int size() const { return 1; }
};
struct Wide : Base {
    __device__ long size() const override { return 2; }
};
__global__ void k(long* o) {
    Wide w;
    o[0] = w.size();
}
