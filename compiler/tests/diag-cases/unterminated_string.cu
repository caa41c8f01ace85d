// expect: 4: unterminated string
#include <cstdio>
__global__ void k() {
    printf("hello
);
}
