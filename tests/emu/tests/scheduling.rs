//! Scheduling: round-robin is deterministic and runs each thread until it blocks, so a racy
//! read-modify-write loses no update; the random schedule interleaves single instructions,
//! exposes the race, and is reproducible from its seed.

use crate::common;
use common::kernel;
use oxicc_emu::{run_text, RunOptions, Schedule};

/// Every thread does a non-atomic `out[0] += 1`.
fn racy() -> String {
    kernel("ld.global.u32 %r2, [%rd1];\nadd.u32 %r2, %r2, 1;\nst.global.u32 [%rd1], %r2;")
}

const LAUNCH: &str = r#"{"grid": [2], "block": [64], "args": [
    {"buffer": "out", "type": "u32", "len": 1, "fill": {"value": 0}}, {"buffer": "in", "type": "u32", "len": 1}]}"#;

fn counter(schedule: Schedule, seed: u64) -> i64 {
    let opts = RunOptions {
        schedule,
        seed,
        ..Default::default()
    };
    let out = run_text(&racy(), LAUNCH, &opts).unwrap_or_else(|e| panic!("{e}"));
    out.buffer("out").expect("out").to_i64()[0]
}

#[test]
fn round_robin_loses_no_update() {
    assert_eq!(counter(Schedule::RoundRobin, 0), 128);
}

#[test]
fn random_schedule_exposes_the_race_reproducibly() {
    let results: Vec<i64> = (1..=4)
        .map(|seed| counter(Schedule::Random, seed))
        .collect();
    assert!(
        results.iter().all(|&c| (1..=128).contains(&c)),
        "{results:?}"
    );
    assert!(
        results.iter().any(|&c| c < 128),
        "some interleaving must lose updates: {results:?}"
    );
    let again: Vec<i64> = (1..=4)
        .map(|seed| counter(Schedule::Random, seed))
        .collect();
    assert_eq!(results, again, "the same seed gives the same interleaving");
}
