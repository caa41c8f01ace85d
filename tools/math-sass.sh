#!/usr/bin/env bash
# SASS instruction counts of the device math library against nvcc's libdevice: for each
# function, the one-call kernel of the accuracy harness is compiled by oxicc and by
# `nvcc -ptx`, assembled by ptxas for sm_75 and disassembled by nvdisasm; instructions of
# the whole kernel are counted, NOPs and the final self-branch left out.
#   tools/math-sass.sh NVDISASM [functions...]
# A function is NAME (float, one operand), or TYPE:NAME with TYPE one of f, d (one float
# or double operand), f2, d2 (two: x and y = a[i ^ 1]).
# NVDISASM: nvdisasm from the nvidia-cuda-nvdisasm wheel (not installed by
# install-nvidia-tools.sh). Needs target/release/oxicc (or $OXICC_BIN) and
# $OXICC_NVIDIA_ROOT (or .tools).
set -euo pipefail
nvdisasm=$1
shift
root=${OXICC_NVIDIA_ROOT:-$(dirname "$0")/../.tools/nvidia/nvidia/cu13}
oxicc=${OXICC_BIN:-$(dirname "$0")/../target/release/oxicc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
count() {
    # Instruction lines only (not the data directives of other sections); the last
    # instruction is the `BRA` to itself after `EXIT`.
    "$nvdisasm" "$1" | grep -E '^\s+/\*[0-9a-f]{4}\*/\s+(@!?U?P[0-9T] )?[A-Z][A-Z0-9._]* ' |
        grep -v -E ' NOP' | head -n -1 | wc -l
}
echo "| function | oxicc SASS | nvcc SASS | ratio |"
echo "|---|---|---|---|"
for f in "${@:-expf exp2f exp10f logf log2f log10f sinf cosf tanf tanhf}"; do
    for g in $f; do
        kind=f
        name=$g
        if [[ $g == *:* ]]; then
            kind=${g%%:*}
            name=${g#*:}
        fi
        case $kind in
        f | f2) t=float ;;
        *) t=double ;;
        esac
        case $kind in
        f2 | d2) call="$name(x, y)" ;;
        *) call="$name(x)" ;;
        esac
        g=$kind.$name
        src=$work/$g.cu
        printf '#include <math.h>\n__global__ void k(%s *o, const %s *a, int n)\n{\n    int i = blockIdx.x * blockDim.x + threadIdx.x;\n    if (i < n) {\n        %s x = a[i], y = a[i ^ 1];\n        o[i] = %s;\n    }\n}\n' "$t" "$t" "$t" "$call" >"$src"
        "$oxicc" -arch=sm_75 "$src" -o "$work/$g.ox.ptx"
        "$root/bin/ptxas" -arch=sm_75 "$work/$g.ox.ptx" -o "$work/$g.ox.cubin"
        "$root/bin/nvcc" -ptx -arch=sm_75 "$src" -o "$work/$g.nv.ptx"
        "$root/bin/ptxas" -arch=sm_75 "$work/$g.nv.ptx" -o "$work/$g.nv.cubin"
        ox=$(count "$work/$g.ox.cubin")
        nv=$(count "$work/$g.nv.cubin")
        echo "| \`$name\` ($t) | $ox | $nv | $(python3 -c "print(f'{$ox/$nv:.2f}')") |"
    done
done
