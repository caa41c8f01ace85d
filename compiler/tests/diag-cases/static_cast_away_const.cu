// expect: 3: static_cast cannot cast away const or other type qualifiers
__global__ void k(const int* p, int* q) {
    int* w = static_cast<int*>(p);
    q[0] = w[0];
}
