#!/usr/bin/env python3
"""Drives an NVRTC-compatible library through ctypes and prints what it answered, as JSON.

Run against NVIDIA's libnvrtc.so.13 and against liboxicc_nvrtc.so, the two outputs are
compared by tests/side_by_side.rs: the same result codes for every call (the misuse cases
included), the same lowered names, and PTX that ptxas accepts. With --time N it also
times N compiles of a small kernel (create + compile + get PTX), after one untimed one.

usage: nvrtc_calls.py --lib PATH [--time N]
"""

import argparse
import ctypes
import json
import time

SOURCE = b"""
template <typename T, int N> __global__ void k(T *p) { p[0] = p[N]; }
__global__ void plain(float *x) { x[0] = 1; }
namespace ns {
struct P { int a; };
template <class T> __global__ void fill(T *p, T v) { p[threadIdx.x] = v; }
}
template <class T> struct Vec2 { T x, y; };
__device__ int counter;
__constant__ float coeffs[4];
"""

NAME_EXPRESSIONS = [
    "k<float, 4>",
    "&k<int,2>",
    "k<unsigned char, 3>",
    "k<Vec2<float>, 1>",
    "plain",
    "ns::fill<double>",
    "&ns::fill<long long>",
    "ns::fill<ns::P>",
    "&counter",
    "&coeffs",
]

SMALL_KERNEL = b"""
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
"""


def load(path):
    lib = ctypes.CDLL(path)
    lib.nvrtcGetErrorString.restype = ctypes.c_char_p
    lib.nvrtcGetErrorString.argtypes = [ctypes.c_int]
    return lib


def call(lib, name, *args):
    f = getattr(lib, name)
    f.restype = ctypes.c_int
    return f(*args)


def create(lib, src, name=b"a.cu"):
    prog = ctypes.c_void_p()
    code = call(lib, "nvrtcCreateProgram", ctypes.byref(prog), src, name, 0, None, None)
    assert code == 0, code
    return prog


def size_of(lib, fn, prog):
    size = ctypes.c_size_t(12345)
    code = call(lib, fn, prog, ctypes.byref(size))
    return [code, size.value]


def text_of(lib, getter, prog):
    size = ctypes.c_size_t()
    call(lib, getter + "Size", prog, ctypes.byref(size))
    buf = ctypes.create_string_buffer(size.value + 1)
    call(lib, getter, prog, buf)
    return buf.value.decode(errors="replace")


def options(*opts):
    return (ctypes.c_char_p * len(opts))(*[o.encode() for o in opts])


