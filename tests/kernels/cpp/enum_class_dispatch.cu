// enum class opcodes with an explicit underlying type, dispatched with a switch: a tiny
// per-thread stack-free bytecode interpreter.
enum class Op : unsigned char { Add = 0, Sub, Mul, Xor, Shl, Max };

__device__ int apply(Op op, int a, int b) {
    switch (op) {
    case Op::Add: return a + b;
    case Op::Sub: return a - b;
    case Op::Mul: return a * b;
    case Op::Xor: return a ^ b;
    case Op::Shl: return a << (b & 15);
    case Op::Max: return a > b ? a : b;
    }
    return 0;
}

__global__ void run_programs(const unsigned char* ops, const int* operands, int* out, int n, int len) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int acc = i;
    for (int k = 0; k < len; ++k) {
        Op op = static_cast<Op>(ops[k] % 6);
        acc = apply(op, acc, operands[i * len + k]);
    }
    out[i] = acc;
}
