// expect: 4: no instance of "operator new" matches a placement argument of type "int"
// expect: 5: a placement `new` with other than one placement argument is not supported yet
__global__ void k(int *o, int n) {
    int *p = new (n) int(3);
    int *q = new (o, o) int;
    o[0] = *p + *q;
}
