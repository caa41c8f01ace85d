//! The prelude snapshot built into the compiler (`compiler/prelude/prelude.bin`, see
//! `pp/prelude_file.rs`) is the one this build makes for the `oxicc` command's default
//! options. A change to a built-in header or to the preprocessor makes it stale (a stale
//! file is ignored: compiles stay correct, only slower); make it again with
//!
//! ```sh
//! OXICC_BLESS_PRELUDE=1 cargo test --release -p oxicc --test compiler prelude_file
//! ```
//!
//! then rebuild. `compiler/tests/pp_prelude.rs` checks that the command's compiles restore
//! it and give the plain path's PTX.

use oxicc::options::{parse, Dialect};

#[test]
fn built_in_prelude_snapshot_is_current() {
    let options = parse(&["k.cu".to_string()], Dialect::Command)
        .expect("a plain command line")
        .options;
    let bytes = oxicc::pp::prelude_snapshot_file(&options).expect("the prelude makes a snapshot");
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/prelude/prelude.bin");
    let current = std::fs::read(path).unwrap_or_default();
    if current != bytes {
        if std::env::var_os("OXICC_BLESS_PRELUDE").is_some() {
            std::fs::write(path, &bytes).expect("writing prelude.bin");
            return;
        }
        panic!(
            "compiler/prelude/prelude.bin is stale (a built-in header or the preprocessor \
             changed): run OXICC_BLESS_PRELUDE=1 cargo test --release -p oxicc --test compiler \
             prelude_file, then rebuild"
        );
    }
    assert!(
        oxicc::pp::embedded_prelude_is_current(),
        "the compiler was built with an older prelude.bin: rebuild"
    );
}
