#pragma once
#define TWICE(x) ((x) + (x) + undefined_thing)
__device__ int helper(int x) {
  return TWICE(x);
}
