#!/usr/bin/env bash
# Runs every check of oxicc on a machine with Rust, Python 3 with pip, and gcc (which nvcc
# uses to preprocess): installs the NVIDIA reference tools into .tools/ (once), runs the
# whole workspace's tests, then checks formatting and clippy lints.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

tools/install-nvidia-tools.sh

# --release: measured from a clean target dir on this workspace, the release build plus
# test run costs ~200 s of CPU against ~260 s for the (optimized) debug profile, because
# release skips incremental state and full debug info. Debug assertions stay on (~+25%):
# they make the pass manager verify the IR after every pass and the backend check its
# register assignment, which is what turns a latent miscompile into a failing test.
# --no-fail-fast: one run shows every failing test binary, not only the first.
CARGO_PROFILE_RELEASE_DEBUG_ASSERTIONS=true cargo test --workspace --release --no-fail-fast

# The Python package (python/): its pytest suite against the extension cargo just built
# (pytest is installed once into .tools/pyenv). A failing test fails this script.
python/run-tests.sh

cargo fmt --all --check
cargo clippy --workspace --all-targets -- -D warnings
