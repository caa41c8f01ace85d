#!/usr/bin/env python3
"""math-gpu-sweep: every float input of oxicc's float math functions, on a real GPU.

The interpreter's accuracy harness samples 8,192 inputs per function in CI
(`tests/tests/math_accuracy.rs`) and a million in the `math-accuracy` program. On a GPU the whole float domain fits: this tool evaluates each unary
float function of oxicc's library on all 2^32 bit patterns (NaNs, infinities, subnormals and
negative zero included) and each binary one on 2^30 pseudo-random pairs, and measures the
error against CUDA's own double-precision function evaluated on the same input (nvcc and
libdevice on the GPU machine: independent of oxicc). The double reference is
about 2^-52 relative, so the float error it measures is exact to about 1e-7 ulp. The same
run measures libdevice's float function (`sinf`, compiled by nvcc) for comparison.

It is split like `tools/gpu-check`, so the GPU machine needs no Rust:

    tools/math-gpu-sweep.py prepare DIR [--oxicc target/release/oxicc]  # here: oxicc's PTX
    tools/math-gpu-sweep.py run DIR [--only sinf,cosf] [--chunk-log2 28]  # there: CuPy, nvcc

`prepare` writes `DIR/sweep.cu` (one kernel per function: `y[i] = f(x(i))`), compiles it
with `oxicc -arch=sm_90 -O3` to `DIR/sweep.ptx` and writes `DIR/functions.json`. `run` loads
the PTX with CuPy, evaluates the reference and libdevice's float function in a kernel of its
own (compiled by that machine's nvcc, without -ftz), and prints one line per function: the
largest error of oxicc and of libdevice, the input where oxicc's is largest, and the bound
CUDA's Programming Guide documents (read as a distance from the correctly rounded result:
an error of at most N + 1/2 ulp from the exact value, as libdevice's own maxima show).
Errors are in ulps of the float result (the ulp of the exactly rounded result; below the
normal range the subnormal spacing 2^-149); for functions whose bound is absolute beyond a
threshold (Bessel functions for |x| >= 8), the error there is absolute and reported in its
own column. A NaN result is right when the reference is NaN; an infinity when the
reference rounds to it.
Exit status 1 when an oxicc error exceeds its documented bound.
"""

import argparse
import json
import os
import subprocess
import sys
import time

# name, arity, reference expression in double over `d` (and `e`), documented bound in ulp,
# absolute-error threshold (|x| at and beyond which the bound is absolute) and absolute bound.
# Bounds: CUDA C++ Programming Guide, "Mathematical Functions", single precision, without
# -use_fast_math (the largest where the table gives a range).
UNARY = [
    ("sinf", "sin(d)", 2), ("cosf", "cos(d)", 2), ("tanf", "tan(d)", 4),
    ("sinpif", "sinpi(d)", 1), ("cospif", "cospi(d)", 1),
    ("asinf", "asin(d)", 2), ("acosf", "acos(d)", 2), ("atanf", "atan(d)", 2),
    ("sinhf", "sinh(d)", 3), ("coshf", "cosh(d)", 2), ("tanhf", "tanh(d)", 2),
    ("asinhf", "asinh(d)", 3), ("acoshf", "acosh(d)", 4), ("atanhf", "atanh(d)", 3),
    ("expf", "exp(d)", 2), ("exp2f", "exp2(d)", 2), ("exp10f", "exp10(d)", 2),
    ("expm1f", "expm1(d)", 1),
    ("logf", "log(d)", 1), ("log2f", "log2(d)", 1), ("log10f", "log10(d)", 2),
    ("log1pf", "log1p(d)", 1), ("logbf", "logb(d)", 0),
    ("sqrtf", "sqrt(d)", 0), ("rsqrtf", "rsqrt(d)", 2),
    ("cbrtf", "cbrt(d)", 1), ("rcbrtf", "rcbrt(d)", 1),
    ("erff", "erf(d)", 2), ("erfcf", "erfc(d)", 4), ("erfinvf", "erfinv(d)", 2),
    ("erfcinvf", "erfcinv(d)", 4), ("erfcxf", "erfcx(d)", 4),
    ("normcdff", "normcdf(d)", 5), ("normcdfinvf", "normcdfinv(d)", 5),
    ("lgammaf", "lgamma(d)", 6), ("tgammaf", "tgamma(d)", 5),
    ("cyl_bessel_i0f", "cyl_bessel_i0(d)", 6), ("cyl_bessel_i1f", "cyl_bessel_i1(d)", 6),
    ("floorf", "floor(d)", 0), ("ceilf", "ceil(d)", 0), ("truncf", "trunc(d)", 0),
    ("roundf", "round(d)", 0), ("rintf", "rint(d)", 0),
]
# Bessel functions of the first and second kind: 9 ulp below 8, 2.2e-6 absolute beyond.
BESSEL = [("j0f", "j0(d)"), ("j1f", "j1(d)"), ("y0f", "y0(d)"), ("y1f", "y1(d)")]
BINARY = [
    ("powf", "pow(d, e)", 4), ("atan2f", "atan2(d, e)", 3), ("hypotf", "hypot(d, e)", 3),
    ("fmodf", "fmod(d, e)", 0), ("remainderf", "remainder(d, e)", 0), ("fdimf", "fdim(d, e)", 0),
]


