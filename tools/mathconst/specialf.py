#!/usr/bin/env python3
"""Prints runtime-libs/include/oxicc_math/specpolyf.cuh: the float polynomials of the
special functions evaluated in float (erfinvf, erfcinvf, normcdfinvf, lgammaf,
tgammaf, cyl_bessel_i0f, cyl_bessel_i1f; docs/math.md).

Each polynomial approximates f on [a, b] in t = x - c, relative error. The fit is a
weighted least-squares fit (weights 1/|f|) at Chebyshev nodes (near-minimax), done in
mpmath at 120 bits, with the coefficients rounded to float one at a time from the
constant term up: after each rounding the higher coefficients are fitted again, so they
absorb the rounding of the lower ones (the constant term's rounding cannot be absorbed:
it is kept as two floats, hi + lo, and the generated code adds the low part to the
small terms before the high part). The relative error of the rounded polynomial against
f, measured in mpmath at 801 points, is printed above each function.

    python3 tools/mathconst/specialf.py > runtime-libs/include/oxicc_math/specpolyf.cuh

Needs mpmath (pip install mpmath); only to regenerate the header, never to build."""
import struct

import mpmath
from mpmath import mp, mpf

mp.prec = 120


def f32(v):
    return struct.unpack("f", struct.pack("f", float(v)))[0]


def erfinv_p_w(w):
    """erfinv(x)/x as a function of w = -ln(1 - x^2) (an entire function of w)."""
    w = mpf(w)
    if w == 0:
        return mpmath.sqrt(mpmath.pi) / 2
    # 1 - x^2 = e^-w: enough bits that x is not rounded to 1.
    with mpmath.workprec(int(80 + 2 * w)):
        x = mpmath.sqrt(-mpmath.expm1(-w))
        return +(mpmath.erfinv(x) / x)


def erfinv_p_s(s):
    """The same in s = sqrt(w)."""
    return erfinv_p_w(mpf(s) ** 2)


def lgamma1(t):
    """lgamma(1 + t)/t (-euler at 0)."""
    t = mpf(t)
    return mpmath.loggamma(1 + t) / t if t != 0 else -mpmath.euler


def lgamma2(t):
    """lgamma(2 + t)/t (1 - euler at 0)."""
    t = mpf(t)
    return mpmath.loggamma(2 + t) / t if t != 0 else 1 - mpmath.euler


def lgamma(x):
    return mpmath.loggamma(mpf(x))


def rgamma1(t):
    """1/Gamma(1 + t) (entire: a short polynomial fits it where Gamma(1 + t) would need twice
    the degree, its pole at t = -1 being near)."""
    return 1 / mpmath.gamma(1 + mpf(t))


def stirling_g(u):
    """v (lgamma(v) - (v - 1/2)(ln v - 1) - ln sqrt(2 pi) + 1/2) in u = 1/v^2 (1/12 at 0)."""
    u = mpf(u)
    if u == 0:
        return mpf(1) / 12
    v = 1 / mpmath.sqrt(u)
    return v * (mpmath.loggamma(v) - (v - mpf(1) / 2) * (mpmath.log(v) - 1) - mpmath.log(2 * mpmath.pi) / 2 + mpf(1) / 2)


def bessel_i_z(nu):
    """I0(x), or I1(x)/x, as a function of z = x^2."""
    def f(z):
        z = mpf(z)
        if nu == 0:
            return mpmath.besseli(0, mpmath.sqrt(z))
        return mpmath.besseli(1, mpmath.sqrt(z)) / mpmath.sqrt(z) if z != 0 else mpf(1) / 2
    return f


def bessel_i_g(nu):
    """I_nu(x) e^-x sqrt(x) as a function of u = 1/x (1/sqrt(2 pi) at 0)."""
    def f(u):
        u = mpf(u)
        if u == 0:
            return 1 / mpmath.sqrt(2 * mpmath.pi)
        return mpmath.besseli(nu, 1 / u) * mpmath.exp(-1 / u) / mpmath.sqrt(u)
    return f


