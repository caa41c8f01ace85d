// The cache-hint loads and stores (__ldg, __ldcg, __ldca, __ldcs, __ldlu, __ldcv and __stwb,
// __stcg, __stcs, __stwt) on the 8- and 16-bit vector types: char2/char4, uchar2/uchar4,
// short2/short4, ushort2/ushort4. Each thread loads its four-vector with every load form
// and its two halves as two-vectors, combines elements (wrapping to the element type), and
// stores the results with every store form.

template <class V4, class V2>
__device__ void mix(const V4 *in, V4 *out4, V2 *out2, int t) {
    V4 a = __ldg(in + t), b = __ldcg(in + t), c = __ldca(in + t);
    V4 d = __ldcs(in + t), e = __ldlu(in + t), f = __ldcv(in + t);
    V4 r;
    r.x = a.x + b.y;
    r.y = c.x - d.y;
    r.z = e.z ^ f.w;
    r.w = a.w;
    __stwb(out4 + 4 * t, r);
    r.x += 1;
    __stcg(out4 + 4 * t + 1, r);
    r.x += 1;
    __stcs(out4 + 4 * t + 2, r);
    r.x += 1;
    __stwt(out4 + 4 * t + 3, r);
    const V2 *in2 = (const V2 *)in;
    V2 g = __ldg(in2 + 2 * t + 1), h = __ldcg(in2 + 2 * t), i = __ldca(in2 + 2 * t);
    V2 j = __ldcs(in2 + 2 * t + 1), k = __ldlu(in2 + 2 * t), m = __ldcv(in2 + 2 * t + 1);
    V2 s;
    s.x = g.x + h.y + i.x;
    s.y = (j.y - k.x) ^ m.y;
    __stwb(out2 + 4 * t, s);
    __stcg(out2 + 4 * t + 1, g);
    __stcs(out2 + 4 * t + 2, h);
    __stwt(out2 + 4 * t + 3, m);
}

__global__ void cache_hints_small(const char4 *c, const uchar4 *uc, const short4 *s,
                                  const ushort4 *us, char4 *c4, char2 *c2, uchar4 *uc4,
                                  uchar2 *uc2, short4 *s4, short2 *s2, ushort4 *us4,
                                  ushort2 *us2) {
    int t = threadIdx.x;
    mix(c, c4, c2, t);
    mix(uc, uc4, uc2, t);
    mix(s, s4, s2, t);
    mix(us, us4, us2, t);
}
