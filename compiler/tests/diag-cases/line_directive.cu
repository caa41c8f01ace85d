// expect: generated.cu:41: identifier "undefined_after_line" is undefined
// nvcc 13.5: generated.cu(41): error: identifier "undefined_after_line" is undefined
#line 40 "generated.cu"
__global__ void k(int* p) {
  p[0] = undefined_after_line;
}
