#!/usr/bin/env python3
"""Prints runtime-libs/include/oxicc_math/besselpolyf.cuh: the float polynomials of the
Bessel functions j0f j1f y0f y1f (besseljf.cuh; docs/math-special.md). The same forms as
the double ones of bessel.py, at float precision:

- below 0.75, J0 = p(z), J1 = x p(z), Y0 = (2/pi) ln(x) J0 + g0(z),
  Y1 = (2/pi) ln(x) J1 - 2/(pi x) + x g1(z), z = x^2;
- from 0.75 to 8, fifteen intervals ([0.75, 1], then 0.5 wide): f(x) = q(x - c), or
  (x - z) q(x - c) where a zero z of f lies in the interval or within 0.3 of it (z as
  two floats: x - z_hi is exact by Sterbenz's lemma); one table row per interval, walked
  by one Horner loop;
- from 8, Hankel's form with P and x Q polynomials in v = 64/x^2 (CUDA's bound there is
  absolute, 2.2e-6: a few terms).

Each polynomial is the Chebyshev interpolant (mpmath.chebyfit at 120 bits) in the
monomial basis of t = x - c, coefficients rounded to float, the constant term as
hi + lo; the error of the rounded polynomial (relative, or absolute for P, x Q and the
g's), measured in mpmath at 400 points, is printed above each row.

    python3 tools/mathconst/besseljf.py > runtime-libs/include/oxicc_math/besselpolyf.cuh

Needs mpmath; only to regenerate the header, never to build."""
import struct

import mpmath
from mpmath import mp, mpf

mp.prec = 120
pi = mpmath.pi
J = {0: lambda x: mpmath.besselj(0, x), 1: lambda x: mpmath.besselj(1, x)}
Y = {0: lambda x: mpmath.bessely(0, x), 1: lambda x: mpmath.bessely(1, x)}
out = []


def f32(v):
    return struct.unpack("f", struct.pack("f", float(v)))[0]


def cheb(f, a, b, n, c):
    """Coefficients (constant first) of the degree n-1 interpolant of f on [a, b] in
    t = x - c (exact mpf)."""
    a, b = mpf(a), mpf(b)
    m, h = (a + b) / 2, (b - a) / 2
    p = mpmath.chebyfit(lambda s: f(m + h * s), [-1, 1], n)
    # p is highest first in s = (x - m)/h = t/h + d.
    d = (mpf(c) - m) / h
    coef = [mpf(0)] * n
    for pk in p:
        new = [mpf(0)] * n
        for i in range(n):
            new[i] += coef[i] * d
            if i + 1 < n:
                new[i + 1] += coef[i] / h
        new[0] += pk
        coef = new
    return coef


def rounded(coef):
    r = [f32(x) for x in coef]
    return r, f32(coef[0] - mpf(r[0]))


def evalp(r, lo, t):
    v = mpf(0)
    for cf in reversed(r[1:]):
        v = v * t + mpf(cf)
    return v * t + mpf(lo) + mpf(r[0])


def measure(g, r, lo, a, b, c, rel):
    err = mpf(0)
    for i in range(401):
        x = mpf(a) + (mpf(b) - mpf(a)) * i / 400
        want = g(x)
        d = abs(evalp(r, lo, x - mpf(c)) - want)
        err = max(err, d / abs(want) if rel and want != 0 else d)
    return float(mpmath.log(err, 2)) if err > 0 else -999.0


def fl(v):
    s = repr(float(v))
    return s + "f" if ("e" in s or "." in s) else s + ".0f"


BREAKS = [0.75] + [1.0 + 0.5 * k for k in range(15)]
NCOEF = 11


def table(name, kind, n):
    f = J[n] if kind == "j" else Y[n]
    zf = mpmath.besseljzero if kind == "j" else mpmath.besselyzero
    zs = [zf(n, k) for k in range(1, 5)]
    out.append(f"/* {kind.upper()}{n} on [0.75, 8]: per interval c, z_hi, z_lo, has_zero, lo, then")
    out.append(f" * {NCOEF} coefficients (constant first) of q in x - c. */")
    out.append(f"static __device__ const float {name}[{(len(BREAKS) - 1) * (NCOEF + 5)}] = {{")
    for a, b in zip(BREAKS, BREAKS[1:]):
        c = (a + b) / 2
        z = next((z for z in zs if a - 0.3 <= z <= b + 0.3), None)
        if z is None:
            g = f
            zhi, zlo, has = 0.0, 0.0, 0.0
        else:
            g = (lambda z: lambda x: f(x) / (x - z) if abs(x - z) > mpf(2) ** -100 else mpmath.diff(f, z))(z)
            zhi = f32(z)
            zlo = f32(z - mpf(zhi))
            has = 1.0
        r, lo = rounded(cheb(g, a, b, NCOEF, c))
        lg = measure(g, r, lo, a, b, c, True)
        out.append(f"    /* [{a}, {b}]{' zero ' + repr(zhi) if z is not None else ''}: relative error 2^{lg:.1f} */")
        out.append("    " + ", ".join(fl(v) for v in [c, zhi, zlo, has, lo] + r) + ",")
    out.append("};")
    out.append("")