def run(lib):
    codes = {}
    out = {"codes": codes}
    i = ctypes.c_int()
    codes["version_null"] = call(lib, "nvrtcVersion", None, ctypes.byref(i))
    codes["num_archs_null"] = call(lib, "nvrtcGetNumSupportedArchs", None)
    codes["archs_null"] = call(lib, "nvrtcGetSupportedArchs", None)
    n = ctypes.c_int()
    codes["num_archs"] = call(lib, "nvrtcGetNumSupportedArchs", ctypes.byref(n))
    archs = (ctypes.c_int * n.value)()
    codes["archs"] = call(lib, "nvrtcGetSupportedArchs", archs)
    out["archs"] = list(archs)
    out["error_strings"] = [lib.nvrtcGetErrorString(c).decode() for c in list(range(0, 12)) + [99, -1]]

    prog = ctypes.c_void_p()
    codes["create_null_prog"] = call(lib, "nvrtcCreateProgram", None, SOURCE, b"a.cu", 0, None, None)
    codes["create_null_src"] = call(lib, "nvrtcCreateProgram", ctypes.byref(prog), None, b"a.cu", 0, None, None)
    codes["create_headers_null"] = call(lib, "nvrtcCreateProgram", ctypes.byref(prog), SOURCE, b"a.cu", 1, None, None)
    codes["create_negative_headers"] = call(lib, "nvrtcCreateProgram", ctypes.byref(prog), SOURCE, b"a.cu", -1, None, None)
    codes["create_null_name"] = call(lib, "nvrtcCreateProgram", ctypes.byref(prog), SOURCE, None, 0, None, None)
    codes["destroy_unnamed"] = call(lib, "nvrtcDestroyProgram", ctypes.byref(prog))

    prog = create(lib, SOURCE)
    out["ptx_size_before_compile"] = size_of(lib, "nvrtcGetPTXSize", prog)
    out["log_size_before_compile"] = size_of(lib, "nvrtcGetProgramLogSize", prog)
    low = ctypes.c_char_p()
    codes["lowered_before_compile"] = call(lib, "nvrtcGetLoweredName", prog, b"plain", ctypes.byref(low))
    for e in NAME_EXPRESSIONS:
        codes["add " + e] = call(lib, "nvrtcAddNameExpression", prog, e.encode())
    codes["add_null_expression"] = call(lib, "nvrtcAddNameExpression", prog, None)
    codes["add_null_program"] = call(lib, "nvrtcAddNameExpression", None, b"plain")
    codes["compile_unknown_option"] = call(lib, "nvrtcCompileProgram", prog, 1, options("--no-such-option"))
    out["unknown_option_log_names_it"] = "--no-such-option" in text_of(lib, "nvrtcGetProgramLog", prog)
    codes["compile_null_options"] = call(lib, "nvrtcCompileProgram", prog, 1, None)
    codes["compile_empty_option"] = call(lib, "nvrtcCompileProgram", prog, 1, options(""))
    codes["compile_arch_without_value"] = call(lib, "nvrtcCompileProgram", prog, 1, options("-arch"))
    codes["compile_unsupported_arch"] = call(lib, "nvrtcCompileProgram", prog, 1, options("-arch=sm_52"))
    codes["compile_host_compiler_option"] = call(lib, "nvrtcCompileProgram", prog, 2, options("-Xcompiler", "-Wall"))
    codes["compile_null_program"] = call(lib, "nvrtcCompileProgram", None, 0, None)
    codes["compile"] = call(lib, "nvrtcCompileProgram", prog, 1, options("-arch=compute_80"))
    out["log"] = text_of(lib, "nvrtcGetProgramLog", prog)
    out["ptx"] = text_of(lib, "nvrtcGetPTX", prog)
    codes["add_after_compile"] = call(lib, "nvrtcAddNameExpression", prog, b"k<int, 9>")
    lowered = {}
    for e in NAME_EXPRESSIONS:
        code = call(lib, "nvrtcGetLoweredName", prog, e.encode(), ctypes.byref(low))
        codes["lowered " + e] = code
        lowered[e] = low.value.decode() if code == 0 else None
    out["lowered"] = lowered
    codes["lowered_not_added"] = call(lib, "nvrtcGetLoweredName", prog, b"k<int, 9>", ctypes.byref(low))
    codes["lowered_null_out"] = call(lib, "nvrtcGetLoweredName", prog, b"plain", None)
    codes["lowered_null_expression"] = call(lib, "nvrtcGetLoweredName", prog, None, ctypes.byref(low))
    codes["ptx_size_null_out"] = call(lib, "nvrtcGetPTXSize", prog, None)
    codes["ptx_size_null_program"] = call(lib, "nvrtcGetPTXSize", None, ctypes.byref(ctypes.c_size_t()))
    codes["ptx_null_out"] = call(lib, "nvrtcGetPTX", prog, None)
    codes["log_null_out"] = call(lib, "nvrtcGetProgramLog", prog, None)
    out["cubin_size"] = size_of(lib, "nvrtcGetCUBINSize", prog)
    out["ltoir_size"] = size_of(lib, "nvrtcGetLTOIRSize", prog)
    codes["destroy"] = call(lib, "nvrtcDestroyProgram", ctypes.byref(prog))
    out["handle_after_destroy"] = prog.value
    codes["destroy_again"] = call(lib, "nvrtcDestroyProgram", ctypes.byref(prog))
    codes["destroy_null"] = call(lib, "nvrtcDestroyProgram", None)

    bad = create(lib, b"__global__ void q(int *p) { p[0] = nope; }\n", b"bad.cu")
    codes["compile_error"] = call(lib, "nvrtcCompileProgram", bad, 0, None)
    out["error_log_names_the_line"] = "bad.cu" in text_of(lib, "nvrtcGetProgramLog", bad)
    out["ptx_size_after_error"] = size_of(lib, "nvrtcGetPTXSize", bad)
    codes["lowered_after_error"] = call(lib, "nvrtcGetLoweredName", bad, b"q", ctypes.byref(low))
    call(lib, "nvrtcDestroyProgram", ctypes.byref(bad))
    return out


def time_compiles(lib, n):
    opts = options("-arch=compute_80")

    def once():
        prog = create(lib, SMALL_KERNEL, b"saxpy.cu")
        assert call(lib, "nvrtcCompileProgram", prog, 1, opts) == 0
        text_of(lib, "nvrtcGetPTX", prog)
        call(lib, "nvrtcDestroyProgram", ctypes.byref(prog))

    once()
    times = []
    for _ in range(n):
        start = time.perf_counter()
        once()
        times.append((time.perf_counter() - start) * 1000.0)
    return sorted(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", required=True)
    ap.add_argument("--time", type=int, default=0)
    args = ap.parse_args()
    lib = load(args.lib)
    out = run(lib)
    if args.time:
        out["times_ms"] = time_compiles(lib, args.time)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
