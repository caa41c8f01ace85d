#!/bin/sh
# A slice of the oxicc-fuzz campaign on a lent machine that has a CUDA toolkit but no Rust
# (docs/fuzzing.md, "On a lent machine"). Runs the release binary built here (carried to
# the machine), on every core, for SECS seconds (default 540, under the device tool's
# 600 s per command), seeds from SEED_START (default 2,000,000); the summary goes to
# stdout and to $OUT/campaign-summary.txt, failing seeds to $OUT/failures/.
#
#   tests/fuzzgen/gpu-campaign.sh [BINARY]          (default target/gpu/oxicc-fuzz)
#
# The toolkit is found from OXICC_NVIDIA_ROOT, else /usr/local/cuda, else the nvcc on
# PATH. When nvcc cannot compile (no host compiler), the slice runs without the nvcc
# oracle and says so.
set -u
BIN=${1:-target/gpu/oxicc-fuzz}
OUT=${OUT:-/tmp/oxicc-fuzz-out}
SECS=${SECS:-540}
SEED_START=${SEED_START:-2000000}
JOBS=${JOBS:-$(nproc)}
ROOT=${OXICC_NVIDIA_ROOT:-}
if [ -z "$ROOT" ]; then
  if [ -x /usr/local/cuda/bin/ptxas ]; then
    ROOT=/usr/local/cuda
  elif command -v nvcc >/dev/null 2>&1; then
    ROOT=$(dirname "$(dirname "$(command -v nvcc)")")
  fi
fi
mkdir -p "$OUT"
echo "host: $(nproc) cores, $(ldd --version 2>&1 | head -1)"
echo "toolkit: ${ROOT:-none}; $("$ROOT/bin/nvcc" --version 2>&1 | tail -1); host compiler: $(command -v g++ || command -v gcc || echo none)"
chmod +x "$BIN" 2>/dev/null
set -- run --nvidia-root "$ROOT" --jobs "$JOBS" --count 100000000 --seed-start "$SEED_START" \
  --time-limit "$SECS" --ptxas-every 4 --save "$OUT/failures" --cache /tmp/oxicc-fuzz-nvcc-cache \
  --progress 5000
"$BIN" "$@" --nvcc-every 50 >"$OUT/campaign-summary.txt"
rc=$?
if [ $rc -eq 2 ]; then
  echo "nvcc or ptxas unusable (above); running without nvcc"
  "$BIN" "$@" --nvcc-every 0 >"$OUT/campaign-summary.txt"
  rc=$?
fi
cat "$OUT/campaign-summary.txt"
echo "exit status $rc (0: no failure; 1: failures, see $OUT/failures)"
exit $rc
