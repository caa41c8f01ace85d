// expect: 9: static assertion failed with "eight bytes"
// expect: 14: static assertion failed with "small"
// A static_assert among a class's members is checked when the class is defined: a class
// template's with the instance's arguments (Box<int>: sizeof(int) is 4, not 8), a plain
// class's at once. The assertions that hold (Box<double>, Ok) report nothing.
template <class T> struct Box {
    T v;
    static constexpr int size = sizeof(T);
    static_assert(size == 8, "eight bytes");
};
struct Big {
    static constexpr int n = 16;
    int a[n];
    static_assert(n * sizeof(int) < 32, "small");
};
struct Ok {
    static constexpr int n = 4;
    static_assert(n * 2 == 8, "holds");
};
__global__ void k(int *o) {
    Box<int> a;
    Box<double> b;
    a.v = 1;
    b.v = 2.0;
    o[0] = a.v + (int)b.v + Ok::n;
}
