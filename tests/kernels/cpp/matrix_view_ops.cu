// A non-owning matrix view class with operator() for 2-D indexing and operator[] for rows;
// a blocked transpose through shared memory.
template <typename T>
class MatrixView {
public:
    __device__ MatrixView(T* data, int rows, int cols) : data_(data), rows_(rows), cols_(cols) {}
    __device__ T& operator()(int r, int c) const { return data_[r * cols_ + c]; }
    __device__ T* operator[](int r) const { return data_ + r * cols_; }
    __device__ int rows() const { return rows_; }
    __device__ int cols() const { return cols_; }
private:
    T* data_;
    int rows_, cols_;
};

__global__ void transpose(int* in, int* out, int rows, int cols) {
    __shared__ int tile[16][17];
    MatrixView<int> a(in, rows, cols), t(out, cols, rows);
    int c = blockIdx.x * 16 + threadIdx.x, r = blockIdx.y * 16 + threadIdx.y;
    if (r < a.rows() && c < a.cols()) tile[threadIdx.y][threadIdx.x] = a(r, c);
    __syncthreads();
    int tc = blockIdx.y * 16 + threadIdx.x, tr = blockIdx.x * 16 + threadIdx.y;
    if (tr < t.rows() && tc < t.cols()) t[tr][tc] = tile[threadIdx.x][threadIdx.y];
}
