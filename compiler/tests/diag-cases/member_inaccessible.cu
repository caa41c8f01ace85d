// expect: 9: member "Counter::n" (declared at line 3) is inaccessible
class Counter {
    int n;
public:
    __device__ Counter() : n(0) {}
};
__global__ void k(int* p) {
    Counter c;
    p[0] = c.n;
}
