// expect: 8: class "Outer::Secret" (declared at line 5) is inaccessible
struct Outer {
    int v;
private:
    struct Secret { int s; };
};
__global__ void k(int* o) {
    Outer::Secret s;
    s.s = o[0];
    o[1] = s.s;
}
