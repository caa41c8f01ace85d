// expect: 3: no instance of function template "f" matches the specified type
template <class T> __device__ T f(T x) { return x + 1; }
template <> __device__ float f<float>(int x) { return x * 2; }
