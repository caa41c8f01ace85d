// expect: 4: an enclosing-function local variable cannot be referenced in a lambda body unless it is in the capture list
__global__ void k(int* p, int n) {
    int bias = n * 2;
    auto f = [](int x) { return x + bias; };
    p[0] = f(p[1]);
}
