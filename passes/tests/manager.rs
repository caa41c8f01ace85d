//! The pass manager: registry, explicit pass lists, traces, timings, errors.

use crate::common;

use common::*;
use oxicc_passes::{
    find_pass, pipeline_for_level, registry, run_pipeline, run_pipeline_with_report, PassError,
    PipelineOptions,
};

const SRC: &str = "device @f(i32) -> i32 {
    ss0 = slot 4, align 4
block0(v0: i32):
    v1 = stackaddr ss0
    store v0, v1, align 4
    v2 = load.i32 v1, align 4
    v3 = iconst.i32 0
    v4 = add.i32 v2, v3
    return v4
}
";

#[test]
fn registry_names_are_unique_and_described() {
    let reg = registry();
    assert!(reg.len() >= 8);
    for (i, p) in reg.iter().enumerate() {
        assert!(!p.description.is_empty(), "{} has a description", p.name);
        assert!(!p.description.contains('\n'), "one line");
        assert!(
            reg[i + 1..].iter().all(|q| q.name != p.name),
            "{} is unique",
            p.name
        );
        assert!(find_pass(p.name).is_some());
    }
    for level in 0..=3 {
        for name in pipeline_for_level(level) {
            assert!(
                find_pass(name).is_some(),
                "-O{level} names registered pass {name}"
            );
        }
    }
}

#[test]
fn o0_promotes_locals_and_nothing_else() {
    let mut m = parse(SRC);
    run_level(&mut m, 0);
    let f = func(&m, "f");
    assert_eq!(
        count_ops(f, &[oxicc_ir::Opcode::Load, oxicc_ir::Opcode::Store]),
        0
    );
    // The `add v, 0` is still there: -O0 does not fold.
    assert_eq!(count_ops(f, &[oxicc_ir::Opcode::Binary]), 1);
}

#[test]
fn explicit_pass_list_runs_in_order_with_trace_and_timings() {
    let mut m = parse(SRC);
    let opts = PipelineOptions {
        passes: Some(vec!["mem2reg".into(), " const-fold".into(), "dce".into()]),
        print_after_all: true,
        time_passes: true,
        verify_each: true,
        ..Default::default()
    };
    let report = run_pipeline_with_report(&mut m, &opts).expect("runs");
    let names: Vec<&str> = report.trace.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["mem2reg", "const-fold", "dce"]);
    assert!(report.trace[0].1.contains("@f"), "trace holds printed IR");
    assert!(
        !report.trace[2].1.contains("add.i32"),
        "x+0 is gone after dce"
    );
    assert_eq!(report.timings.len(), 3);
    let table = report.timing_report();
    assert!(table.contains("mem2reg") && table.contains("total"));
    assert_eq!(
        returned_value(func(&m, "f")),
        Some(func(&m, "f").params()[0])
    );
}

#[test]
fn unknown_pass_is_an_error_before_anything_runs() {
    let mut m = parse(SRC);
    let before = oxicc_ir::print_module(&m);
    let opts = PipelineOptions {
        passes: Some(vec!["mem2reg".into(), "gvn-hoist".into()]),
        ..Default::default()
    };
    let err = run_pipeline(&mut m, &opts).unwrap_err();
    assert_eq!(err, PassError::UnknownPass("gvn-hoist".into()));
    assert!(
        err.to_string().contains("mem2reg"),
        "message lists known passes"
    );
    assert_eq!(oxicc_ir::print_module(&m), before, "nothing ran");
}

#[test]
fn every_level_accepts_an_empty_module_and_declarations() {
    let mut m = parse("device import @vprintf(ptr, ptr) -> i32\n");
    for level in 0..=4 {
        run_level(&mut m, level);
    }
    assert_eq!(m.functions.len(), 1, "imports are kept");
}
