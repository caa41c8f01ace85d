// expect: 6: declaration is incompatible with
// An out-of-class member definition of a class template matches no member. The instance
// is first made while the typed analysis resolves the local's type: the error must still
// be reported (nvcc: declaration is incompatible with "T Box<T>::get() const").
template <class T> struct Box { T v; __device__ T get() const; };
template <class T> __device__ T Box<T>::get(int) const { return v; }
__global__ void k(int *o) {
    Box<int> b;
    b.v = 3;
    *o = b.get();
}
