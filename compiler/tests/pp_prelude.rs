//! The prelude snapshot (`pp/prelude.rs`): a compile that restores the state after the
//! implicit `cuda_runtime.h` gives the same output as one that preprocesses it, and the
//! snapshot is not used where it would not hold: a `-D` that a prelude header tests
//! (`NDEBUG` in `assert.h`), a `-include`, a `-I` folder whose `string.h` (which
//! `cuda_runtime.h` includes) changed between two compiles. A user macro defined before the
//! user's own `#include` acts as it must (the C standard's `assert.h` rule: `NDEBUG` is
//! looked at on every include). The expected PTX facts come from the C standard's
//! `assert` and the values the tests write; every PTX is assembled by ptxas.
//!
//! One test function in a test binary of its own (see `Cargo.toml`): the snapshots and
//! their counters are per process, and the count checks need the compiles in a known order.

mod ptxas_support;
use ptxas_support::assert_ptxas_accepts;

use oxicc::options::{parse, Dialect};
use oxicc::pp::{clear_prelude_snapshots, prelude_restores, prelude_snapshots, use_header_cache};
use oxicc::Options;

fn compile(src: &str, options: &Options) -> String {
    let out = oxicc::compile("k.cu", src, options);
    let text = out
        .text
        .unwrap_or_else(|| panic!("compile failed: {:?}", out.diagnostics));
    assert_ptxas_accepts(&text, options.sm, "pp_prelude");
    text
}

fn plain(options: &Options) -> Options {
    Options {
        fast_headers: false,
        ..options.clone()
    }
}

const ASSERT_KERNEL: &str = "__global__ void k(int *p) { assert(p[0] == 3); p[1] = 4; }\n";

/// What a `-I` folder's `string.h` defines decides the stored value.
const SHADOW_KERNEL: &str = "__global__ void k(int *p) { p[0] = SHADOW_VALUE; }\n";

fn stores(ptx: &str, value: i64) -> bool {
    ptx.lines()
        .any(|l| l.contains("st.global") && l.trim_end().ends_with(&format!(", {value};")))
}

