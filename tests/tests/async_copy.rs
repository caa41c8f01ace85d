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

use oxicc_emu::{RunOptions, Schedule};
use oxicc_tests::kernels::{compare_folder_with_nvcc, run_ptx};
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("kernels/async")
}

fn kernels() -> Vec<String> {
    oxicc_tests::kernels::kernel_names_in(&dir())
}

fn oxicc_ptx(name: &str, sm: u32, opt: u8) -> Result<String, String> {
    oxicc_tests::kernels::oxicc_ptx_in(&dir(), name, sm, opt)
}

#[test]
fn async_copy_kernels_match_rust_on_nvcc_and_oxicc_ptx() {
    assert!(
        kernels().len() >= 5,
        "expected at least 5 async-copy kernels"
    );
    let random = RunOptions {
        schedule: Schedule::Random,
        seed: 17,
        ..RunOptions::default()
    };
    let failures = compare_folder_with_nvcc(&dir(), &[80, 90], &[80, 90], &|name, l, ptx| {
        expect::check(name, l, &run_ptx(ptx.text, l, &RunOptions::default())?)?;
        if ptx.sm == 90 && ptx.oxicc_opt == Some(3) {
            let out = run_ptx(ptx.text, l, &random).map_err(|e| format!("random schedule: {e}"))?;
            expect::check(name, l, &out).map_err(|e| format!("random schedule: {e}"))?;
        }
        Ok(())
    });
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
    let mut l = oxicc_tests::kernels::launch_in(&dir(), "awbarrier");
    l.grid = [1, 1, 1];
    let module = oxicc_emu::Module::parse(&deadlocking_ptx()).expect("parses");
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
