//! The fast path for built-in header code (`Options::fast_headers`, the default) against the
//! plain path (`--fast-headers=false`): every file of the kernel suites gives byte-identical
//! PTX (or the same errors) both ways, at -O3 and -O0.

use oxicc_tests::guard::compile_guarded;
use oxicc_tests::kernels::{c_kernels, cpp_kernels, oxicc_options, KernelSource};

fn compare_suites(opt_level: u8) {
    let files: Vec<_> = c_kernels().into_iter().chain(cpp_kernels()).collect();
    assert!(
        files.len() > 100,
        "the suites are there ({} files)",
        files.len()
    );
    let mut compiled = 0;
    let mut differ = Vec::new();
    for path in &files {
        let source = KernelSource::load(path);
        let fast = oxicc_options(path, 75, opt_level);
        assert!(fast.fast_headers, "the fast path is the default");
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
    assert!(
        differ.is_empty(),
        "-O{opt_level}: PTX differs for {differ:?}"
    );
}

#[test]
fn fast_and_plain_paths_agree_at_o3() {
    compare_suites(3);
}

#[test]
fn fast_and_plain_paths_agree_at_o0() {
    compare_suites(0);
}
