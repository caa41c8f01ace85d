#!/usr/bin/env python3
"""Prints runtime-libs/include/oxicc_math/besselpoly.cuh: the polynomials of the Bessel
functions of the first and second kind, J0 J1 Y0 Y1 (besselj.cuh; docs/math-special.md).

- Below 0.75, the series forms: J0 = p(z), J1 = x p(z), and the entire parts of
  Y0 = (2/pi) ln(x) J0 + g0(z), Y1 = (2/pi) ln(x) J1 - 2/(pi x) + x g1(z), z = x^2.
- From 0.75 to 8, fifteen intervals ([0.75, 1], then 0.5 wide): on each, f(x) = q(x - c)
  (c the midpoint) or, where a zero z of f lies in the interval or within 0.3 of it,
  f(x) = (x - z) q(x - c) with z a double-double, so that the error stays relative next
  to the zero (x - z_hi is exact by Sterbenz's lemma: z/2 <= x <= 2z). They are a table
  (one row per interval) that the library walks with one Horner loop.
- From 8, Hankel's form sqrt(2/(pi x)) (P cos chi - Q sin chi) with P and x Q fitted as
  polynomials in v = 64/x^2 on [0, 1].

Each polynomial is the Chebyshev interpolant (mpmath.chebyfit at 160 bits) converted to
the monomial basis, coefficients rounded to double, the constant term as hi + lo; the error
of the rounded polynomial against the function (relative, or absolute for P and xQ),
measured in mpmath at 400 points, is printed above each table row.

    python3 tools/mathconst/bessel.py > runtime-libs/include/oxicc_math/besselpoly.cuh

Needs mpmath; only to regenerate the header, never to build."""
import mpmath
from mpmath import mp, mpf

mp.prec = 160
pi = mpmath.pi
J = {0: lambda x: mpmath.besselj(0, x), 1: lambda x: mpmath.besselj(1, x)}
Y = {0: lambda x: mpmath.bessely(0, x), 1: lambda x: mpmath.bessely(1, x)}
out = []


def cheb(f, a, b, n, c):
    """Coefficients (constant first) of the degree n-1 interpolant of f on [a, b] in
    t = x - c, exact (mpf)."""
    a, b = mpf(a), mpf(b)
    m, h = (a + b) / 2, (b - a) / 2
    p = mpmath.chebyfit(lambda s: f(m + h * s), [-1, 1], n)
    # p is highest first in s = (x - m)/h; re-expand in t = x - c: s = (t + c - m)/h.
    d = (mpf(c) - m) / h
    coef = [mpf(0)] * n
    # Horner on polynomials: P(s) with s = t/h + d.
    for pk in p:
        new = [mpf(0)] * n
        for i in range(n):
            if coef[i] == 0:
                continue
            new[i] += coef[i] * d
            if i + 1 < n:
                new[i + 1] += coef[i] / h
        new[0] += pk
        coef = new
    return coef


def rounded(coef):
    r = [float(x) for x in coef]
    return r, float(coef[0] - mpf(r[0]))


def evalp(r, lo, t):
    v = mpf(0)
    for cf in reversed(r):
        v = v * t + mpf(cf)
    return v + mpf(lo)


def measure(g, r, lo, a, b, c, rel):
    err = mpf(0)
    for i in range(401):
        x = mpf(a) + (mpf(b) - mpf(a)) * i / 400
        want = g(x)
        d = abs(evalp(r, lo, x - mpf(c)) - want)
        err = max(err, d / abs(want) if rel and want != 0 else d)
    return float(mpmath.log(err, 2)) if err > 0 else -999.0


def zeros_of(kind, n):
    f = mpmath.besseljzero if kind == "j" else mpmath.besselyzero
    return [f(n, k) for k in range(1, 5)]


BREAKS = [0.75] + [1.0 + 0.5 * k for k in range(15)]  # 0.75, 1, 1.5, ..., 8
NCOEF = 19  # degree 18: the intervals next to Y's singularity at 0 need it


