// Selecting fields and operations at run time with pointers to members: a table of
// `int Cell::*` picks the field each thread reads and updates, a table of pointers to
// member functions (`int (Rule::*)(int) const`, a virtual one included) picks the rule.

struct Cell {
    int alive;
    int age;
    int energy;
};

struct Rule {
    int bias;
    __device__ int grow(int v) const { return v + bias; }
    __device__ int decay(int v) const { return v / 2 - bias; }
    __device__ virtual int mix(int v) const { return v * 3 + bias; }
};

struct HotRule : Rule {
    __device__ int mix(int v) const override { return v * 5 - bias; }
};

using Field = int Cell::*;
using Op = int (Rule::*)(int) const;

__device__ __noinline__ int apply(const Rule &r, Op op, int v) { return (r.*op)(v); }
__device__ __noinline__ void bump(Cell *c, Field f, int by) { c->*f += by; }

__global__ void evolve(Cell *cells, const int *choice, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const Field fields[3] = {&Cell::alive, &Cell::age, &Cell::energy};
    const Op ops[3] = {&Rule::grow, &Rule::decay, &Rule::mix};
    Rule plain;
    plain.bias = 3;
    HotRule hot;
    hot.bias = 7;
    const Rule *rule = (i & 1) ? static_cast<const Rule *>(&hot) : &plain;
    int c = choice[i];
    Field f = fields[c % 3];
    Op op = ops[(c / 3) % 3];
    Cell cell = cells[i];
    int v = apply(*rule, op, cell.*f);
    bump(&cell, f, v);
    Field none = nullptr;
    cells[i] = cell;
    out[i] = v + (none == nullptr) * 1000 + (f == &Cell::energy) * 10000;
}
