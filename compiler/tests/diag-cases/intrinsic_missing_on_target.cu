// expect: 5: identifier "__reduce_add_sync" is undefined
// redux.sync exists from sm_80 on: compiled for sm_75 (the cases' target), nvcc's headers
// do not declare __reduce_add_sync, and neither do oxicc's.
__global__ void k(unsigned *p) {
    p[threadIdx.x] = __reduce_add_sync(0xffffffffu, p[threadIdx.x]);
}