def fit(f, a, b, n, minus=False, centre=None):
    """(c, [c0_hi, c0_lo, c1, ..., c_{n-1}], log2 of the relative error). With minus,
    the polynomial fits f(x) - x, still weighted by 1/|f(x)| (the code adds x back).
    The centre c is the float nearest the midpoint unless given."""
    a, b = mpf(a), mpf(b)
    # A float, so that x - c is exact near c.
    c = mpf(f32((a + b) / 2)) if centre is None else mpf(centre)
    h = max(b - c, c - a)
    nodes = 6 * n + 30
    xs = [(a + b) / 2 + (b - a) / 2 * mpmath.cos(mpmath.pi * (j + mpf(1) / 2) / nodes) for j in range(nodes)]
    fs = [f(x) for x in xs]
    gs = [fx - x for fx, x in zip(fs, xs)] if minus else fs
    ts = [(x - c) / h for x in xs]
    fixed = []  # coefficients of ((x - c)/h)^k, already rounded
    c0 = None
    for k in range(n):
        m = n - k
        A = mpmath.matrix(nodes, m)
        r = mpmath.matrix(nodes, 1)
        for j in range(nodes):
            wj = 1 / abs(fs[j])
            rem = gs[j] - sum(fixed[i] * ts[j] ** i for i in range(k))
            for i in range(m):
                A[j, i] = ts[j] ** (k + i) * wj
            r[j] = rem * wj
        v = mpmath.qr_solve(A, r)[0][0] / h**k
        if k == 0:
            hi = mpf(f32(v))
            lo = mpf(f32(v - hi))
            c0 = (hi, lo)
            fixed.append(hi + lo)
        else:
            fixed.append(mpf(f32(v)) * h**k)
    coef = [fixed[k] / h**k for k in range(n)]
    err = 0
    for i in range(801):
        x = a + (b - a) * i / 800
        e = mpf(0)
        for cf in reversed(coef):
            e = e * (x - c) + cf
        if minus:
            e += x
        err = max(err, abs(e / f(x) - 1))
    return float(c), [float(c0[0]), float(c0[1])] + [float(v) for v in coef[1:]], float(mpmath.log(err, 2))


def fmt(v):
    return f"{v!r}f" if "e" in repr(v) or "." in repr(v) else f"{v!r}.0f"


out = [
    "/* Generated by tools/mathconst/specialf.py (weighted least squares at Chebyshev nodes,",
    " * mpmath at 120 bits, coefficients rounded to float one at a time): do not edit. */",
    "#pragma once",
    "",
]


def emit(name, what, f, a, b, n, var="x", centre=None):
    """p(t) as a two-float: returns the high part, *lo the low part (the last addition,
    of the constant's high part, by TwoSum: exact whichever term is larger)."""
    c, co, lg = fit(f, a, b, n, centre=centre)
    assert f32(c) == c, "the centre must be a float"
    out.append(f"/* {what} on [{a}, {b}], t = {var} - {c!r}: degree {n - 1}, relative error 2^{lg:.1f};")
    out.append(" * the result as hi + *lo */")
    out.append(f"#define {name.upper()}_C {fmt(c)}")
    out.append(f"static __device__ __forceinline__ float {name}(float __t, float *__lo)")
    out.append("{")
    out.append(f"    float __p = {fmt(co[-1])};")
    for cf in reversed(co[3:-1]):
        out.append(f"    __p = fmaf(__p, __t, {fmt(cf)});")
    # The constant's low part joins the small terms, its high part is added last.
    out.append(f"    __p = fmaf(__p, __t, {fmt(co[2])});")
    out.append(f"    __p = fmaf(__p, __t, {fmt(co[1])});")
    out.append(f"    float __h = __p + {fmt(co[0])};")
    out.append("    float __v = __h - __p;")
    out.append(f"    *__lo = (__p - (__h - __v)) + ({fmt(co[0])} - __v);")
    out.append("    return __h;")
    out.append("}")
    out.append("")


def emit_plain(name, what, f, a, b, n, var="x", centre=None):
    """p(t), plain Horner (for a term small beside the result)."""
    c, co, lg = fit(f, a, b, n, centre=centre)
    assert f32(c) == c, "the centre must be a float"
    out.append(f"/* {what} on [{a}, {b}], t = {var} - {c!r}: degree {n - 1}, relative error 2^{lg:.1f} */")
    out.append(f"#define {name.upper()}_C {fmt(c)}")
    out.append(f"static __device__ __forceinline__ float {name}(float __t)")
    out.append("{")
    out.append(f"    float __p = {fmt(co[-1])};")
    for cf in reversed(co[2:-1]):
        out.append(f"    __p = fmaf(__p, __t, {fmt(cf)});")
    out.append(f"    return fmaf(__p, __t, {fmt(f32(co[0] + co[1]))});")
    out.append("}")
    out.append("")


