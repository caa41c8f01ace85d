#!/bin/sh
# Builds every cargo-fuzz target and runs each for SECS seconds (default 120), niced, on
# corpora seeded from the repository (docs/fuzzing.md, "Byte-level fuzz targets").
# Crashes land in fuzz/artifacts/<target>/; the last status line of each run is printed.
#
#   fuzz/run-all.sh [TARGET...]        (default: all seven)
set -u
cd "$(dirname "$0")"
SECS=${SECS:-120}
TARGETS=${*:-preprocess oxir emu_ptx compile compile_structured ptx_roundtrip generated}
export RUSTC_BOOTSTRAP=1
# Pure Rust: AddressSanitizer finds nothing the borrow checker has not, and doubles the
# build; debug assertions (-a) are kept, as in CI, so overflow checks and the pass
# manager's IR verification run.
FLAGS="-O -a --sanitizer none"
nice -n 19 cargo fuzz build $FLAGS || exit 1

seed() { mkdir -p "corpus/$1"; [ -n "$(ls -A "corpus/$1")" ]; }
seed compile || cp ../tests/kernels/c/*.cu corpus/compile/
seed preprocess || cp ../tests/kernels/c/*.cu corpus/preprocess/
seed oxir || cp ../ir/tests/oxir/*.oxir corpus/oxir/
if ! seed emu_ptx && [ -x ../target/release/oxicc ]; then
  for f in ../tests/kernels/c/*.cu; do
    ../target/release/oxicc -O3 -arch=sm_80 "$f" -o "corpus/emu_ptx/$(basename "$f" .cu).ptx" 2>/dev/null
  done
fi
for t in compile_structured ptx_roundtrip; do
  seed $t || {
    printf '%s' 'int x = threadIdx.x; if (x < 8) x += 3; else x *= 2; out[i] = x;' >corpus/$t/if
    printf '%s' 'float f = 1.5f; for (int j = 0; j < 4; j++) f = f * f + 1.0f; out[i] = f;' >corpus/$t/for
    printf '%s' 'unsigned u = 7u; switch (u % 3) { case 0: u++; break; default: u ^= 5; }' >corpus/$t/switch
    printf '%s' '__shared__ int s[32]; s[threadIdx.x % 32] = 1; __syncthreads();' >corpus/$t/shared
  }
done
seed generated || true

for t in $TARGETS; do
  extra=""
  # The generator takes one byte per choice: let inputs grow to whole programs.
  [ "$t" = generated ] && extra="-len_control=0 -max_len=3000"
  nice -n 19 cargo fuzz run $FLAGS "$t" "corpus/$t" -- -max_total_time="$SECS" -timeout=120 \
    -rss_limit_mb=4096 -print_final_stats=1 $extra >"/tmp/oxicc-fuzz-$t.log" 2>&1
  echo "$t: exit $? $(grep -E '^#[0-9]+.*DONE' "/tmp/oxicc-fuzz-$t.log" | cut -c1-90)"
done
