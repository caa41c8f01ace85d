"""The fit that expd.py, erfd.py and invtrigd.py share: a polynomial of n double coefficients on [lo, hi],
near-minimax for f weighted by w (weighted least squares at 3n Chebyshev nodes), rounded
to double from the constant term up, the higher coefficients fitted again after each
rounding; and its error measured at 4001 points. The caller sets mpmath's precision."""
import mpmath
from mpmath import mpf


def fit_rounded(f, w, lo, hi, n):
    """n double coefficients (constant first) on [lo, hi]: weighted least squares at 3n
    Chebyshev nodes; rounded from the constant term up, the free ones refitted."""
    lo, hi = mpf(lo), mpf(hi)
    m = 3 * n
    nodes = [(lo + hi) / 2 - (hi - lo) / 2 * mpmath.cos(mpmath.pi * (i + mpf(1) / 2) / m) for i in range(m)]
    fv = [f(v) for v in nodes]
    wv = [w(v) for v in nodes]
    coef = []
    for k in range(n):
        a = mpmath.matrix(m, n - k)
        r = mpmath.matrix(m, 1)
        for i, v in enumerate(nodes):
            acc = fv[i]
            for j, c in enumerate(coef):
                acc -= mpf(c) * v**j
            r[i] = acc * wv[i]
            for j in range(k, n):
                a[i, j - k] = v**j * wv[i]
        x, _ = mpmath.qr_solve(a, r)
        coef.append(float(x[0]))
    return coef


def error(f, w, lo, hi, coef):
    """max over [lo, hi] of |(poly - f) w| (log2)."""
    lo, hi = mpf(lo), mpf(hi)
    err = mpf(0)
    for i in range(4001):
        v = lo + (hi - lo) * i / 4000
        p = mpf(0)
        for c in reversed(coef):
            p = p * v + mpf(c)
        err = max(err, abs((p - f(v)) * w(v)))
    return float(mpmath.log(err, 2))
