// expect: util.h:4: identifier "undefined_thing" is undefined
// expect-note: util.h:2: in expansion of macro 'TWICE'
// A multi-file case: the error is in a header, inside a macro expansion.
#include "util.h"
__global__ void k(int* p) { p[0] = helper(p[1]); }
