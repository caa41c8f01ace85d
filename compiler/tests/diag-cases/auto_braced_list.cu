// expect: 6: braced initialization of a variable declared with a placeholder type but without `=` requires exactly one element inside the braces
// expect: 7: cannot deduce "auto" type
#include <initializer_list>
__global__ void k(int* p) {
    auto one{3};
    auto z{1, 2};
    auto w = {1, 2.0};
    p[0] = one;
}
