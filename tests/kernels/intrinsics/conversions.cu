// Every rounding form of the float/double → integer and integer/double → float conversion
// intrinsics: each thread converts its float f, double d, int i and long long ll under each
// mode (rn, rz, ru, rd).

__global__ void conversions(int *oi, unsigned int *ou, long long *oll, unsigned long long *oull,
                            float *of, double *od, const float *f, const double *d,
                            const int *iv, const long long *ll)
{
    int t = threadIdx.x;
    float x = f[t];
    double y = d[t];
    int i = iv[t];
    long long l = ll[t];
    int *pi = oi + t * 8;
    pi[0] = __float2int_rn(x);
    pi[1] = __float2int_rz(x);
    pi[2] = __float2int_ru(x);
    pi[3] = __float2int_rd(x);
    pi[4] = __double2int_rn(y);
    pi[5] = __double2int_rz(y);
    pi[6] = __double2int_ru(y);
    pi[7] = __double2int_rd(y);
    unsigned int *pu = ou + t * 8;
    pu[0] = __float2uint_rn(x);
    pu[1] = __float2uint_rz(x);
    pu[2] = __float2uint_ru(x);
    pu[3] = __float2uint_rd(x);
    pu[4] = __double2uint_rn(y);
    pu[5] = __double2uint_rz(y);
    pu[6] = __double2uint_ru(y);
    pu[7] = __double2uint_rd(y);
    long long *pl = oll + t * 8;
    pl[0] = __float2ll_rn(x);
    pl[1] = __float2ll_rz(x);
    pl[2] = __float2ll_ru(x);
    pl[3] = __float2ll_rd(x);
    pl[4] = __double2ll_rn(y);
    pl[5] = __double2ll_rz(y);
    pl[6] = __double2ll_ru(y);
    pl[7] = __double2ll_rd(y);
    unsigned long long *pul = oull + t * 8;
    pul[0] = __float2ull_rn(x);
    pul[1] = __float2ull_rz(x);
    pul[2] = __float2ull_ru(x);
    pul[3] = __float2ull_rd(x);
    pul[4] = __double2ull_rn(y);
    pul[5] = __double2ull_rz(y);
    pul[6] = __double2ull_ru(y);
    pul[7] = __double2ull_rd(y);
    float *pf = of + t * 16;
    pf[0] = __double2float_rn(y);
    pf[1] = __double2float_rz(y);
    pf[2] = __double2float_ru(y);
    pf[3] = __double2float_rd(y);
    pf[4] = __int2float_rn(i);
    pf[5] = __int2float_rz(i);
    pf[6] = __int2float_ru(i);
    pf[7] = __int2float_rd(i);
    pf[8] = __uint2float_rn((unsigned int)i);
    pf[9] = __uint2float_rz((unsigned int)i);
    pf[10] = __uint2float_ru((unsigned int)i);
    pf[11] = __uint2float_rd((unsigned int)i);
    pf[12] = __ll2float_rn(l);
    pf[13] = __ll2float_rz(l);
    pf[14] = __ll2float_ru(l);
    pf[15] = __ll2float_rd(l);
    double *pd = od + t * 8;
    pd[0] = __ll2double_rn(l);
    pd[1] = __ll2double_rz(l);
    pd[2] = __ll2double_ru(l);
    pd[3] = __ll2double_rd(l);
    pd[4] = __ull2double_rn((unsigned long long)l);
    pd[5] = __ull2double_rz((unsigned long long)l);
    pd[6] = __hiloint2double(__double2hiint(y), __double2loint(y));
    pd[7] = __int_as_float(__float_as_int(x)) + __longlong_as_double(__double_as_longlong(y));
}
