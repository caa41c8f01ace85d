#!/usr/bin/env python3
"""Times NVRTC compiles of CUDA files, for oxicc's benchmark (tests/src/bin/oxicc-bench.rs).

NVRTC is loaded with ctypes from the library given by --lib (the nvidia-cuda-nvrtc wheel
in .tools/); nothing NVIDIA is linked into a Rust crate. For each file, each repetition
times nvrtcCreateProgram + nvrtcCompileProgram + nvrtcGetPTXSize + nvrtcGetPTX
(nvrtcDestroyProgram runs outside the timed span). One untimed compile first loads NVRTC's
built-in headers, so that the first file does not pay for it.

Prints one JSON object on stdout:
  {"nvrtc_version": "13.5", "options": [...],
   "results": [{"file": str, "ok": bool, "times_s": [float], "ptx_bytes": int, "log": str}]}
A file NVRTC rejects has ok = false, its log, and no times. Exits non-zero only when NVRTC
cannot be loaded or the arguments are wrong.
"""

import argparse
import ctypes
import json
import os
import sys
import time

NVRTC_SUCCESS = 0


def load_nvrtc(path):
    lib = ctypes.CDLL(path)
    handle = ctypes.c_void_p
    lib.nvrtcGetErrorString.restype = ctypes.c_char_p
    lib.nvrtcGetErrorString.argtypes = [ctypes.c_int]
    lib.nvrtcVersion.argtypes = [ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int)]
    lib.nvrtcCreateProgram.argtypes = [
        ctypes.POINTER(handle),
        ctypes.c_char_p,
        ctypes.c_char_p,
        ctypes.c_int,
        ctypes.POINTER(ctypes.c_char_p),
        ctypes.POINTER(ctypes.c_char_p),
    ]
    lib.nvrtcCompileProgram.argtypes = [handle, ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)]
    lib.nvrtcGetPTXSize.argtypes = [handle, ctypes.POINTER(ctypes.c_size_t)]
    lib.nvrtcGetPTX.argtypes = [handle, ctypes.c_char_p]
    lib.nvrtcGetProgramLogSize.argtypes = [handle, ctypes.POINTER(ctypes.c_size_t)]
    lib.nvrtcGetProgramLog.argtypes = [handle, ctypes.c_char_p]
    lib.nvrtcDestroyProgram.argtypes = [ctypes.POINTER(handle)]
    for name in (
        "nvrtcVersion",
        "nvrtcCreateProgram",
        "nvrtcCompileProgram",
        "nvrtcGetPTXSize",
        "nvrtcGetPTX",
        "nvrtcGetProgramLogSize",
        "nvrtcGetProgramLog",
        "nvrtcDestroyProgram",
    ):
        getattr(lib, name).restype = ctypes.c_int
    return lib


def check(lib, code, what):
    if code != NVRTC_SUCCESS:
        raise RuntimeError("%s: %s" % (what, lib.nvrtcGetErrorString(code).decode()))


def program_log(lib, prog):
    size = ctypes.c_size_t()
    if lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size)) != NVRTC_SUCCESS:
        return ""
    buf = ctypes.create_string_buffer(size.value + 1)
    lib.nvrtcGetProgramLog(prog, buf)
    return buf.value.decode(errors="replace")


def compile_once(lib, source, name, options):
    """One timed compile; returns (seconds, ptx_bytes, None) or (None, 0, log)."""
    prog = ctypes.c_void_p()
    opts = (ctypes.c_char_p * len(options))(*[o.encode() for o in options])
    start = time.perf_counter()
    check(lib, lib.nvrtcCreateProgram(ctypes.byref(prog), source, name, 0, None, None), "create")
    try:
        code = lib.nvrtcCompileProgram(prog, len(options), opts)
        if code != NVRTC_SUCCESS:
            return None, 0, program_log(lib, prog) or lib.nvrtcGetErrorString(code).decode()
        size = ctypes.c_size_t()
        check(lib, lib.nvrtcGetPTXSize(prog, ctypes.byref(size)), "ptx size")
        ptx = ctypes.create_string_buffer(size.value)
        check(lib, lib.nvrtcGetPTX(prog, ptx), "ptx")
        elapsed = time.perf_counter() - start
        return elapsed, size.value, None
    finally:
        lib.nvrtcDestroyProgram(ctypes.byref(prog))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lib", required=True, help="path of libnvrtc.so.13")
    parser.add_argument("--arch", default="sm_75")
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("-I", dest="include_dirs", action="append", default=[])
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    if args.reps < 1:
        parser.error("--reps must be at least 1")

    lib = load_nvrtc(args.lib)
    major, minor = ctypes.c_int(), ctypes.c_int()
    check(lib, lib.nvrtcVersion(ctypes.byref(major), ctypes.byref(minor)), "version")

    base_options = ["--gpu-architecture=" + args.arch]
    base_options += ["-I" + d for d in args.include_dirs]

    def options_for(path):
        # Quoted includes resolve beside the file, as with nvcc and oxicc.
        return base_options + ["-I" + os.path.dirname(os.path.abspath(path))]

    sources = []
    for path in args.files:
        with open(path, "rb") as f:
            sources.append((path, f.read()))

    # Warm-up: NVRTC loads its built-in headers on the first compile.
    warm_path, warm_source = sources[0]
    compile_once(lib, warm_source, os.path.basename(warm_path).encode(), options_for(warm_path))

    results = []
    for path, source in sources:
        name = os.path.basename(path).encode()
        options = options_for(path)
        times, ptx_bytes, log = [], 0, ""
        for _ in range(args.reps):
            seconds, ptx_bytes, log = compile_once(lib, source, name, options)
            if seconds is None:
                times = []
                break
            times.append(seconds)
        results.append(
            {
                "file": path,
                "ok": bool(times),
                "times_s": times,
                "ptx_bytes": ptx_bytes,
                "log": log or "",
            }
        )
    json.dump(
        {
            "nvrtc_version": "%d.%d" % (major.value, minor.value),
            "options": base_options,
            "results": results,
        },
        sys.stdout,
    )
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
