// expect: 2: zero-length bit field must be unnamed
struct Flags { unsigned a : 3; unsigned pad : 0; unsigned b : 2; };
__global__ void k(Flags* f, unsigned* o) { o[0] = f->a + f->b; }
