//! Asynchronous copies and split-phase barriers end to end (issue 13): every kernel in
//! `tests/kernels/async/` (`cuda_pipeline.h`'s primitives, `cuda::barrier`,
//! `cuda::pipeline` at thread and block scope, `cuda::memcpy_async`) is compiled by nvcc
//! against NVIDIA's headers (sm_80 and sm_90: libcu++ uses `cp.async.bulk` and transaction
//! counts on sm_90) and by oxicc against its own (sm_80 and sm_90, -O0 and -O3); every PTX
//! goes through ptxas, oxicc's `.entry` names must equal nvcc's, and every PTX runs in the
//! interpreter, whose output buffers are compared bit for bit with plain Rust
//! (`async_copy/expect.rs`). oxicc's sm_90 PTX also runs under the interpreter's random
//! schedule (one instruction of a random thread at a time), where a missing wait would let
//! a thread read a stage before its copy or its producer.

#[path = "async_copy/expect.rs"]
mod expect;

use oxicc_emu::{Launch, Module, RunOptions, Schedule};
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("kernels/async")
}

fn kernels() -> Vec<String> {
    oxicc_tests::kernels::kernel_names_in(&dir())
}

fn launch(name: &str) -> Launch {
    oxicc_tests::kernels::launch_in(&dir(), name)
}

fn run_and_check(name: &str, ptx: &str, l: &Launch, opts: &RunOptions) -> Result<(), String> {
    let module = Module::parse(ptx).map_err(|e| format!("parse: {e}"))?;
    let out = oxicc_emu::run(&module, l, opts).map_err(|e| format!("run: {e}"))?;
    expect::check(name, l, &out)
}

fn oxicc_ptx(name: &str, sm: u32, opt: u8) -> Result<String, String> {
    oxicc_tests::kernels::oxicc_ptx_in(&dir(), name, sm, opt)
}

#[test]
fn async_copy_kernels_match_rust_on_nvcc_and_oxicc_ptx() {
    let names = kernels();
    assert!(names.len() >= 5, "expected at least 5 async-copy kernels");
    let mut failures = Vec::new();
    let random = RunOptions {
        schedule: Schedule::Random,
        seed: 17,
        ..RunOptions::default()
    };
    for name in &names {
        let path = dir().join(format!("{name}.cu"));
        let l = launch(name);
        for sm in [80, 90] {
            let nv = oxicc_tests::nvcc_ptx(&path, sm, 3);
            if let Err(e) = run_and_check(name, &nv, &l, &RunOptions::default()) {
                failures.push(format!("{name} (nvcc PTX sm_{sm}): {e}"));
            }
            let want = oxicc_tests::entry_names(&nv);
            for opt in [0u8, 3] {
                let what = format!("{name} (oxicc sm_{sm} -O{opt})");
                let ptx = match oxicc_ptx(name, sm, opt) {
                    Ok(p) => p,
                    Err(e) => {
                        failures.push(format!("{what}: does not compile: {e}"));
                        continue;
                    }
                };
                if let Err(e) = oxicc_tests::ptxas_check(&ptx, sm) {
                    failures.push(format!("{what}: ptxas: {e}"));
                    continue;
                }
                if oxicc_tests::entry_names(&ptx) != want {
                    failures.push(format!("{what}: .entry names differ from nvcc's"));
                }
                if let Err(e) = run_and_check(name, &ptx, &l, &RunOptions::default()) {
                    failures.push(format!("{what}: {e}"));
                }
                if sm == 90 && opt == 3 {
                    if let Err(e) = run_and_check(name, &ptx, &l, &random) {
                        failures.push(format!("{what}, random schedule: {e}"));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The instructions each API lowers to, as nvcc's headers lower it (`cp.async.ca/cg`,
/// `commit_group`, `wait_group`, `mbarrier.init/arrive/try_wait`), and the `.version`
/// raised for the `mbarrier` waits that sm_80's minimum ISA lacks.
#[test]
fn async_copies_lower_to_cp_async_and_mbarrier() {
    let has = |ptx: &str, what: &str| ptx.lines().any(|l| l.trim_start().starts_with(what));
    let prims = oxicc_ptx("pipeline_prims", 80, 3).expect("compiles");
    for want in [
        "cp.async.ca.shared.global",
        "cp.async.cg.shared.global",
        "cp.async.commit_group",
        "cp.async.wait_group 1",
        "cp.async.wait_group 0",
    ] {
        assert!(has(&prims, want), "pipeline_prims: no {want}");
    }
    let bar = oxicc_ptx("awbarrier", 90, 3).expect("compiles");
    for want in [
        "mbarrier.init.shared.b64",
        "mbarrier.arrive.shared.b64",
        "mbarrier.try_wait.shared.b64",
    ] {
        assert!(has(&bar, want), "awbarrier: no {want}");
    }
    let block = oxicc_ptx("pipeline_block", 80, 3).expect("compiles");
    assert!(has(&block, "mbarrier.test_wait.parity.shared.b64"));
    assert!(has(&block, "cp.async.mbarrier.arrive.noinc.shared.b64"));
    assert!(
        block.contains(".version 7.1"),
        "sm_80 with parity waits needs PTX 7.1"
    );
    let plain = oxicc_ptx("pipeline_thread", 80, 3).expect("compiles");
    assert!(
        plain.contains(".version 7.0"),
        "nothing newer needed: sm_80's minimum"
    );
}

/// A barrier whose phase can never complete (more expected arrivals than threads) is a
/// deadlock the interpreter reports, not a hang.
#[test]
fn an_incomplete_mbarrier_phase_is_reported_as_a_deadlock() {
    let mut l = launch("awbarrier");
    l.grid = [1, 1, 1];
    let module = Module::parse(&deadlocking_ptx()).expect("parses");
    let err = oxicc_emu::run(&module, &l, &RunOptions::default()).expect_err("deadlock");
    assert!(err.to_string().contains("deadlock"), "{err}");
}

/// A hand-written kernel: thread 0 initializes a barrier for 65 arrivals, all 64 threads
/// arrive and wait on their tokens.
fn deadlocking_ptx() -> String {
    r#".version 7.8
.target sm_90
.address_size 64
.visible .entry awbarrier_sums(.param .u64 a, .param .u64 b, .param .u32 c)
{
	.reg .pred %p<3>;
	.reg .b32 %r<4>;
	.reg .b64 %rd<3>;
	.shared .align 8 .b64 bar;
	mov.u32 %r1, %tid.x;
	setp.ne.s32 %p1, %r1, 0;
	mov.u32 %r2, bar;
	@%p1 bra SKIP;
	mbarrier.init.shared.b64 [%r2], 65;
SKIP:
	bar.sync 0;
	mbarrier.arrive.shared.b64 %rd1, [%r2];
WAIT:
	mbarrier.try_wait.shared.b64 %p2, [%r2], %rd1;
	@!%p2 bra WAIT;
	ret;
}
"#
    .to_string()
}
