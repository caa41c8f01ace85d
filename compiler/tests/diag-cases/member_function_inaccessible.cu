// expect: 9: function "S::secret" (declared at line 5) is inaccessible
struct S {
private:
    int v;
    __device__ int secret() const { return v; }
public:
    __device__ int get() const { return secret(); }
};
__global__ void k(int* p) { S s; p[0] = s.get() + s.secret(); }
