//! The built-in prelude snapshot (`compiler/prelude/prelude.bin`) through the suites: with
//! the header cache off and the command's default options, as the `oxicc` command compiles
//! one file, every compile restores the built-in snapshot instead of preprocessing
//! `cuda_runtime.h`, and every file of the kernel suites gives byte-identical PTX (or the
//! same errors) to the plain path (`--fast-headers=false`), at -O3. The per-process
//! snapshots are checked by `fast_headers.rs` (header cache on), the fall-back conditions
//! by `compiler/tests/pp_prelude.rs`. A test binary of its own (see `Cargo.toml`): it turns
//! the process-wide header cache off and counts the process's restores.

use oxicc_tests::guard::compile_guarded;
use oxicc_tests::kernels::{c_kernels, cpp_kernels, include_dirs_for, KernelSource};

#[test]
fn built_in_snapshot_and_plain_path_agree_on_the_suites() {
    oxicc::pp::use_header_cache(false);
    let command = oxicc::options::parse(&["k.cu".to_string()], oxicc::options::Dialect::Command)
        .expect("a plain command line")
        .options;
    assert!(command.host_headers, "the command's defaults");
    let files: Vec<_> = c_kernels().into_iter().chain(cpp_kernels()).collect();
    assert!(
        files.len() > 100,
        "the suites are there ({} files)",
        files.len()
    );
    let restores = oxicc::pp::prelude_restores();
    let mut compiled = 0;
    let mut differ = Vec::new();
    for path in &files {
        let source = KernelSource::load(path);
        let fast = oxicc::Options {
            include_dirs: include_dirs_for(path),
            ..command.clone()
        };
        let plain = oxicc::Options {
            fast_headers: false,
            ..fast.clone()
        };
        let a = compile_guarded(&source, &fast);
        let b = compile_guarded(&source, &plain);
        compiled += a.is_ok() as usize;
        if a != b {
            differ.push(source.name.clone());
        }
    }
    assert!(compiled > 100, "only {compiled} files compiled");
    assert!(differ.is_empty(), "PTX differs for {differ:?}");
    assert_eq!(
        oxicc::pp::prelude_restores() - restores,
        files.len(),
        "every fast compile restored the built-in snapshot (if prelude.bin is stale: \
         OXICC_BLESS_PRELUDE=1 cargo test --release -p oxicc --test compiler prelude_file)"
    );
}