#[test]
fn snapshot_restores_the_same_run_and_falls_back_where_it_must() {
    // As in the `oxicc` command with one input: no header cache, so compiles start from a
    // fresh interner, as the built-in snapshot was made, and make no snapshot.
    use_header_cache(false);
    clear_prelude_snapshots();

    // The command's default options: the built-in snapshot (`prelude.bin`) is restored,
    // so no snapshot is made.
    let command = parse(&["k.cu".to_string()], Dialect::Command)
        .unwrap()
        .options;
    let built_in = compile(ASSERT_KERNEL, &command);
    assert_eq!(
        (prelude_restores(), prelude_snapshots()),
        (1, 0),
        "the built-in snapshot served (if prelude.bin is stale: \
         OXICC_BLESS_PRELUDE=1 cargo test --release -p oxicc --test compiler prelude_file)"
    );
    assert_eq!(built_in, compile(ASSERT_KERNEL, &plain(&command)));
    // `-arch=sm_90` has a built-in snapshot of its own (`prelude-sm_90.bin`): restored,
    // none made, the plain path's PTX.
    let sm90 = parse(
        &["-arch=sm_90".to_string(), "k.cu".to_string()],
        Dialect::Command,
    )
    .unwrap()
    .options;
    let (restores, made) = (prelude_restores(), prelude_snapshots());
    let restored = compile(ASSERT_KERNEL, &sm90);
    assert_eq!(
        (prelude_restores(), prelude_snapshots()),
        (restores + 1, made),
        "the sm_90 snapshot served"
    );
    assert_eq!(restored, compile(ASSERT_KERNEL, &plain(&sm90)));
    let with_inc = Options {
        include_dirs: vec![std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))],
        ..command.clone()
    };
    assert_eq!(compile(ASSERT_KERNEL, &with_inc), built_in);
    assert_eq!(
        prelude_snapshots(),
        0,
        "and with a -I folder without C headers"
    );

    // With one compile a process (no header cache), no snapshot is made for other options.
    let sm80 = Options {
        sm: 80,
        ..command.clone()
    };
    assert_eq!(
        compile(ASSERT_KERNEL, &sm80),
        compile(ASSERT_KERNEL, &plain(&sm80))
    );
    assert_eq!(
        prelude_snapshots(),
        0,
        "no snapshot made without the header cache"
    );

    // A process of many compiles (the header cache on, as by default in the library).
    use_header_cache(true);
    let base = Options::default();

    // The first compile makes the snapshot, the second restores it: both equal the plain
    // path, which never makes one.
    let first = compile(ASSERT_KERNEL, &base);
    assert_eq!(prelude_snapshots(), 1, "the first compile made a snapshot");
    let second = compile(ASSERT_KERNEL, &base);
    assert_eq!(prelude_snapshots(), 1, "the second one restored it");
    let reference = compile(ASSERT_KERNEL, &plain(&base));
    assert_eq!(prelude_snapshots(), 1, "the plain path makes none");
    assert_eq!(first, reference);
    assert_eq!(second, reference);
    assert!(
        second.contains("__assertfail"),
        "assert is on without NDEBUG"
    );

    // `-DNDEBUG` is tested by `assert.h`, which `cuda_runtime.h` includes: a new key, so a
    // new snapshot, and `assert` is off.
    let ndebug = Options {
        defines: vec![("NDEBUG".into(), None)],
        ..base.clone()
    };
    let off = compile(ASSERT_KERNEL, &ndebug);
    assert_eq!(prelude_snapshots(), 2, "-D makes a snapshot of its own");
    assert!(!off.contains("__assertfail"), "-DNDEBUG turns assert off");
    assert_eq!(off, compile(ASSERT_KERNEL, &plain(&ndebug)));
    assert_eq!(off, compile(ASSERT_KERNEL, &ndebug), "restored under -D");
    // The snapshot without `-D` is still the one used without it.
    assert_eq!(compile(ASSERT_KERNEL, &base), reference);

    // A user macro before the user's own include of a prelude header: `assert.h` is read
    // again (it has no guard), and sees `NDEBUG`, after a restored prelude too.
    let user = format!("#define NDEBUG\n#include <assert.h>\n{ASSERT_KERNEL}");
    let user_fast = compile(&user, &base);
    assert!(
        !user_fast.contains("__assertfail"),
        "the user's NDEBUG holds"
    );
    assert_eq!(user_fast, compile(&user, &plain(&base)));
    // Defined after the include, it does not change `assert`.
    let late = format!("#include <assert.h>\n#define NDEBUG\n{ASSERT_KERNEL}");
    assert!(compile(&late, &base).contains("__assertfail"));

    // `-include` changes the start: no snapshot is made or used.
    let dir = std::env::temp_dir().join(format!("oxicc-pp-prelude-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("pre.h"), "#define SHADOW_VALUE 21\n").unwrap();
    let pre = Options {
        pre_includes: vec![dir.join("pre.h").display().to_string()],
        ..base.clone()
    };
    let before = prelude_snapshots();
    let pre_fast = compile(SHADOW_KERNEL, &pre);
    assert_eq!(prelude_snapshots(), before, "-include makes no snapshot");
    assert!(stores(&pre_fast, 21), "the -include is read:\n{pre_fast}");
    assert_eq!(pre_fast, compile(SHADOW_KERNEL, &plain(&pre)));

    // A `-I` folder is searched before the built-in headers by `cuda_runtime.h`'s
    // `#include <string.h>`. Without a `string.h` there, the snapshot made without `-I`
    // serves; with one, the prelude is preprocessed (and reads it each time).
    let inc = dir.join("inc");
    std::fs::create_dir_all(&inc).unwrap();
    let with_inc = Options {
        include_dirs: vec![inc.clone()],
        ..base.clone()
    };
    let before = prelude_snapshots();
    assert_eq!(compile(ASSERT_KERNEL, &with_inc), reference);
    assert_eq!(
        prelude_snapshots(),
        before,
        "the snapshot without -I serves"
    );
    let shadow = |v: i64| {
        std::fs::write(
            inc.join("string.h"),
            format!("#pragma once\n#define SHADOW_VALUE {v}\n"),
        )
        .unwrap()
    };
    shadow(11);
    let a = compile(SHADOW_KERNEL, &with_inc);
    assert!(stores(&a, 11), "the -I string.h is the one included:\n{a}");
    assert_eq!(a, compile(SHADOW_KERNEL, &plain(&with_inc)));
    assert_eq!(
        prelude_snapshots(),
        before,
        "a prelude that read a file makes none"
    );
    shadow(12);
    let b = compile(SHADOW_KERNEL, &with_inc);
    assert!(stores(&b, 12), "the changed string.h is read:\n{b}");
    // In-memory headers come first of all.
    let in_memory = Options {
        headers: vec![("string.h".into(), "#define SHADOW_VALUE 13\n".into())],
        ..base.clone()
    };
    assert!(stores(&compile(SHADOW_KERNEL, &in_memory), 13));
    std::fs::remove_dir_all(&dir).ok();
}
