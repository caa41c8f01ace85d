#!/usr/bin/env bash
# Compiles the CuPy-shaped kernels of tools/cupy-check/ against CuPy's real headers (from
# the cupy-cuda13x wheel, which cannot be committed) with the options CuPy passes to NVRTC,
# and assembles each PTX with ptxas. A local check: needs pip (or an unpacked wheel in
# $CUPY_WHEEL_DIR), OXICC_NVIDIA_ROOT (for ptxas and the CUDA headers) and a built oxicc.
set -euo pipefail
cd "$(dirname "$0")/.."
root=${OXICC_NVIDIA_ROOT:?set OXICC_NVIDIA_ROOT to the NVIDIA tools folder}
wheel=${CUPY_WHEEL_DIR:-/tmp/cupywheel}
if [ ! -d "$wheel/cupy/_core/include/cupy" ]; then
  mkdir -p "$wheel"
  pip download --no-deps --dest "$wheel" cupy-cuda13x >/dev/null
  (cd "$wheel" && unzip -q -o cupy_cuda13x-*.whl 'cupy/_core/include/*')
fi
inc=$wheel/cupy/_core/include
oxicc=${OXICC:-target/release/oxicc}
out=$(mktemp -d)
fail=0
for f in tools/cupy-check/*.cu; do
  n=$(basename "$f" .cu)
  if "$oxicc" -arch=sm_90 --device-as-default-execution-space -ftz=true --std=c++17 \
      -I"$inc/cupy/_cccl/cub" -I"$inc/cupy/_cccl/thrust" -I"$inc/cupy/_cccl/libcudacxx" \
      -I"$inc" -I"$root/include" "$f" -o "$out/$n.ptx" &&
      "$root/bin/ptxas" -arch=sm_90 "$out/$n.ptx" -o /dev/null; then
    echo "PASS $n"
  else
    echo "FAIL $n"; fail=1
  fi
done
rm -rf "$out"
exit $fail
