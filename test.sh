#!/usr/bin/env bash
# Runs every check of oxicc on a machine with Rust, Python 3 with pip, and gcc (which nvcc
# uses to preprocess): installs the NVIDIA reference tools into .tools/ (once), runs the
# whole workspace's tests, then checks formatting and clippy lints.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

tools/install-nvidia-tools.sh

# Debug profile: in this workspace it is optimized (opt-level 1, dependencies 2), which
# builds much faster than --release while the tests still run quickly. --no-fail-fast:
# one run shows every failing test binary, not only the first.
cargo test --workspace --no-fail-fast

cargo fmt --all --check
cargo clippy --workspace --all-targets -- -D warnings
