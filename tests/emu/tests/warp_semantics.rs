//! Warp collectives and barriers in hand-written PTX, with expected values from CUDA's
//! documented definitions (`__shfl_*_sync` with widths, votes, match) and errors for
//! deadlocks and masks naming exited threads.

use crate::common;
use common::{kernel, run_u32};

/// Stores `%r3` (the shuffled value) and the predicate of lane `%r1` as two words.
fn shfl_kernel(shfl: &str) -> String {
    kernel(&format!(
        "add.u32 %r2, %r1, 100;\n{shfl}\nselp.u32 %r4, 1, 0, %p1;\nmul.wide.u32 %rd3, %r1, 8;\nadd.u64 %rd4, %rd1, %rd3;\nst.global.v2.u32 [%rd4], {{%r3, %r4}};"
    ))
}

/// CUDA's definition of `__shfl_*_sync(mask, var, arg, width)`: the source lane, or `None`
/// when the caller keeps its own value.
fn cuda_src(mode: &str, lane: u32, arg: u32, width: u32) -> Option<u32> {
    let base = lane / width * width;
    match mode {
        "down" => (lane % width + arg < width).then(|| lane + arg),
        "up" => (lane % width >= arg).then(|| lane - arg),
        "bfly" => ((lane ^ arg) < base + width).then_some(lane ^ arg),
        _ => Some(base + arg % width),
    }
}

#[test]
fn shfl_modes_with_segments_follow_cuda_width_semantics() {
    for (mode, arg) in [("down", 3u32), ("up", 2), ("bfly", 5), ("idx", 6)] {
        for width in [32u32, 16, 8, 4] {
            // CUDA encodes width as c = ((32 - width) << 8) | clamp, clamp 0 for up, 31 otherwise.
            let c = ((32 - width) << 8) | if mode == "up" { 0 } else { 31 };
            let ptx = shfl_kernel(&format!(
                "shfl.sync.{mode}.b32 %r3|%p1, %r2, {arg}, {c}, -1;"
            ));
            let out = run_u32(&ptx, 32, 64, &[]).unwrap_or_else(|e| panic!("{e}"));
            for lane in 0..32u32 {
                let (v, p) = (out[2 * lane as usize], out[2 * lane as usize + 1]);
                let want = cuda_src(mode, lane, arg, width);
                let want_v = want.unwrap_or(lane) + 100;
                // For idx the predicate reports whether the source is in range: always here.
                assert_eq!(v, want_v, "{mode} width {width} lane {lane}");
                if mode != "idx" {
                    assert_eq!(
                        p,
                        want.is_some() as u32,
                        "{mode} width {width} lane {lane} predicate"
                    );
                }
            }
        }
    }
}

#[test]
fn votes_ballot_and_match() {
    // Lanes with odd tid vote true.
    let ptx = kernel(
        "and.b32 %r2, %r1, 1;\nsetp.ne.u32 %p1, %r2, 0;\n\
         vote.sync.ballot.b32 %r3, %p1, -1;\nvote.sync.any.pred %p2, %p1, -1;\nvote.sync.all.pred %p3, %p1, -1;\n\
         vote.sync.uni.pred %p4, %p1, -1;\nselp.u32 %r4, 1, 0, %p2;\nselp.u32 %r5, 1, 0, %p3;\nselp.u32 %r6, 1, 0, %p4;\n\
         shr.u32 %r7, %r1, 3;\nmatch.any.sync.b32 %r8, %r7, -1;\nactivemask.b32 %r9;\n\
         mul.wide.u32 %rd3, %r1, 32;\nadd.u64 %rd4, %rd1, %rd3;\n\
         st.global.v4.u32 [%rd4], {%r3, %r4, %r5, %r6};\nst.global.v2.u32 [%rd4+16], {%r8, %r9};",
    );
    let out = run_u32(&ptx, 32, 32 * 8, &[]).unwrap_or_else(|e| panic!("{e}"));
    for lane in 0..32usize {
        let r = &out[8 * lane..8 * lane + 6];
        assert_eq!(r[0], 0xAAAA_AAAA, "ballot");
        assert_eq!((r[1], r[2], r[3]), (1, 0, 0), "any/all/uni");
        assert_eq!(r[4], 0xFF << (lane / 8 * 8), "match.any groups of 8");
        assert_eq!(r[5], 0xFFFF_FFFF, "activemask");
    }
}

#[test]
fn divergent_barrier_is_a_deadlock_error() {
    // Thread 0 waits at bar.sync 0 while the others wait at bar.sync 1.
    let ptx = kernel("setp.eq.u32 %p1, %r1, 0;\n@%p1 bar.sync 0, 64;\n@!%p1 bar.sync 1, 64;");
    let e = run_u32(&ptx, 64, 1, &[]).expect_err("must deadlock");
    assert!(e.0.contains("deadlock"), "{e}");
}

