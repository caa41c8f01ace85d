#!/usr/bin/env bash
# Installs the NVIDIA tools the test suite and the benchmark need (ptxas, a reference
# `nvcc -ptx`, NVRTC) from PyPI wheels into <repo>/.tools/nvidia, which git ignores.
# Nothing here is committed or linked into oxicc: the tools are only the referee.
#
# Idempotent: a stamp file records the pinned set; when it matches and the key files
# exist the script exits at once. A failed pip run fails the script (and so the tests).
# Set PYTHON to choose the interpreter (default python3).
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dest="$repo_root/.tools/nvidia"
stamp="$dest/.oxicc-install-stamp"
python="${PYTHON:-python3}"

# Versions that resolved together on PyPI when the suite was written (CUDA 13.5, PTX ISA 9.5).
# nvidia-cuda-cccl is versioned on its own release train.
pins=(
  nvidia-cuda-nvcc==13.5.37
  nvidia-nvvm==13.5.37
  nvidia-cuda-crt==13.5.37
  nvidia-cuda-runtime==13.5.37
  nvidia-cuda-cccl==13.3.5.0.6
  nvidia-cuda-nvrtc==13.5.37
)
wanted_stamp="$(printf '%s\n' "${pins[@]}")"

# The files the Rust helpers (tests/src/tools.rs) look for.
key_files=(
  nvidia/cu13/bin/ptxas
  nvidia/cu13/bin/nvcc
  nvidia/cu13/nvvm/bin/cicc
  nvidia/cu13/include/cuda_runtime.h
  nvidia/cu13/lib/libnvrtc.so.13
)

key_files_present() {
  local root="$1" f
  for f in "${key_files[@]}"; do
    [[ -e "$root/$f" ]] || return 1
  done
}

# An install made by hand with exactly the pinned wheels counts as done: adopt it.
pinned_dist_infos_present() {
  local pin name version
  for pin in "${pins[@]}"; do
    name="${pin%%==*}"
    version="${pin##*==}"
    [[ -d "$dest/${name//-/_}-$version.dist-info" ]] || return 1
  done
}

if [[ -f "$stamp" && "$(cat "$stamp")" == "$wanted_stamp" ]] && key_files_present "$dest"; then
  echo "NVIDIA tools already installed in $dest"
  exit 0
fi
if pinned_dist_infos_present && key_files_present "$dest"; then
  printf '%s\n' "$wanted_stamp" >"$stamp"
  echo "NVIDIA tools found in $dest (pinned versions); stamp written"
  exit 0
fi

echo "Installing NVIDIA tool wheels into $dest ..."
mkdir -p "$repo_root/.tools"
staging="$(mktemp -d "$repo_root/.tools/nvidia.staging.XXXXXX")"
trap 'rm -rf "$staging"' EXIT
# Installing into a staging folder and renaming keeps a half-finished install from
# ever looking complete.
if ! "$python" -m pip install --no-input --disable-pip-version-check --quiet \
  --target "$staging" "${pins[@]}"; then
  echo "error: pip failed to install ${pins[*]}" >&2
  exit 1
fi
if ! key_files_present "$staging"; then
  echo "error: pip finished but the wheels lack an expected file (one of: ${key_files[*]})" >&2
  exit 1
fi
rm -rf "$dest"
mv "$staging" "$dest"
trap - EXIT
printf '%s\n' "$wanted_stamp" >"$stamp"
echo "NVIDIA tools installed in $dest"
