//! A small deterministic campaign in CI: 120 seeds with drawn switches through every oracle
//! except nvcc (ptxas on every third program, one of its PTX files in rotation), every
//! feature switch alone, none and all together, and a dozen programs against nvcc. About
//! 35 s of CPU in all (2 cores). Any failure names its seed; reproduce and reduce it with
//! `oxicc-fuzz reduce --seed S` (docs/fuzzing.md).

use oxicc_fuzz::campaign::{preflight, run, Campaign, Summary};
use oxicc_fuzz::features::FEATURES;
use oxicc_fuzz::timing::Stage;
use oxicc_fuzz::Features;
use std::path::PathBuf;

fn cache() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("oxicc-fuzz-nvcc-cache")
}

fn campaign(seed_start: u64, count: u64, features: Option<Features>, nvcc_every: u64) -> Summary {
    let c = Campaign {
        seed_start,
        count,
        jobs: 2,
        features,
        nvcc_every,
        ptxas_every: 3,
        save: None,
        cache: Some(cache()),
        progress: 0,
        time_limit: 0,
    };
    let s = run(&c);
    println!("{}", s.text());
    s
}

#[test]
fn preflight_accepts_the_installed_tools() {
    // The check a campaign makes before its first seed (ptxas assembles, nvcc compiles); on
    // a machine where it fails, `oxicc-fuzz run` stops with one message (exit status 2).
    let c = Campaign {
        seed_start: 0,
        count: 0,
        jobs: 1,
        features: None,
        nvcc_every: 1,
        ptxas_every: 1,
        save: None,
        cache: None,
        progress: 0,
        time_limit: 0,
    };
    assert_eq!(preflight(&c), Ok(()));
}

fn assert_clean(what: &str, s: &Summary) {
    assert_eq!(s.failed(), 0, "{what}: {}", s.text());
    assert_eq!(
        s.unsupported,
        0,
        "{what}: oxicc reports unsupported constructs: {}",
        s.text()
    );
    assert_eq!(s.compiled, s.programs, "{what}");
}

#[test]
fn seeds_with_drawn_switches_pass_every_oracle() {
    let s = campaign(1_000, 120, None, 0);
    assert_clean("drawn switches", &s);
    // The summary's time split saw the stages that ran (generator, oxicc, interpreter,
    // ptxas; no nvcc here, but other tests of this process may add to it).
    for stage in [
        Stage::Generate,
        Stage::Compile,
        Stage::Interpret,
        Stage::Ptxas,
    ] {
        assert!(
            s.stage_seconds[stage as usize] > 0.0,
            "no time recorded for {}",
            stage.name()
        );
    }
    // The drawn switch sets cover every switch.
    for (name, _) in FEATURES {
        assert!(
            s.feature_use.get(name).copied().unwrap_or(0) > 0,
            "{name} never drawn"
        );
    }
}

#[test]
fn each_switch_alone_and_all_together() {
    for (name, _) in FEATURES {
        let f = Features::parse(name).expect("feature");
        assert_clean(name, &campaign(2_000, 3, Some(f), 0));
    }
    assert_clean("none", &campaign(3_000, 4, Some(Features::none()), 0));
    assert_clean("all", &campaign(4_000, 8, Some(Features::all()), 0));
}

/// nvcc accepts generated programs (a rejection is a generator bug) and its PTX gives the
/// same buffers as oxicc's.
#[test]
fn a_dozen_programs_agree_with_nvcc() {
    let s = campaign(5_000, 12, Some(Features::all()), 1);
    assert_eq!(s.nvcc_checked, 12);
    assert_clean("nvcc", &s);
}
