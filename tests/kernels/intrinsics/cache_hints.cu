// The cache-hint loads and stores (__ldg, __ldcg, __ldca, __ldcs, __ldlu, __ldcv and
// __stwb, __stcg, __stcs, __stwt) on scalar and vector types: each thread loads its
// elements with every load form, sums them, and stores the sums with every store form.

__global__ void cache_hints(int *oi, float4 *of4, int2 *oi2, double *od, unsigned long long *ou,
                            const int *i, const float4 *f4, const int2 *i2, const double *d,
                            const unsigned long long *u)
{
    int t = threadIdx.x;
    int si = __ldg(i + t) + __ldcg(i + t) * 2 + __ldca(i + t) * 3 + __ldcs(i + t) * 4 +
             __ldlu(i + t) * 5 + __ldcv(i + t) * 6;
    float4 a = __ldg(f4 + t), b = __ldcg(f4 + t), c = __ldcs(f4 + t), e = __ldlu(f4 + t);
    float4 sf = make_float4(a.x + b.y + c.z + e.w, a.y * 2.0f, b.z - c.x, e.x + a.w);
    int2 p = __ldca(i2 + t), q = __ldcv(i2 + t);
    int2 si2 = make_int2(p.x + q.y, p.y - q.x);
    double sd = __ldg(d + t) + __ldcs(d + t) * 0.5;
    unsigned long long su = __ldcg(u + t) ^ __ldlu(u + t + 1);
    __stwb(oi + 4 * t, si);
    __stcg(oi + 4 * t + 1, si + 1);
    __stcs(oi + 4 * t + 2, si + 2);
    __stwt(oi + 4 * t + 3, si + 3);
    __stcs(of4 + t, sf);
    __stwt(oi2 + t, si2);
    __stcg(od + t, sd);
    __stwb(ou + t, su);
}
