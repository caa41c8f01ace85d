//! Reduced programs that once failed an oracle (`cases/NAME.cu` + `NAME.json`, each with a
//! header naming its seed and failure). Every case must now pass every oracle, nvcc's
//! included, except those in `KNOWN_OPEN`, which must still fail with the oracle given
//! there: the list is exact, so a fixed case fails the test until it is removed.

use oxicc_fuzz::oracle::{check, Checks, Verdict};
use std::path::{Path, PathBuf};

/// Cases not fixed yet: (name, oracle name). See docs/fuzzing.md, "Known open".
/// Empty since 2026-11-26: both campaign cases are resolved (f64_reciprocal_of_zero: an
/// interpreter fix; campaign_seed_1014150: nvcc's signed-zero relaxation, refereed by its
/// -O0 PTX).
const KNOWN_OPEN: &[(&str, &str)] = &[];

#[test]
fn reduced_cases_pass_every_oracle() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("cases folder")
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            e.file_name()
                .to_str()?
                .strip_suffix(".cu")
                .map(str::to_string)
        })
        .collect();
    names.sort();
    assert!(!names.is_empty(), "no cases in {}", dir.display());
    let checks = Checks {
        nvcc: true,
        cache: Some(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("oxicc-fuzz-nvcc-cache")),
        ..Checks::default()
    };
    let mut problems = Vec::new();
    for name in &names {
        let read = |ext: &str| {
            let p = dir.join(format!("{name}.{ext}"));
            std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        };
        let v = check(&read("cu"), &read("json"), &checks);
        let open = KNOWN_OPEN.iter().find(|k| k.0 == name).map(|k| k.1);
        match (&v, open) {
            (Verdict::Pass, None) => println!("{name}: passes"),
            (Verdict::Fail(o, _), Some(want)) if o.name() == want => {
                println!("{name}: still fails ({want}), known open")
            }
            (Verdict::Pass, Some(_)) => {
                problems.push(format!("{name} passes now: remove it from KNOWN_OPEN"))
            }
            _ => problems.push(format!("{name}: {v:?}")),
        }
    }
    for (name, _) in KNOWN_OPEN {
        if !names.iter().any(|n| n == name) {
            problems.push(format!("KNOWN_OPEN names {name}, which has no case"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
