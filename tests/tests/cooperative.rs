//! Grid-wide synchronization (`cooperative_groups::this_grid().sync()`, issue 13): the
//! kernels in `tests/kernels/coop/` are compiled by nvcc against NVIDIA's headers and by
//! oxicc against its own (sm_80 and sm_90, -O0 and -O3), assembled by ptxas, checked for
//! nvcc's `.entry` names, and run in the interpreter under a cooperative launch (the launch
//! file's `"cooperative": true`: every CTA resident, a grid barrier workspace behind
//! `%envreg1:%envreg2`); the output is compared with plain Rust. Without a cooperative
//! launch the same kernel traps, and the interpreter says why. `partitions.cu`: binary and
//! labeled partitions of a tile, and a tile passed as a `thread_group`.

use oxicc_emu::{Launch, RunOptions};
use oxicc_tests::kernels::{compare_with_nvcc, launch_in, oxicc_ptx_in, run_ptx};
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("kernels/coop")
}

fn launch() -> Launch {
    launch_in(&dir(), "grid_sync")
}

fn i32s(b: &[u8]) -> Vec<i32> {
    b.chunks(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// What `grid_sync.cu` computes: each round every thread takes the value thread
/// `(i + 67) mod n` published, times 3, plus the round.
fn expected(l: &Launch) -> Vec<i32> {
    let input = i32s(&l.buffers.iter().find(|b| b.name == "in").unwrap().data);
    let rounds = match l.args[3] {
        oxicc_emu::Arg::Scalar(_, v) => v as i32,
        _ => panic!("rounds"),
    };
    let n = input.len();
    let mut v = input;
    for r in 0..rounds {
        let tmp = v.clone();
        v = (0..n)
            .map(|i| tmp[(i + 67) % n].wrapping_mul(3).wrapping_add(r))
            .collect();
    }
    v.push(1); // grid.is_valid()
    v
}

fn run(ptx: &str, l: &Launch) -> Result<Vec<i32>, String> {
    let out = run_ptx(ptx, l, &RunOptions::default())?;
    Ok(i32s(&out.buffer("out").ok_or("no out buffer")?.data))
}

#[test]
fn grid_sync_under_a_cooperative_launch_matches_rust() {
    let l = launch();
    assert!(l.cooperative);
    let want = expected(&l);
    let failures = compare_with_nvcc(&dir(), "grid_sync", &[80, 90], &[80, 90], &mut |ptx| {
        let got = run(ptx.text, &l)?;
        if got != want {
            return Err(format!(
                "wrong values: {:?}… expected {:?}…",
                &got[..4],
                &want[..4]
            ));
        }
        Ok(())
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn grid_sync_without_a_cooperative_launch_is_diagnosed() {
    let mut l = launch();
    l.cooperative = false;
    for ptx in [
        oxicc_ptx_in(&dir(), "grid_sync", 90, 3).expect("compiles"),
        oxicc_tests::nvcc_ptx(&dir().join("grid_sync.cu"), 90, 3),
    ] {
        let err = run(&ptx, &l).expect_err("traps");
        assert!(err.contains("cooperative launch"), "{err}");
    }
}

/// What `partitions.cu` computes for each thread: within its warp, the lanes with the same
/// parity (and, second, the same value mod 3): their count, the thread's rank among them
/// (lanes below it), their sum (parity) and their largest value (label); and the rank and
/// size a `thread_group` made from a 16-thread tile reports.
fn partitions_expected(input: &[i32]) -> (Vec<i32>, Vec<u32>) {
    let mut out = Vec::new();
    for (t, &v) in input.iter().enumerate() {
        let warp = &input[t / 32 * 32..t / 32 * 32 + 32];
        let lane = t % 32;
        let group = |key: &dyn Fn(i32) -> i32| -> Vec<(usize, i32)> {
            warp.iter()
                .copied()
                .enumerate()
                .filter(|&(_, x)| key(x) == key(v))
                .collect()
        };
        let parity = group(&|x| x & 1);
        let label = group(&|x| x.rem_euclid(3));
        out.push(parity.len() as i32);
        out.push(parity.iter().filter(|(l, _)| *l < lane).count() as i32);
        out.push(parity.iter().map(|(_, x)| x).sum());
        out.push(label.len() as i32);
        out.push(label.iter().filter(|(l, _)| *l < lane).count() as i32);
        out.push(label.iter().map(|(_, x)| *x).max().unwrap());
    }
    let ranks = (0..input.len() as u32)
        .map(|t| (t % 16) * 100 + 16)
        .collect();
    (out, ranks)
}

#[test]
fn binary_and_labeled_partitions_match_rust() {
    let l = launch_in(&dir(), "partitions");
    let input = i32s(&l.buffers.iter().find(|b| b.name == "in").unwrap().data);
    let (want, want_ranks) = partitions_expected(&input);
    let failures = compare_with_nvcc(&dir(), "partitions", &[80, 90], &[80, 90], &mut |ptx| {
        let o = run_ptx(ptx.text, &l, &RunOptions::default())?;
        let got = i32s(&o.buffer("out").ok_or("no out buffer")?.data);
        let ranks: Vec<u32> = i32s(&o.buffer("ranks").ok_or("no ranks buffer")?.data)
            .into_iter()
            .map(|x| x as u32)
            .collect();
        if got != want || ranks != want_ranks {
            return Err("wrong values".into());
        }
        Ok(())
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
