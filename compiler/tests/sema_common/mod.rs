//! Shared helpers of the sema/irgen tests: source text → preprocessed → parsed → raw IR module (no passes), with
//! the diagnostics rendered as `line:col: message` strings.

#![allow(dead_code)]

use bumpalo::Bump;
use oxicc::diag::Diagnostics;
use oxicc::intern::Interner;
use oxicc::irgen::{lower_translation_unit, LowerOptions};
use oxicc::parse::parse_translation_unit;
use oxicc::pp::{preprocess, MemLoader, PpContext};
use oxicc::source::SourceMap;
use oxicc_ir::Module;

/// Lowers `src` (no preprocessing); returns the module or the rendered diagnostics.
pub fn lower(src: &str) -> Result<Module, Vec<String>> {
    lower_sm(src, 75)
}

pub fn lower_sm(src: &str, sm: u32) -> Result<Module, Vec<String>> {
    let mut interner = Interner::new();
    let mut sources = SourceMap::new();
    let file = sources.add("t.cu", src);
    let mut diags = Diagnostics::new();
    let options = oxicc::Options {
        sm,
        ..Default::default()
    };
    let loader = MemLoader::new();
    let tokens = {
        let mut ctx = PpContext::new(&mut sources, &mut interner, &mut diags, &options, &loader);
        preprocess(file, &mut ctx).tokens
    };
    let arena = Bump::new();
    let tu = parse_translation_unit(&tokens, &arena, &mut interner, &sources, &mut diags);
    let parse_errors = diags.has_errors();
    let m = lower_translation_unit(
        &tu,
        &interner,
        &sources,
        &mut diags,
        &LowerOptions {
            sm,
            ..Default::default()
        },
    );
    let rendered: Vec<String> = diags
        .render(&sources)
        .iter()
        .map(|d| format!("{}:{}: {}", d.line, d.column, d.message))
        .collect();
    match m {
        Some(m) if !parse_errors => Ok(m),
        _ => Err(rendered),
    }
}

/// Lowers `src`, panicking with the diagnostics if it fails, and verifies the IR.
pub fn lower_ok(src: &str) -> Module {
    let m = match lower(src) {
        Ok(m) => m,
        Err(d) => panic!("lowering failed:\n{}", d.join("\n")),
    };
    if let Err(errs) = oxicc_ir::verify::verify_module(&m) {
        let text: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
        panic!("IR does not verify:\n{}\n{}", text.join("\n"), m);
    }
    m
}

/// The diagnostics of a source that must fail to lower.
pub fn lower_err(src: &str) -> Vec<String> {
    match lower(src) {
        Ok(m) => panic!("expected errors, got a module:\n{m}"),
        Err(d) => d,
    }
}

/// Asserts that the module has a function named `name`.
pub fn has_function(m: &oxicc_ir::Module, name: &str) {
    assert!(
        m.function_by_name(name).is_some(),
        "no function {name}; have {:?}",
        m.functions
            .iter()
            .map(|(_, f)| f.name.clone())
            .collect::<Vec<_>>()
    );
}
