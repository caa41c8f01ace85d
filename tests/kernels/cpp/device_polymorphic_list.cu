// A per-thread linked list of polymorphic nodes built with device `new` and torn down with
// `delete` through the base pointer (virtual destructors, the deleting destructor `D0`
// from the vtable), plus a `new int[n]` scratch array freed with `delete[]`.

struct Op {
    Op *next;
    __device__ explicit Op(Op *n) : next(n) {}
    __device__ virtual ~Op() {}
    __device__ virtual int apply(int v) const = 0;
};

struct Add : Op {
    int k;
    __device__ Add(Op *n, int k_) : Op(n), k(k_) {}
    __device__ int apply(int v) const override { return v + k; }
};

struct Mul : Op {
    int k;
    __device__ Mul(Op *n, int k_) : Op(n), k(k_) {}
    __device__ int apply(int v) const override { return v * k; }
};

// Counts destructions into a counter owned by the caller.
struct Tally : Op {
    int *count;
    __device__ Tally(Op *n, int *c) : Op(n), count(c) {}
    __device__ ~Tally() override { *count += 1; }
    __device__ int apply(int v) const override { return v - 1; }
};

__global__ void run_chain(const int *in, const int *codes, int *out, int *freed, int n, int len) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int tally = 0;
    Op *head = nullptr;
    for (int j = 0; j < len; ++j) {
        int c = codes[i * len + j];
        if (c % 3 == 0) head = new Add(head, c);
        else if (c % 3 == 1) head = new Mul(head, c % 5 + 1);
        else head = new Tally(head, &tally);
    }
    int *trace = new int[len];
    int v = in[i];
    int step = 0;
    for (const Op *o = head; o; o = o->next) {
        v = o->apply(v);
        trace[step++] = v;
    }
    int sum = 0;
    for (int j = 0; j < step; ++j) sum += trace[j] & 0xff;
    delete[] trace;
    while (head) {
        Op *next = head->next;
        delete head;
        head = next;
    }
    out[i] = v;
    freed[i] = tally * 1000 + sum;
}
