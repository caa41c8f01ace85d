#!/usr/bin/env bash
# Builds the Python extension and the C library with cargo, stages the package
# (pysrc/oxicc + the extension as oxicc/_oxicc.abi3.so, what `maturin develop` would
# install) and runs its pytest suite. pytest goes into a venv in <repo>/.tools/pyenv (git
# ignores .tools), created once. A failing test fails this script.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
python="${PYTHON:-python3}"
venv="$repo/.tools/pyenv"
if [[ ! -x "$venv/bin/pytest" ]]; then
  "$python" -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check pytest==8.3.4
fi
# The same profile settings as test.sh's cargo test, so nothing is rebuilt.
CARGO_PROFILE_RELEASE_DEBUG_ASSERTIONS=true cargo build --release -p oxicc-python -p oxicc-nvrtc
target="${CARGO_TARGET_DIR:-$repo/target}/release"
stage="$repo/target/python-stage"
rm -rf "$stage"
mkdir -p "$stage/oxicc"
cp "$here"/pysrc/oxicc/*.py "$stage/oxicc/"
cp "$target/lib_oxicc.so" "$stage/oxicc/_oxicc.abi3.so"
PYTHONPATH="$stage" OXICC_NVRTC_LIB="$target/liboxicc_nvrtc.so" \
  "$venv/bin/pytest" -q -p no:cacheprovider "$here/tests"
