// The smaller C++ features working together: an enum class opcode packed in a bit-field
// word, structured bindings over a returned aggregate and by reference into an array,
// range-for by reference, while with a declaration, a deduced return type, a default
// argument and braced returns.
enum class Kind : unsigned { Sum = 0, Xor = 1, Max = 2, Neg = 3 };

struct Insn {
    unsigned kind : 2;
    int imm : 12;
    unsigned count : 4;
    unsigned : 6;
    unsigned tag : 8;
};
static_assert(sizeof(Insn) == 4, "one word");

struct Acc { int lo; int hi; };

__device__ Acc step(Acc a, Kind k, int v) {
    switch (k) {
    case Kind::Sum: return {a.lo + v, a.hi};
    case Kind::Xor: return {a.lo ^ v, a.hi ^ (v << 1)};
    case Kind::Max: return {a.lo > v ? a.lo : v, a.hi};
    default: return {-a.lo, a.hi + 1};
    }
}

__device__ auto scaled(int x, int by = 3) { return x * by; }

__global__ void run_insns(const unsigned* words, int* out, unsigned* rewritten, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned w = words[i];
    Insn insn = *reinterpret_cast<const Insn*>(&w);
    int vals[4] = {insn.imm, static_cast<int>(insn.count), static_cast<int>(insn.tag), i};
    for (int& v : vals) v = scaled(v) - 1;
    auto& [a0, a1, a2, a3] = vals;
    a3 += a0;
    Acc acc{0, 0};
    for (int v : vals) acc = step(acc, static_cast<Kind>(insn.kind), v);
    auto [lo, hi] = acc;
    int budget = insn.count;
    int loops = 0;
    while (int left = budget--) loops += left & 1 ? 2 : 1;
    if (auto total = lo + hi; total > 0) out[2 * i] = total; else out[2 * i] = -total;
    out[2 * i + 1] = loops + a1 + a2;
    insn.count++;
    insn.imm = insn.imm / 2;
    insn.tag = static_cast<unsigned>(lo);
    rewritten[i] = *reinterpret_cast<unsigned*>(&insn) & 0xFF03FFFFu;
}