# Inputs the bound leaves out: lgammaf's "outside the interval -10.0001 ... -2.264".
SKIP = {"lgammaf": (-10.0001, -2.264)}


def functions(with_bessel):
    out = []
    for name, ref, ulp in UNARY:
        out.append({"name": name, "arity": 1, "ref": ref, "ulp": ulp, "abs_from": None, "abs": None,
                    "skip": SKIP.get(name)})
    if with_bessel:
        for name, ref in BESSEL:
            out.append({"name": name, "arity": 1, "ref": ref, "ulp": 9, "abs_from": 8.0, "abs": 2.2e-6,
                        "skip": None})
    for name, ref, ulp in BINARY:
        out.append({"name": name, "arity": 2, "ref": ref, "ulp": ulp, "abs_from": None, "abs": None,
                    "skip": None})
    return out


# The inputs: unary x = the float whose bits are `base + i`; binary pairs from a 64-bit mix
# of the index (the same function on both sides of the comparison).
INPUTS = r"""
__device__ __forceinline__ unsigned long long sweep_mix(unsigned long long z) {
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
__device__ __forceinline__ float sweep_x(unsigned int base, unsigned int i) {
    return __uint_as_float(base + i);
}
__device__ __forceinline__ void sweep_xy(unsigned long long idx, float *x, float *y) {
    unsigned long long r = sweep_mix(idx);
    *x = __uint_as_float((unsigned int)r);
    *y = __uint_as_float((unsigned int)(r >> 32));
}
"""


def oxicc_source(funcs):
    lines = ["// generated by tools/math-gpu-sweep.py prepare", "#include <math.h>", INPUTS]
    for f in funcs:
        n = f["name"]
        if f["arity"] == 1:
            lines.append(
                f'extern "C" __global__ void k_{n}(float *out, unsigned int base, unsigned int n) {{\n'
                f"    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                f"    if (i < n) out[i] = {n}(sweep_x(base, i));\n}}"
            )
        else:
            lines.append(
                f'extern "C" __global__ void k_{n}(float *out, unsigned long long base, unsigned int n) {{\n'
                f"    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                f"    if (i < n) {{ float x, y; sweep_xy(base + i, &x, &y); out[i] = {n}(x, y); }}\n}}"
            )
    return "\n".join(lines) + "\n"


def prepare(args):
    os.makedirs(args.dir, exist_ok=True)
    funcs = functions(not args.no_bessel)
    src = os.path.join(args.dir, "sweep.cu")
    with open(src, "w") as fh:
        fh.write(oxicc_source(funcs))
    ptx = os.path.join(args.dir, "sweep.ptx")
    subprocess.run([args.oxicc, "-arch=sm_90", "-O3", src, "-o", ptx], check=True)
    with open(os.path.join(args.dir, "functions.json"), "w") as fh:
        json.dump(funcs, fh, indent=1)
    print(f"math-gpu-sweep: {len(funcs)} functions in {ptx}")


