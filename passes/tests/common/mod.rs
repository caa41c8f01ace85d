//! Helpers for the pass tests: signatures, counting opcodes, verification, and a small IR
//! interpreter used to check that a transform keeps a function's behaviour.
//!
//! The interpreter is written from the IR's documented semantics, independently of the
//! folding code in `const_fold`, so comparing results before and after a pass (and against
//! values computed in plain Rust) is a real check.

#![allow(dead_code)]

pub mod interp;
mod rng;

use oxicc_ir::*;

#[allow(unused_imports)]
pub use interp::{run, run_f32, run_f64, run_i};
#[allow(unused_imports)]
pub use rng::Rng;

pub fn sig(params: &[Type], ret: Option<Type>) -> Signature {
    Signature {
        params: params.iter().map(|&t| ParamKind::Value(t)).collect(),
        ret,
    }
}

/// Number of instructions in the layout whose opcode is one of `ops`.
pub fn count_ops(f: &Function, ops: &[Opcode]) -> usize {
    f.layout
        .iter()
        .flat_map(|&b| f.blocks[b].insts.iter())
        .filter(|&&i| ops.contains(&f.insts[i].data.opcode()))
        .count()
}

/// Every instruction of the layout, in order.
pub fn insts(f: &Function) -> Vec<&InstData> {
    f.layout
        .iter()
        .flat_map(|&b| f.blocks[b].insts.iter())
        .map(|&i| &f.insts[i].data)
        .collect()
}

/// Panics with the verifier's message if the function (alone in a module) is broken.
pub fn verify(f: &Function) {
    check_module(&module_of(f.clone()));
}

/// Panics with the verifier's message if the module is broken.
pub fn check_module(m: &Module) {
    if let Err(e) = oxicc_ir::verify_module(m) {
        panic!(
            "verifier:\n{}\n{}",
            oxicc_ir::verify::format_errors(&e),
            oxicc_ir::print_module(m)
        );
    }
}

pub fn module_of(f: Function) -> Module {
    let mut m = Module::new();
    m.add_function(f);
    m
}

/// The value `v` is defined as an integer constant with these bits.
pub fn iconst_of(f: &Function, v: Value) -> Option<u64> {
    match f.insts[f.def_inst(v)?].data {
        InstData::IConst { imm, .. } => Some(imm),
        _ => None,
    }
}

/// The value returned by the single `return` of `f`.
pub fn returned_value(f: &Function) -> Option<Value> {
    insts(f).into_iter().find_map(|d| match d {
        InstData::Return { value } => *value,
        _ => None,
    })
}

/// Parses `.oxir` text, panicking with the parser's message on error.
pub fn parse(src: &str) -> Module {
    match oxicc_ir::parse_module(src) {
        Ok(m) => m,
        Err(e) => panic!("parse error: {e:?}"),
    }
}

/// The function called `name`.
pub fn func<'m>(m: &'m Module, name: &str) -> &'m Function {
    &m.functions[m.function_by_name(name).expect("function exists")]
}

/// Runs the named passes in order (through the pass manager, with verification).
pub fn run_passes(m: &mut Module, names: &[&str]) {
    let opts = oxicc_passes::PipelineOptions {
        passes: Some(names.iter().map(|s| s.to_string()).collect()),
        verify_each: true,
        ..Default::default()
    };
    if let Err(e) = oxicc_passes::run_pipeline(m, &opts) {
        panic!("{e}\n{}", oxicc_ir::print_module(m));
    }
}

/// Runs the pipeline of an `-O` level with verification after every pass.
pub fn run_level(m: &mut Module, level: u8) {
    let opts = oxicc_passes::PipelineOptions {
        opt_level: level,
        verify_each: true,
        ..Default::default()
    };
    if let Err(e) = oxicc_passes::run_pipeline(m, &opts) {
        panic!("{e}\n{}", oxicc_ir::print_module(m));
    }
}