def horner_fn(name, what, coef, var, lg):
    r, lo = rounded(coef)
    out.append(f"/* {what}: degree {len(r) - 1}, error 2^{lg:.1f} */")
    out.append(f"static __device__ __forceinline__ float {name}(float __{var})")
    out.append("{")
    out.append(f"    float __p = {fl(r[-1])};")
    for cf in reversed(r[2:-1]):
        out.append(f"    __p = fmaf(__p, __{var}, {fl(cf)});")
    out.append(f"    __p = fmaf(__p, __{var}, {fl(r[1])});")
    out.append(f"    return fmaf(__p, __{var}, {fl(lo)}) + {fl(r[0])};")
    out.append("}")
    out.append("")


def small(name, what, g, n, rel=True):
    zmax = mpf(0.75) ** 2
    coef = cheb(g, 0, zmax, n, 0)
    r, lo = rounded(coef)
    horner_fn(name, what + " on z = x^2 in [0, 0.5625]", coef, "z", measure(g, r, lo, 0, zmax, 0, rel))


def g0(z):
    if z == 0:
        return 2 / pi * (mpmath.euler - mpmath.log(2))
    x = mpmath.sqrt(z)
    return Y[0](x) - 2 / pi * mpmath.log(x) * J[0](x)


def g1(z):
    if z == 0:
        return (2 * mpmath.euler - 1 - 2 * mpmath.log(2)) / (2 * pi)
    x = mpmath.sqrt(z)
    return (Y[1](x) - 2 / pi * mpmath.log(x) * J[1](x) + 2 / (pi * x)) / x


def pq(n, which):
    def f(v):
        if v == 0:
            return mpf(1) if which == "p" else (4 * n * n - 1) / mpf(8)
        x = 8 / mpmath.sqrt(v)
        chi = x - (mpf(n) / 2 + mpf(1) / 4) * pi
        a = mpmath.sqrt(2 / (pi * x))
        j, y = J[n](x), Y[n](x)
        if which == "p":
            return (j * mpmath.cos(chi) + y * mpmath.sin(chi)) / a
        return x * (y * mpmath.cos(chi) - j * mpmath.sin(chi)) / a
    return f


out.append("/* Generated by tools/mathconst/besseljf.py (Chebyshev interpolants, mpmath at 120 bits,")
out.append(" * coefficients rounded to float): do not edit. */")
out.append("#pragma once")
out.append("")
out.append(f"#define __OXM_BESSELF_NCOEF {NCOEF}")
out.append(f"#define __OXM_BESSELF_ROW {NCOEF + 5}")
out.append("")
small("__oxm_j0f_small", "J0(x)", lambda z: J[0](mpmath.sqrt(z)), 7)
small("__oxm_j1f_small", "J1(x)/x", lambda z: mpf(0.5) if z == 0 else J[1](mpmath.sqrt(z)) / mpmath.sqrt(z), 7)
small("__oxm_y0f_small", "g0 = Y0(x) - (2/pi) ln(x) J0(x)", g0, 7, False)
small("__oxm_y1f_small", "g1 = (Y1(x) - (2/pi) ln(x) J1(x) + 2/(pi x))/x", g1, 7, False)
table("__oxm_j0f_tab", "j", 0)
table("__oxm_j1f_tab", "j", 1)
table("__oxm_y0f_tab", "y", 0)
table("__oxm_y1f_tab", "y", 1)
for n in (0, 1):
    for which in ("p", "q"):
        g = pq(n, which)
        coef = cheb(g, 0, 1, 5, 0)
        r, lo = rounded(coef)
        lg = measure(g, r, lo, mpf(2) ** -40, 1, 0, False)
        what = f"P{n}" if which == "p" else f"x Q{n}"
        horner_fn(f"__oxm_besself_{which}{n}", f"{what}(x) in v = 64/x^2 on [0, 1] (absolute)", coef, "v", lg)
for name, v in (("__OXM_BJF_2OPI", 2 / pi), ("__OXM_BJF_RSQRTPI", 1 / mpmath.sqrt(pi))):
    out.append(f"#define {name}_HI {fl(f32(v))}")
    out.append(f"#define {name}_LO {fl(f32(v - mpf(f32(v))))}")
print("\n".join(out))
