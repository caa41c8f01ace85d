//! The prelude snapshots built into the compiler (`compiler/prelude/prelude.bin` and
//! `prelude-sm_90.bin`, see `pp/prelude_file.rs`) are the ones this build makes for the
//! `oxicc` command's default options and for the same with `-arch=sm_90`. A change to a
//! built-in header or to the preprocessor makes them stale (a stale file is ignored:
//! compiles stay correct, only slower); make them again with
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
    for (i, (arch, file)) in oxicc::pp::EMBEDDED_ARCHS.iter().enumerate() {
        let mut args: Vec<String> = arch.iter().map(|a| format!("-arch={a}")).collect();
        args.push("k.cu".to_string());
        let options = parse(&args, Dialect::Command)
            .expect("a plain command line")
            .options;
        let bytes =
            oxicc::pp::prelude_snapshot_file(&options).expect("the prelude makes a snapshot");
        let path = format!("{}/prelude/{file}", env!("CARGO_MANIFEST_DIR"));
        let current = std::fs::read(&path).unwrap_or_default();
        if current != bytes {
            if std::env::var_os("OXICC_BLESS_PRELUDE").is_some() {
                std::fs::write(&path, &bytes).expect("writing the snapshot");
                continue;
            }
            panic!(
                "compiler/prelude/{file} is stale (a built-in header or the preprocessor \
                 changed): run OXICC_BLESS_PRELUDE=1 cargo test --release -p oxicc --test \
                 compiler prelude_file, then rebuild"
            );
        }
        assert!(
            oxicc::pp::embedded_prelude_is_current(i),
            "the compiler was built with an older {file}: rebuild"
        );
    }
}
