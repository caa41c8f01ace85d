#!/usr/bin/env bash
# Builds what tools/nvrtc-gpu-check.py runs on the GPU machine (which has no Rust) and
# stages it, stripped, in target/gpu-check/ (about 5 MB: carry that one folder):
#   liboxicc_nvrtc.so            the NVRTC-compatible C library
#   oxicc-example-kernels-build  examples/kernels-build (PTX from build.rs, cudarc launch)
# Then, on the GPU machine, from the repository root:  python3 tools/nvrtc-gpu-check.py
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p oxicc-nvrtc -p oxicc-example-kernels-build
out=target/gpu-check
rm -rf "$out"
mkdir -p "$out"
# The release profile keeps line tables (21 MB for the library); the check needs none.
strip -o "$out/liboxicc_nvrtc.so" target/release/liboxicc_nvrtc.so
strip -o "$out/oxicc-example-kernels-build" target/release/oxicc-example-kernels-build
ls -l "$out"
du -sh "$out"