# The checking kernel (NVRTC on the GPU machine): for each input, the reference in double,
# libdevice's float result, and both errors; each block writes its largest errors and the
# inputs where they occur.
CHECK = r"""
#define FLT_MAX_D 3.4028234663852886e38
// Error of float `y` against the double reference `r`, in ulps of r's float rounding.
__device__ double ulp_err(float y, double r) {
    if (isnan(r)) return isnan(y) ? 0.0 : 1e30;
    if (isnan(y)) return 1e30;
    float rf = (float)r;
    if (isinf(rf) || isinf(y)) return (y == rf) ? 0.0 : 1e30;
    double a = fabs(r);
    int e;
    frexp(a, &e);                      // a = m * 2^e, m in [0.5, 1)
    int k = e - 24;                    // float ulp at a is 2^(e-24) for normal results
    if (k < -149) k = -149;
    return fabs((double)y - r) / ldexp(1.0, k);
}
__device__ double abs_err(float y, double r) {
    if (isnan(r)) return isnan(y) ? 0.0 : 1e30;
    if (isnan(y)) return 1e30;
    if (isinf(r) || isinf(y)) return ((double)y == r) ? 0.0 : 1e30;
    return fabs((double)y - r);
}
struct Worst { double e; unsigned long long at; };
__device__ void keep(Worst &w, double e, unsigned long long at) { if (e > w.e) { w.e = e; w.at = at; } }
// Block reduction of four (error, input) pairs: oxicc ulp, libdevice ulp, oxicc abs, libdevice abs.
__device__ void reduce_and_store(Worst *w, double *eo, unsigned long long *ao) {
    __shared__ double se[4][256];
    __shared__ unsigned long long sa[4][256];
    for (int k = 0; k < 4; k++) { se[k][threadIdx.x] = w[k].e; sa[k][threadIdx.x] = w[k].at; }
    __syncthreads();
    for (int s = 128; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            for (int k = 0; k < 4; k++)
                if (se[k][threadIdx.x + s] > se[k][threadIdx.x]) {
                    se[k][threadIdx.x] = se[k][threadIdx.x + s];
                    sa[k][threadIdx.x] = sa[k][threadIdx.x + s];
                }
        __syncthreads();
    }
    if (threadIdx.x == 0)
        for (int k = 0; k < 4; k++) { eo[blockIdx.x * 4 + k] = se[k][0]; ao[blockIdx.x * 4 + k] = sa[k][0]; }
}
"""


def check_source(funcs):
    parts = [CHECK, INPUTS]
    for f in funcs:
        n = f["name"]
        absf = f["abs_from"] if f["abs_from"] is not None else "1e300"
        if f["arity"] == 1:
            head = (f'extern "C" __global__ void c_{n}(const float *oy, unsigned int base, unsigned int n,'
                    f" double *eo, unsigned long long *ao) {{\n"
                    f"    Worst w[4] = {{{{0, 0}}, {{0, 0}}, {{0, 0}}, {{0, 0}}}};\n"
                    f"    for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {{\n"
                    f"        float x = sweep_x(base, i); double d = x; unsigned long long at = base + i;\n"
                    f"        float ly = {n}(x);\n")
        else:
            head = (f'extern "C" __global__ void c_{n}(const float *oy, unsigned long long base, unsigned int n,'
                    f" double *eo, unsigned long long *ao) {{\n"
                    f"    Worst w[4] = {{{{0, 0}}, {{0, 0}}, {{0, 0}}, {{0, 0}}}};\n"
                    f"    for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {{\n"
                    f"        float x, y; sweep_xy(base + i, &x, &y); double d = x, e = y; unsigned long long at = base + i;\n"
                    f"        float ly = {n}(x, y);\n")
        skip = ""
        if f.get("skip"):
            lo, hi = f["skip"]
            skip = f"        if (d > {lo} && d < {hi}) continue;\n"
        body = (skip + f"        double r = {f['ref']};\n"
                f"        if (fabs(d) >= {absf}) {{ keep(w[2], abs_err(oy[i], r), at); keep(w[3], abs_err(ly, r), at); }}\n"
                f"        else {{ keep(w[0], ulp_err(oy[i], r), at); keep(w[1], ulp_err(ly, r), at); }}\n"
                f"    }}\n    reduce_and_store(w, eo, ao);\n}}\n")
        parts.append(head + body)
    return "\n".join(parts)


def compile_check(args, funcs, cp):
    """The checking kernels, compiled by the GPU machine's nvcc (not through CuPy, whose
    compiles always add -ftz=true: that would flush subnormal inputs and results in the
    reference and in libdevice's float functions)."""
    import shutil

    nvcc = args.nvcc or shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    major, minor = cp.cuda.Device().compute_capability
    src = os.path.join(args.dir, "check.cu")
    ptx = os.path.join(args.dir, "check.ptx")
    with open(src, "w") as fh:
        fh.write(check_source(funcs))
    t0 = time.time()
    subprocess.run([nvcc, "-ptx", f"-arch=sm_{major}{minor}", "-std=c++17", src, "-o", ptx], check=True)
    print(f"reference kernels compiled by {nvcc} in {time.time() - t0:.1f} s", flush=True)
    return ptx


