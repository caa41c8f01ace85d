//! What the typed-tree tests share: a body's `--emit=sema` dump, and the check that a
//! source compiles to the same PTX through the typed tree and in one walk.

use crate::ptxas_support::assert_ptxas_accepts;
use oxicc::{compile, Emit, Options};

/// Compiles `src` through the typed tree and in one walk: the same PTX, which ptxas accepts.
pub fn same_ptx_both_ways(src: &str, what: &str) -> String {
    let typed = compile("t.cu", src, &Options::default());
    let one_walk = compile(
        "t.cu",
        src,
        &Options {
            typed_bodies: false,
            ..Options::default()
        },
    );
    let ptx = typed.text.expect("compiles");
    assert_eq!(Some(&ptx), one_walk.text.as_ref(), "{what}");
    assert_ptxas_accepts(&ptx, 75, what);
    ptx
}

pub fn sema(src: &str) -> String {
    let opts = Options {
        emit: Emit::Sema,
        ..Options::default()
    };
    let out = compile("t.cu", src, &opts);
    assert!(out.text.is_some(), "compile failed: {:#?}", out.diagnostics);
    out.text.unwrap()
}