def table(name, kind, n):
    f = J[n] if kind == "j" else Y[n]
    zs = zeros_of(kind, n)
    rows = []
    out.append(f"/* {kind.upper()}{n} on [0.75, 8]: per interval c, z_hi, z_lo, has_zero, lo, then")
    out.append(f" * {NCOEF} coefficients (constant first) of q in x - c. */")
    out.append(f"static __device__ const double {name}[{(len(BREAKS) - 1) * (NCOEF + 5)}] = {{")
    for a, b in zip(BREAKS, BREAKS[1:]):
        c = (a + b) / 2
        z = next((z for z in zs if a - 0.3 <= z <= b + 0.3), None)
        if z is None:
            g = f
            zhi, zlo, has = 0.0, 0.0, 0.0
        else:
            g = (lambda z: lambda x: f(x) / (x - z) if abs(x - z) > mpf(2) ** -120 else mpmath.diff(f, z))(z)
            zhi = float(z)
            zlo = float(z - mpf(zhi))
            has = 1.0
        coef = cheb(g, a, b, NCOEF, c)
        r, lo = rounded(coef)
        lg = measure(g, r, lo, a, b, c, True)
        out.append(f"    /* [{a}, {b}]{' zero ' + repr(zhi) if z is not None else ''}: relative error 2^{lg:.1f} */")
        vals = [c, zhi, zlo, has, lo] + r
        out.append("    " + ", ".join(repr(v) for v in vals) + ",")
    out.append("};")
    out.append("")


def horner_fn(name, what, coef_exact, var, lg):
    r, lo = rounded(coef_exact)
    out.append(f"/* {what}: degree {len(r) - 1}, error 2^{lg:.1f} */")
    out.append(f"static __device__ __forceinline__ double {name}(double __{var})")
    out.append("{")
    out.append(f"    double __p = {r[-1]!r};")
    for cf in reversed(r[1:-1]):
        out.append(f"    __p = fma(__p, __{var}, {cf!r});")
    out.append(f"    __p = fma(__p, __{var}, {lo!r});")
    out.append(f"    return __p + {r[0]!r};")
    out.append("}")
    out.append("")


def small(name, what, g, n, rel=True):
    zmax = mpf(0.75) ** 2
    coef = cheb(g, 0, zmax, n, 0)
    r, lo = rounded(coef)
    lg = measure(g, r, lo, 0, zmax, 0, rel)
    horner_fn(name, what + " on z = x^2 in [0, 0.5625]", coef, "z", lg)


def sq(f):
    return lambda z: f(mpmath.sqrt(z))


# The entire parts of Y0, Y1 (z = x^2): g0 = Y0 - (2/pi) ln(x) J0,
# g1 = (Y1 - (2/pi) ln(x) J1 + 2/(pi x)) / x, with their limits at 0.
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


out.append("/* Generated by tools/mathconst/bessel.py (Chebyshev interpolants, mpmath at 160 bits,")
out.append(" * coefficients rounded to double): do not edit. */")
out.append("#pragma once")
out.append("")
out.append(f"#define __OXM_BESSEL_NCOEF {NCOEF}")
out.append(f"#define __OXM_BESSEL_ROW {NCOEF + 5}")
out.append("")
small("__oxm_j0_small", "J0(x)", sq(J[0]), 14)
small("__oxm_j1_small", "J1(x)/x", lambda z: mpf(0.5) if z == 0 else J[1](mpmath.sqrt(z)) / mpmath.sqrt(z), 14)
small("__oxm_y0_small", "g0 = Y0(x) - (2/pi) ln(x) J0(x)", g0, 14, False)
small("__oxm_y1_small", "g1 = (Y1(x) - (2/pi) ln(x) J1(x) + 2/(pi x))/x", g1, 14, False)
table("__oxm_j0_tab", "j", 0)
table("__oxm_j1_tab", "j", 1)
table("__oxm_y0_tab", "y", 0)
table("__oxm_y1_tab", "y", 1)


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


for n in (0, 1):
    for which in ("p", "q"):
        g = pq(n, which)
        coef = cheb(g, 0, 1, 16, 0)
        r, lo = rounded(coef)
        lg = measure(g, r, lo, mpf(2) ** -40, 1, 0, False)
        what = f"P{n}" if which == "p" else f"x Q{n}"
        horner_fn(f"__oxm_bessel_{which}{n}", f"{what}(x) in v = 64/x^2 on [0, 1] (absolute)", coef, "v", lg)

for name, v in (("__OXM_BJ_2OPI", 2 / pi), ("__OXM_BJ_RSQRTPI", 1 / mpmath.sqrt(pi))):
    out.append(f"#define {name}_HI {float(v)!r}")
    out.append(f"#define {name}_LO {float(v - mpf(float(v)))!r}")
print("\n".join(out))
