// Every SIMD intrinsic of the CUDA Math API ("SIMD Intrinsics": per-lane arithmetic,
// comparisons and sums of absolute differences on two 16-bit or four 8-bit lanes of an
// unsigned int), 82 functions, each applied to one pair of words per thread. The launch
// file's first 64 pairs cross eight edge words (lanes 0x00, 0x01, 0x7F, 0x80, 0x81, 0xFF,
// 0x7FFF, 0x8000), the other 128 are random.
#define N_FUNCS 82

__global__ void simd_all(unsigned *out, const unsigned *a, const unsigned *b) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned x = a[i], y = b[i];
    unsigned *o = out + i * N_FUNCS;
    o[0] = __vabs2(x);
    o[1] = __vabsss2(x);
    o[2] = __vneg2(x);
    o[3] = __vnegss2(x);
    o[4] = __vabsdiffs2(x, y);
    o[5] = __vabsdiffu2(x, y);
    o[6] = __vadd2(x, y);
    o[7] = __vaddss2(x, y);
    o[8] = __vaddus2(x, y);
    o[9] = __vavgs2(x, y);
    o[10] = __vavgu2(x, y);
    o[11] = __vhaddu2(x, y);
    o[12] = __vmaxs2(x, y);
    o[13] = __vmaxu2(x, y);
    o[14] = __vmins2(x, y);
    o[15] = __vminu2(x, y);
    o[16] = __vsads2(x, y);
    o[17] = __vsadu2(x, y);
    o[18] = __vsub2(x, y);
    o[19] = __vsubss2(x, y);
    o[20] = __vsubus2(x, y);
    o[21] = __vcmpeq2(x, y);
    o[22] = __vcmpges2(x, y);
    o[23] = __vcmpgeu2(x, y);
    o[24] = __vcmpgts2(x, y);
    o[25] = __vcmpgtu2(x, y);
    o[26] = __vcmples2(x, y);
    o[27] = __vcmpleu2(x, y);
    o[28] = __vcmplts2(x, y);
    o[29] = __vcmpltu2(x, y);
    o[30] = __vcmpne2(x, y);
    o[31] = __vseteq2(x, y);
    o[32] = __vsetges2(x, y);
    o[33] = __vsetgeu2(x, y);
    o[34] = __vsetgts2(x, y);
    o[35] = __vsetgtu2(x, y);
    o[36] = __vsetles2(x, y);
    o[37] = __vsetleu2(x, y);
    o[38] = __vsetlts2(x, y);
    o[39] = __vsetltu2(x, y);
    o[40] = __vsetne2(x, y);
    o[41] = __vabs4(x);
    o[42] = __vabsss4(x);
    o[43] = __vneg4(x);
    o[44] = __vnegss4(x);
    o[45] = __vabsdiffs4(x, y);
    o[46] = __vabsdiffu4(x, y);
    o[47] = __vadd4(x, y);
    o[48] = __vaddss4(x, y);
    o[49] = __vaddus4(x, y);
    o[50] = __vavgs4(x, y);
    o[51] = __vavgu4(x, y);
    o[52] = __vhaddu4(x, y);
    o[53] = __vmaxs4(x, y);
    o[54] = __vmaxu4(x, y);
    o[55] = __vmins4(x, y);
    o[56] = __vminu4(x, y);
    o[57] = __vsads4(x, y);
    o[58] = __vsadu4(x, y);
    o[59] = __vsub4(x, y);
    o[60] = __vsubss4(x, y);
    o[61] = __vsubus4(x, y);
    o[62] = __vcmpeq4(x, y);
    o[63] = __vcmpges4(x, y);
    o[64] = __vcmpgeu4(x, y);
    o[65] = __vcmpgts4(x, y);
    o[66] = __vcmpgtu4(x, y);
    o[67] = __vcmples4(x, y);
    o[68] = __vcmpleu4(x, y);
    o[69] = __vcmplts4(x, y);
    o[70] = __vcmpltu4(x, y);
    o[71] = __vcmpne4(x, y);
    o[72] = __vseteq4(x, y);
    o[73] = __vsetges4(x, y);
    o[74] = __vsetgeu4(x, y);
    o[75] = __vsetgts4(x, y);
    o[76] = __vsetgtu4(x, y);
    o[77] = __vsetles4(x, y);
    o[78] = __vsetleu4(x, y);
    o[79] = __vsetlts4(x, y);
    o[80] = __vsetltu4(x, y);
    o[81] = __vsetne4(x, y);
}
