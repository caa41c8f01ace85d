//! Grid-wide synchronization (`cooperative_groups::this_grid().sync()`, issue 13): the
//! kernels in `tests/kernels/coop/` are compiled by nvcc against NVIDIA's headers and by
//! oxicc against its own (sm_80 and sm_90, -O0 and -O3), assembled by ptxas, checked for
//! nvcc's `.entry` names, and run in the interpreter under a cooperative launch (the launch
//! file's `"cooperative": true`: every CTA resident, a grid barrier workspace behind
//! `%envreg1:%envreg2`); the output is compared with plain Rust. Without a cooperative
//! launch the same kernel traps, and the interpreter says why. `partitions.cu`: binary and
//! labeled partitions of a tile, and a tile passed as a `thread_group`.

use oxicc_emu::{Launch, Module, RunOptions};
use oxicc_tests::guard::compile_guarded;
use oxicc_tests::kernels::{oxicc_options, KernelSource};
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("kernels/coop")
}

fn launch() -> Launch {
    let p = dir().join("grid_sync.json");
    let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    Launch::from_json(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
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
    let module = Module::parse(ptx).map_err(|e| format!("parse: {e}"))?;
    let out = oxicc_emu::run(&module, l, &RunOptions::default()).map_err(|e| e.to_string())?;
    Ok(i32s(&out.buffer("out").expect("out").data))
}

fn oxicc_ptx(sm: u32, opt: u8) -> Result<String, String> {
    let path = dir().join("grid_sync.cu");
    let source = KernelSource::load(&path);
    compile_guarded(&source, &oxicc_options(&path, sm, opt)).map_err(|e| e.to_string())
}

#[test]
fn grid_sync_under_a_cooperative_launch_matches_rust() {
    let l = launch();
    assert!(l.cooperative);
    let want = expected(&l);
    let path = dir().join("grid_sync.cu");
    let mut failures = Vec::new();
    for sm in [80, 90] {
        let nv = oxicc_tests::nvcc_ptx(&path, sm, 3);
        match run(&nv, &l) {
            Ok(got) if got == want => {}
            Ok(_) => failures.push(format!("nvcc PTX sm_{sm}: wrong values")),
            Err(e) => failures.push(format!("nvcc PTX sm_{sm}: {e}")),
        }
        for opt in [0u8, 3] {
            let what = format!("oxicc sm_{sm} -O{opt}");
            let ptx = match oxicc_ptx(sm, opt) {
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
            if oxicc_tests::entry_names(&ptx) != oxicc_tests::entry_names(&nv) {
                failures.push(format!("{what}: .entry names differ from nvcc's"));
            }
            match run(&ptx, &l) {
                Ok(got) if got == want => {}
                Ok(got) => failures.push(format!(
                    "{what}: wrong values: {:?}… expected {:?}…",
                    &got[..4],
                    &want[..4]
                )),
                Err(e) => failures.push(format!("{what}: {e}")),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn grid_sync_without_a_cooperative_launch_is_diagnosed() {
    let mut l = launch();
    l.cooperative = false;
    for ptx in [
        oxicc_ptx(90, 3).expect("compiles"),
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
    let path = dir().join("partitions.cu");
    let text = std::fs::read_to_string(dir().join("partitions.json")).expect("launch file");
    let l = Launch::from_json(&text).expect("launch");
    let input = i32s(&l.buffers.iter().find(|b| b.name == "in").unwrap().data);
    let (want, want_ranks) = partitions_expected(&input);
    let mut failures = Vec::new();
    for sm in [80, 90] {
        let nv = oxicc_tests::nvcc_ptx(&path, sm, 3);
        let mut cases = vec![(format!("nvcc PTX sm_{sm}"), nv.clone())];
        for opt in [0u8, 3] {
            let source = KernelSource::load(&path);
            match compile_guarded(&source, &oxicc_options(&path, sm, opt)) {
                Ok(ptx) => {
                    if let Err(e) = oxicc_tests::ptxas_check(&ptx, sm) {
                        failures.push(format!("oxicc sm_{sm} -O{opt}: ptxas: {e}"));
                    }
                    if oxicc_tests::entry_names(&ptx) != oxicc_tests::entry_names(&nv) {
                        failures.push(format!("oxicc sm_{sm} -O{opt}: .entry names differ"));
                    }
                    cases.push((format!("oxicc sm_{sm} -O{opt}"), ptx));
                }
                Err(e) => failures.push(format!("oxicc sm_{sm} -O{opt}: {e}")),
            }
        }
        for (what, ptx) in cases {
            let module = Module::parse(&ptx).expect("parses");
            match oxicc_emu::run(&module, &l, &RunOptions::default()) {
                Ok(o) => {
                    let got = i32s(&o.buffer("out").unwrap().data);
                    let ranks: Vec<u32> = i32s(&o.buffer("ranks").unwrap().data)
                        .into_iter()
                        .map(|x| x as u32)
                        .collect();
                    if got != want || ranks != want_ranks {
                        failures.push(format!("{what}: wrong values"));
                    }
                }
                Err(e) => failures.push(format!("{what}: {e}")),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
