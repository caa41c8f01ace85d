// expect: 5: invalid narrowing conversion from "unsigned int" to "int": constant value does not fit in destination type
// A case label is converted to the condition's type, without narrowing (nvcc rejects it;
// found by the fuzzing campaign, seed 4114400).
__global__ void k(int *o, int x) {
    switch (x) { case 2729160433u: o[0] = 1; break; case 5: o[0] = 2; break; }
}