def describe(f, at):
    if f["arity"] == 1:
        import struct
        return repr(struct.unpack("<f", struct.pack("<I", at & 0xFFFFFFFF))[0])
    return f"pair#{at}"


def run(args):
    import cupy as cp

    with open(os.path.join(args.dir, "functions.json")) as fh:
        funcs = json.load(fh)
    if args.only:
        want = set(args.only.split(","))
        funcs = [f for f in funcs if f["name"] in want]
    oxicc = cp.RawModule(path=os.path.join(args.dir, "sweep.ptx"))
    check = cp.RawModule(path=compile_check(args, funcs, cp))
    chunk = 1 << args.chunk_log2
    out = cp.empty(chunk, dtype=cp.float32)
    blocks = 2048
    eo = cp.empty(blocks * 4, dtype=cp.float64)
    ao = cp.empty(blocks * 4, dtype=cp.uint64)
    failed = []
    print(f"{'function':16} {'oxicc ulp':>10} {'libdev ulp':>10} {'bound':>6}  {'oxicc abs':>10} {'libdev abs':>10}  worst oxicc input")
    for f in funcs:
        n = f["name"]
        kern = oxicc.get_function(f"k_{n}")
        chk = check.get_function(f"c_{n}")
        total = (1 << 32) if f["arity"] == 1 else (1 << args.pairs_log2)
        worst = [(0.0, 0)] * 4
        t0 = time.time()
        for base in range(0, total, chunk):
            cnt = min(chunk, total - base)
            b = cp.uint32(base) if f["arity"] == 1 else cp.uint64(base)
            kern(((cnt + 255) // 256,), (256,), (out, b, cp.uint32(cnt)))
            chk((blocks,), (256,), (out, b, cp.uint32(cnt), eo, ao))
            e = eo.get().reshape(blocks, 4)
            a = ao.get().reshape(blocks, 4)
            for k in range(4):
                j = int(e[:, k].argmax())
                if e[j, k] > worst[k][0]:
                    worst[k] = (float(e[j, k]), int(a[j, k]))
        cp.cuda.Device().synchronize()
        dt = time.time() - t0
        ox_ulp, ld_ulp, ox_abs, ld_abs = worst
        # CUDA's bound of N ulp is a distance from the correctly rounded result: an error
        # of at most N + 1/2 ulp from the exact value (0 ulp: correctly rounded). libdevice's
        # own maxima show that reading: exp2f 2.383 (bound 2), erfcf 4.487 (4), lgammaf
        # 6.075 (6) on this sweep.
        bad = ox_ulp[0] > f["ulp"] + 0.5 + 1e-9 or (f["abs"] is not None and ox_abs[0] > f["abs"])
        if bad:
            failed.append(n)
        absb = f"{ox_abs[0]:10.3g} {ld_abs[0]:10.3g}" if f["abs"] is not None else f"{'':10} {'':10}"
        print(f"{n:16} {ox_ulp[0]:10.3f} {ld_ulp[0]:10.3f} {f['ulp']:6}  {absb}  {describe(f, ox_ulp[1])}"
              f"{'  OVER BOUND' if bad else ''}  ({dt:.1f} s)", flush=True)
    print(f"math-gpu-sweep: {len(funcs)} functions, {len(failed)} over their bound"
          + (": " + ", ".join(failed) if failed else ""))
    return 1 if failed else 0


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    pp = sub.add_parser("prepare")
    pp.add_argument("dir")
    pp.add_argument("--oxicc", default="target/release/oxicc")
    pp.add_argument("--no-bessel", action="store_true", help="leave out j0f j1f y0f y1f")
    pr = sub.add_parser("run")
    pr.add_argument("dir")
    pr.add_argument("--only")
    pr.add_argument("--chunk-log2", type=int, default=28)
    pr.add_argument("--pairs-log2", type=int, default=30)
    pr.add_argument("--nvcc", help="the nvcc that compiles the reference (default: PATH, /usr/local/cuda)")
    args = p.parse_args()
    if args.cmd == "prepare":
        prepare(args)
        return 0
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
