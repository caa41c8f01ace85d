//! mark-invariant-loads: which kernel loads may use `ld.global.nc`. The expectations are
//! nvcc's choices for the same kernels in CUDA (`nvcc -ptx -arch=sm_90 -O3`), noted per
//! case; `tests/tests/load_cache_hints.rs` compares whole kernels with nvcc's PTX.

use crate::common;

use common::*;
use oxicc_ir::*;

/// How many loads of `f` are marked invariant, and how many loads there are.
fn invariant_loads(m: &Module) -> (usize, usize) {
    let f = func(m, "k");
    let mut marked = 0;
    let mut all = 0;
    for d in insts(f) {
        if let InstData::Load { flags, .. } = d {
            all += 1;
            marked += flags.invariant as usize;
        }
    }
    (marked, all)
}

/// A kernel `k(o, x[, y])` whose body is `body`; `noalias` lists the `__restrict__` ones.
fn kernel(params: usize, noalias: &str, body: &str) -> Module {
    let tys = vec!["ptr"; params].join(", ");
    let args: Vec<String> = (0..params).map(|i| format!("v{i}: ptr")).collect();
    let casts: String = (0..params)
        .map(|i| format!("    g{i} = addrspacecast.ptr.global v{i}\n"))
        .collect();
    let src = format!(
        "kernel @k({tys}){noalias} {{\nblock0({}):\n{casts}{body}\n    return\n}}\n",
        args.join(", ")
    );
    // The text format numbers values itself: rename the `gN` placeholders.
    let mut src = src;
    for i in (0..params).rev() {
        src = src.replace(&format!("g{i}"), &format!("v{}", 10 + i));
    }
    parse(&src)
}

fn run(m: &mut Module) {
    run_passes(m, &["mark-invariant-loads"]);
}

#[test]
fn restrict_read_only_parameter_is_invariant() {
    // `o[i] = x[i]` with `float* __restrict__ o, float* __restrict__ x`: nc (read-only is
    // inferred, `const` is not needed).
    let body = "    v20 = load.f32 v11, align 4\n    store v20, v10, align 4";
    let mut m = kernel(2, " noalias(0, 1)", body);
    run(&mut m);
    assert_eq!(invariant_loads(&m), (1, 1));
    // Without `__restrict__` the store through `o` may write `x`: no nc.
    let mut m = kernel(2, "", body);
    run(&mut m);
    assert_eq!(invariant_loads(&m), (0, 1));
    // Only `x` restrict: `o` cannot reach `x`'s memory either.
    let mut m = kernel(2, " noalias(1)", body);
    run(&mut m);
    assert_eq!(invariant_loads(&m), (1, 1));
}

#[test]
fn written_parameter_is_not_invariant() {
    // `o[i] = o[i+1] + x[i]`, both restrict: only the load of `x` is nc.
    let body = "    v20 = iconst.i64 4
    v21 = ptradd.ptr.global v10, v20
    v22 = load.f32 v21, align 4
    v23 = load.f32 v11, align 4
    v24 = fadd.f32 v22, v23
    store v24, v10, align 4";
    let mut m = kernel(2, " noalias(0, 1)", body);
    run(&mut m);
    let f = func(&m, "k");
    let marks: Vec<bool> = insts(f)
        .iter()
        .filter_map(|d| match d {
            InstData::Load { flags, .. } => Some(flags.invariant),
            _ => None,
        })
        .collect();
    assert_eq!(marks, [false, true]);
}

#[test]
fn select_of_parameters_and_loops() {
    // `p = c ? x : y; o[i] = p[i]` with restrict `o` and plain `x`, `y`: nc (the only
    // store goes through `o`, which reaches neither).
    let body = "    v20 = iconst.i1 1
    v21 = select.ptr.global v20, v11, v12
    v22 = load.f32 v21, align 4
    store v22, v10, align 4";
    let mut m = kernel(3, " noalias(0)", body);
    run(&mut m);
    assert_eq!(invariant_loads(&m), (1, 1));
    // A store through plain `y` may write plain `x`'s memory.
    let body = "    v20 = iconst.i1 1
    v21 = select.ptr.global v20, v11, v12
    v22 = load.f32 v21, align 4
    store v22, v12, align 4";
    let mut m = kernel(3, " noalias(0)", body);
    run(&mut m);
    assert_eq!(invariant_loads(&m), (0, 1));
}

#[test]
fn escaping_or_unknown_pointers_are_not_invariant() {
    const UNKNOWN_STORE: &str = "    v20 = load.f32 v11, align 4
    v21 = load.ptr v10, align 8
    store v20, v21, align 4";
    let escape_then_unknown_store = format!("    store v11, v10, align 8\n{UNKNOWN_STORE}");
    let cases: [(&str, &str, (usize, usize)); 4] = [
        // `x` (restrict) is stored into `o`, and a store goes through a pointer loaded
        // from memory, which may be that copy of `x`.
        (" noalias(0, 1)", &escape_then_unknown_store, (0, 2)),
        // Without the escape the unknown store reaches neither restrict parameter, so both
        // loads (of `x`, and of the pointer in `o`) are invariant.
        (" noalias(0, 1)", UNKNOWN_STORE, (2, 2)),
        // With plain parameters it may reach both.
        ("", UNKNOWN_STORE, (0, 2)),
        // A load through a pointer read from memory is never nc.
        (
            " noalias(0, 1)",
            "    v20 = load.ptr v11, align 8
    v21 = addrspacecast.ptr.global v20
    v22 = load.f32 v21, align 4
    store v22, v10, align 4",
            (1, 2),
        ),
    ];
    for (noalias, body, want) in cases {
        let mut m = kernel(2, noalias, body);
        run(&mut m);
        assert_eq!(invariant_loads(&m), want, "{noalias} {body}");
    }
    // Device functions are left alone (only kernel parameters are known).
    let mut m = parse(
        "device @k(ptr.global) -> f32 {
block0(v0: ptr.global):
    v1 = load.f32 v0, align 4
    return v1
}
",
    );
    run(&mut m);
    assert_eq!(invariant_loads(&m), (0, 1));
}

#[test]
fn text_format_round_trips_the_marks() {
    let mut m = kernel(
        2,
        " noalias(0, 1)",
        "    v20 = load.f32 v11, align 4\n    store v20, v10, align 4",
    );
    run(&mut m);
    let text = m.to_string();
    assert!(text.contains("noalias(0, 1)"), "{text}");
    assert!(text.contains("align 4, invariant"), "{text}");
    assert_eq!(parse(&text).to_string(), text);
}