def emit_minus(name, what, f, a, b, n, var="x"):
    """g(t) = f(x) - x, plain Horner (the caller adds x: f is near x, g small beside it)."""
    c, co, lg = fit(f, a, b, n, minus=True)
    assert f32(c) == c, "the centre must be a float"
    out.append(f"/* {what} minus {var} on [{a}, {b}], t = {var} - {c!r}: degree {n - 1},")
    out.append(f" * relative error of {var} + g: 2^{lg:.1f} */")
    out.append(f"#define {name.upper()}_C {fmt(c)}")
    out.append(f"static __device__ __forceinline__ float {name}(float __t)")
    out.append("{")
    out.append(f"    float __p = {fmt(co[-1])};")
    for cf in reversed(co[2:-1]):
        out.append(f"    __p = fmaf(__p, __t, {fmt(cf)});")
    out.append(f"    return fmaf(__p, __t, {fmt(f32(co[0] + co[1]))});")
    out.append("}")
    out.append("")


# erfinv(z) = z p(w), w = -ln(1 - z^2): the central fit in w, the tails in s = sqrt(w)
# (w reaches 15.95 for float z < 1 and 102.6 for erfcinvf's smallest subnormal).
# Centred at 0: w + wl then needs no rounding (wl enters through the linear term).
emit("__oxm_erfinvf_w", "erfinv(z)/z in w = -ln(1 - z^2)", erfinv_p_w, 0, 4.84, 11, "w", 0)
emit_minus("__oxm_erfinvf_s1", "erfinv(z)/z in s = sqrt(w)", erfinv_p_s, 2.2, 4, 11, "s")
emit_minus("__oxm_erfinvf_s2", "erfinv(z)/z in s = sqrt(w)", erfinv_p_s, 4, 10.2, 11, "s")
# lgammaf: t q(t) near the zeros 1 and 2 (t = x - 1, x - 2), lgamma itself on [2.5, 4]
# (t = x - 3), Stirling's correction in u = 1/x^2 from 4 (gammaf.cuh).
emit("__oxm_lgammaf_q1", "lgamma(1 + t)/t", lgamma1, -0.5, 0.5, 13, "t", 0)
emit("__oxm_lgammaf_q2", "lgamma(2 + t)/t", lgamma2, -0.5, 0.5, 9, "t", 0)
emit("__oxm_lgammaf_q3", "lgamma(x)", lgamma, 2.5, 4, 8, "x", 3)
emit_plain("__oxm_lgammaf_st", "x (lgamma(x) - (x - 1/2)(ln x - 1) - ln sqrt(2 pi) + 1/2) in u = 1/x^2", stirling_g, 0, 0.0625, 4, "u", 0)
# tgammaf: 1/Gamma(1 + t) on [-1/2, 1/2] (gammaf.cuh; Stirling's correction above is shared).
emit_plain("__oxm_tgammaf_r", "1/Gamma(1 + t)", rgamma1, -0.5, 0.5, 10, "t", 0)
# cyl_bessel_i0f, i1f (besself.cuh): I0 and I1/x in z = x^2 below 8, I e^-x sqrt(x) in
# u = 1/x beyond.
emit("__oxm_i0f_z", "I0(x) in z = x^2", bessel_i_z(0), 0, 64, 12, "z", 0)
emit("__oxm_i1f_z", "I1(x)/x in z = x^2", bessel_i_z(1), 0, 64, 12, "z", 0)
emit_plain("__oxm_i0f_g", "I0(x) e^-x sqrt(x) in u = 1/x", bessel_i_g(0), 0, 0.125, 7, "u")
emit_plain("__oxm_i1f_g", "I1(x) e^-x sqrt(x) in u = 1/x", bessel_i_g(1), 0, 0.125, 7, "u")
print("\n".join(out))