#[test]
fn barrier_with_early_exit_completes() {
    // Threads >= 16 exit before the barrier; the rest synchronize among themselves.
    let ptx = kernel(
        "setp.ge.u32 %p1, %r1, 16;\n@%p1 exit;\nbar.sync 0;\nmul.wide.u32 %rd3, %r1, 4;\nadd.u64 %rd4, %rd1, %rd3;\nst.global.u32 [%rd4], 7;",
    );
    let out = run_u32(&ptx, 64, 64, &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(out[..16].iter().all(|&v| v == 7) && out[16..].iter().all(|&v| v == 0));
}

#[test]
fn collective_mask_naming_an_exited_lane_is_an_error() {
    let ptx =
        kernel("setp.eq.u32 %p1, %r1, 5;\n@%p1 exit;\nshfl.sync.idx.b32 %r3, %r1, 0, 31, -1;");
    let e = run_u32(&ptx, 32, 1, &[]).expect_err("lane 5 exited");
    assert!(e.0.contains("exited"), "{e}");
}

#[test]
fn bar_red_popc_counts_predicates() {
    let ptx = kernel(
        "setp.lt.u32 %p1, %r1, 10;\nbar.red.popc.u32 %r2, 0, %p1;\nbar.red.and.pred %p2, 0, %p1;\nbar.red.or.pred %p3, 0, %p1;\n\
         selp.u32 %r3, 1, 0, %p2;\nselp.u32 %r4, 1, 0, %p3;\nsetp.eq.u32 %p4, %r1, 0;\n@%p4 st.global.v4.u32 [%rd1], {%r2, %r3, %r4, %r1};",
    );
    let out = run_u32(&ptx, 96, 4, &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(&out[..3], &[10, 0, 1]);
}

#[test]
fn elect_sync_picks_the_lowest_lane_of_the_mask() {
    // Lanes 4..31 elect among mask 0xFFFFFFF0; lanes 0..3 exit first.
    let ptx = kernel(
        "setp.lt.u32 %p2, %r1, 4;\n@%p2 exit;\nelect.sync %r2|%p1, 0xFFFFFFF0;\nselp.u32 %r3, 1, 0, %p1;\n\
         elect.sync _|%p3, 0xFFFFFFF0;\nmul.wide.u32 %rd3, %r1, 8;\nadd.u64 %rd4, %rd1, %rd3;\nst.global.v2.u32 [%rd4], {%r2, %r3};",
    );
    let out = run_u32(&ptx, 32, 64, &[]).unwrap_or_else(|e| panic!("{e}"));
    for lane in 4..32 {
        assert_eq!(out[2 * lane], 4, "leader");
        assert_eq!(out[2 * lane + 1], (lane == 4) as u32, "is leader");
    }
}

/// `%reserved_smem_offset_*` (what CUDA 13's cooperative groups read on sm_80+): the
/// reserved region comes after the module's shared memory (here a 100-byte array, so it
/// starts at 112, aligned to 16), `_1` lies 512 bytes into its 1 KiB, and a word stored
/// there by one warp through its generic address is read back by another warp after a
/// barrier (the region is the CTA's shared memory, distinct from the array).
#[test]
fn reserved_shared_memory_registers() {
    let ptx = kernel(
        "mov.u32 %r2, %reserved_smem_offset_begin;\nmov.u32 %r3, %reserved_smem_offset_1;\n\
         mov.u32 %r4, %reserved_smem_offset_end;\nmov.u32 %r5, %reserved_smem_offset_cap;\n\
         cvt.u64.u32 %rd3, %r3;\ncvta.shared.u64 %rd3, %rd3;\n\
         setp.eq.u32 %p1, %r1, 0;\n@%p1 st.u32 [%rd3], 4242;\n\
         mov.u32 %r6, 7;\n@%p1 st.shared.u32 [arr], %r6;\nbar.sync 0;\n\
         ld.u32 %r7, [%rd3];\nld.shared.u32 %r8, [arr];\n\
         setp.eq.u32 %p2, %r1, 63;\n@%p2 st.global.v4.u32 [%rd1], {%r2, %r3, %r4, %r5};\n\
         @%p2 st.global.v2.u32 [%rd1+16], {%r7, %r8};",
    )
    .replace(
        ".visible .entry",
        ".shared .align 4 .b8 arr[100];\n.visible .entry",
    );
    let out = run_u32(&ptx, 64, 6, &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out, [112, 112 + 512, 112 + 1024, 1024, 4242, 7]);
}
