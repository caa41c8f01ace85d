// A bitfield struct decoded from packed 32-bit words (instruction-format style), read and
// re-encoded after modification.
struct Encoded {
    unsigned opcode : 6;
    unsigned rd : 5;
    unsigned rs : 5;
    int imm : 16;
};
static_assert(sizeof(Encoded) == 4, "one word");

__global__ void decode(const unsigned* words, int* fields, unsigned* reencoded, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned w = words[i];
    Encoded e = *reinterpret_cast<const Encoded*>(&w);
    fields[4 * i] = e.opcode;
    fields[4 * i + 1] = e.rd;
    fields[4 * i + 2] = e.rs;
    fields[4 * i + 3] = e.imm;
    e.rd = e.rs + 1;
    e.imm = e.imm / 2;
    reencoded[i] = *reinterpret_cast<unsigned*>(&e);
}
