//! prestrip: which dead functions are removed before the pipeline, and which are kept
//! because removing them could change what the pipeline does with the rest.

use oxicc_ir::{parse_module, Module};
use oxicc_passes::prestrip::remove_isolated_dead_functions;

const SRC: &str = "
global internal global @g: i32[4], align 4

device internal @leaf(i32) -> i32 {
block0(v0: i32):
    return v0
}

device internal @calls_leaf(i32) -> i32 {
block0(v0: i32):
    v1 = call.i32 @leaf(v0)
    return v1
}

device internal @helper(i32) -> i32 {
block0(v0: i32):
    v1 = add.i32 v0, v0
    return v1
}

device internal @calls_helper(i32) -> i32 {
block0(v0: i32):
    v1 = call.i32 @helper(v0)
    return v1
}

device internal @uses_global(i32) -> i32 {
block0(v0: i32):
    v1 = globaladdr.ptr.global @g
    v2 = load.i32 v1, align 4
    return v2
}

device internal @calls_uses_global(i32) -> i32 {
block0(v0: i32):
    v1 = call.i32 @uses_global(v0)
    return v1
}

device @main(i32) -> i32 {
block0(v0: i32):
    v1 = call.i32 @helper(v0)
    return v1
}
";

fn names(m: &Module) -> Vec<String> {
    m.functions.values().map(|f| f.name.clone()).collect()
}

#[test]
fn removes_only_dead_functions_that_touch_nothing_live() {
    let mut m = parse_module(SRC).expect("parses");
    assert!(remove_isolated_dead_functions(&mut m));
    // `leaf` and `calls_leaf` are dead and reference nothing else: gone. `calls_helper` is
    // dead but is a call site of the live internal `helper` (the inliner counts it), and
    // `uses_global` reads a global; a dead function calling a kept internal one stays too.
    assert_eq!(
        names(&m),
        [
            "helper",
            "calls_helper",
            "uses_global",
            "calls_uses_global",
            "main"
        ]
    );
    oxicc_ir::verify_module(&m).expect("calls renumbered");
    // `main`'s call still reaches `helper` after the renumbering.
    let text = oxicc_ir::print_module(&m);
    assert!(text.contains("call.i32 @helper(v0)"), "{text}");
    assert!(
        !remove_isolated_dead_functions(&mut m),
        "nothing more to remove"
    );
}

#[test]
fn keeps_everything_when_all_is_live() {
    let mut m = parse_module(
        "device internal @f(i32) -> i32 {
block0(v0: i32):
    return v0
}

kernel @k(i32) {
block0(v0: i32):
    v1 = call.i32 @f(v0)
    return
}
",
    )
    .expect("parses");
    assert!(!remove_isolated_dead_functions(&mut m));
    assert_eq!(names(&m), ["f", "k"]);
}
