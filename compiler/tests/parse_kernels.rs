//! Every kernel of the C suite (`tests/kernels/c/*.cu`) preprocesses and parses without a
//! diagnostic, with the suite's include folder on the search path and nvcc's implicit
//! `cuda_runtime.h` included first, as the driver does.

use bumpalo::Bump;
use oxicc::diag::Diagnostics;
use oxicc::intern::Interner;
use oxicc::parse::parse_translation_unit;
use oxicc::pp::{preprocess, FsLoader, PpContext, NVCC_FORCE_INCLUDES};
use oxicc::source::SourceMap;
use oxicc::Options;
use std::path::PathBuf;

#[test]
fn every_c_suite_kernel_parses_without_diagnostics() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/kernels/c");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/kernels/c exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "cu"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 30,
        "expected the kernel suite in {}",
        dir.display()
    );
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let mut sources = SourceMap::new();
        let mut interner = Interner::new();
        let mut diags = Diagnostics::new();
        let main = sources.add(path.to_string_lossy(), text);
        let options = Options {
            include_dirs: vec![dir.join("include")],
            ..Options::default()
        };
        let tokens = {
            let mut ctx =
                PpContext::new(&mut sources, &mut interner, &mut diags, &options, &FsLoader);
            ctx.force_includes = NVCC_FORCE_INCLUDES.iter().map(|s| s.to_string()).collect();
            preprocess(main, &mut ctx).tokens
        };
        let arena = Bump::new();
        parse_translation_unit(&tokens, &arena, &mut interner, &sources, &mut diags);
        for d in diags.render(&sources) {
            failures.push(d.to_string());
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
