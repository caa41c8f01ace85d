//! `oxicc-fuzz gpu-prepare OUT [--generated N]`: everything `tools/gpu-check` needs on a
//! machine that has a GPU and a driver but no toolkit. For every kernel with a launch file
//! (`tests/kernels/harness/*.json`, `tests/kernels/<suite>/NAME.json`) and `N` generated
//! programs it writes oxicc's PTX (`-O3`), nvcc's PTX, the launch as raw bytes (every
//! buffer's initial contents after fills, scalar and by-value arguments, module variables)
//! and the interpreter's final buffers for both PTX files, plus `manifest.json` describing
//! them. The launch semantics (fills, exact values) thus live only in `oxicc-emu`.
//!
//! `--speed` prepares the GPU speed suite instead (`tests/kernels/speed/NAME.cu` with its
//! `NAME.large.json`, sized to last a millisecond or more on an H100): no generated
//! programs, no interpreter runs (too large for it; the small `NAME.json` launches are
//! prepared with the other suites), and all-zero buffers written as `zeros:BYTES` instead
//! of files, so the folder stays small enough to carry to the GPU machine.

use crate::oracle::run_ptx;
use crate::{case_of, generate, Features};
use oxicc_emu::{Arg, Launch};
use std::path::{Path, PathBuf};

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

struct Entry {
    name: String,
    source: PathBuf,
    text: String,
    launch: String,
    sm: u32,
    /// `-fmad` on both sides (generated programs: false, as in the campaign's oracles).
    fmad: bool,
    /// Run both PTX files in the interpreter (not for the speed suite's large launches).
    emu: bool,
}

fn suite_entries() -> Vec<Entry> {
    let root = oxicc_tests::kernels::kernels_root();
    let mut out = Vec::new();
    let mut suites: Vec<PathBuf> = std::fs::read_dir(&root)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    suites.sort();
    for suite in suites.iter().filter(|p| p.is_dir()) {
        let mut files: Vec<PathBuf> = std::fs::read_dir(suite)
            .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        files.sort();
        for json in files.iter().filter(|p| {
            p.extension().is_some_and(|x| x == "json")
                && !p.to_string_lossy().ends_with(".large.json")
        }) {
            let cu = json.with_extension("cu");
            let (Ok(text), Ok(launch)) =
                (std::fs::read_to_string(&cu), std::fs::read_to_string(json))
            else {
                continue;
            };
            let sm = text
                .lines()
                .find_map(|l| l.trim().strip_prefix("// harness-arch: sm_"))
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(75);
            let suite_name = suite.file_name().and_then(|s| s.to_str()).unwrap_or("");
            let stem = cu.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            out.push(Entry {
                name: format!("{suite_name}/{stem}"),
                source: cu.clone(),
                text,
                launch,
                sm,
                fmad: true,
                emu: true,
            });
        }
    }
    out
}

/// The speed suite at its large sizes: `tests/kernels/speed/NAME.cu` with `NAME.large.json`.
fn speed_entries() -> Vec<Entry> {
    let dir = oxicc_tests::kernels::kernels_root().join("speed");
    let mut out = Vec::new();
    for cu in oxicc_tests::kernels::suite_kernels("speed") {
        let stem = cu.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        let (Ok(text), Ok(launch)) = (
            std::fs::read_to_string(&cu),
            std::fs::read_to_string(dir.join(format!("{stem}.large.json"))),
        ) else {
            continue;
        };
        out.push(Entry {
            name: format!("speed-large/{stem}"),
            source: cu.clone(),
            text,
            launch,
            sm: 75,
            fmad: true,
            emu: false,
        });
    }
    out
}

fn write_buffers(dir: &Path, tag: &str, bufs: &[oxicc_emu::Buffer]) -> Vec<String> {
    bufs.iter()
        .enumerate()
        .map(|(k, b)| {
            let f = format!("{tag}.{k}.bin");
            let _ = std::fs::write(dir.join(&f), &b.data);
            f
        })
        .collect()
}

/// Like [`write_buffers`] for initial contents, but an all-zero buffer is named
/// `zeros:BYTES` (which `tools/gpu-check` allocates) instead of written.
fn write_initial_buffers(dir: &Path, bufs: &[oxicc_emu::Buffer]) -> Vec<String> {
    bufs.iter()
        .enumerate()
        .map(|(k, b)| {
            if b.data.iter().all(|&x| x == 0) {
                return format!("zeros:{}", b.data.len());
            }
            let f = format!("init.{k}.bin");
            let _ = std::fs::write(dir.join(&f), &b.data);
            f
        })
        .collect()
}

/// Prepares one kernel; `Err` says why it was left out.
fn prepare(e: &Entry, dir: &Path) -> Result<String, String> {
    let launch = Launch::from_json(&e.launch).map_err(|x| x.to_string())?;
    if !launch.images.is_empty() {
        // tools/gpu-check passes buffers and scalars; texture objects need cuTexObjectCreate.
        return Err("texture/surface images are not supported by tools/gpu-check yet".into());
    }
    if launch.cooperative {
        // A grid-wide sync needs cuLaunchCooperativeKernel, which tools/gpu-check lacks.
        return Err("cooperative launches are not supported by tools/gpu-check yet".into());
    }
    let options = oxicc::Options {
        sm: e.sm,
        opt_level: 3,
        fmad: e.fmad,
        include_dirs: oxicc_tests::kernels::include_dirs_for(&e.source),
        ..Default::default()
    };
    let out = oxicc::compile(&e.source.to_string_lossy(), &e.text, &options);
    let ours = out.text.ok_or("oxicc does not compile it")?;
    let flags: &[&str] = if e.fmad { &[] } else { &["-fmad=false"] };
    let theirs = oxicc_tests::nvidia::try_nvcc_ptx_with(&e.source, e.sm, 3, flags)?;
    std::fs::create_dir_all(dir).map_err(|x| x.to_string())?;
    std::fs::write(dir.join("oxicc.ptx"), &ours).map_err(|x| x.to_string())?;
    std::fs::write(dir.join("nvcc.ptx"), &theirs).map_err(|x| x.to_string())?;
    let init = if e.emu {
        write_buffers(dir, "init", &launch.buffers)
    } else {
        write_initial_buffers(dir, &launch.buffers)
    };
    let (emu_ours, emu_theirs) = if e.emu {
        (
            run_ptx(&ours, &launch).map(|b| write_buffers(dir, "emu_oxicc", &b)),
            run_ptx(&theirs, &launch).map(|b| write_buffers(dir, "emu_nvcc", &b)),
        )
    } else {
        (Err("not run".to_string()), Err("not run".to_string()))
    };
    let args: Vec<String> = launch
        .args
        .iter()
        .map(|a| match a {
            Arg::Buffer(i) => format!("{{\"buffer\": {i}}}"),
            Arg::Scalar(t, v) => format!(
                "{{\"value\": \"{}\"}}",
                hex(&v.to_le_bytes()[..t.bytes() as usize])
            ),
            Arg::Bytes(b, _) => format!("{{\"value\": \"{}\"}}", hex(b)),
        })
        .collect();
    let globals: Vec<String> = launch
        .globals
        .iter()
        .map(|(n, _, d)| {
            format!(
                "{{\"name\": {}, \"bytes\": \"{}\"}}",
                serde_json::Value::String(n.clone()),
                hex(d)
            )
        })
        .collect();
    let names: Vec<String> = launch
        .buffers
        .iter()
        .map(|b| serde_json::Value::String(b.name.clone()).to_string())
        .collect();
    let list = |r: &Result<Vec<String>, String>| match r {
        Ok(files) => format!(
            "[{}]",
            files
                .iter()
                .map(|f| format!("\"{f}\""))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Err(_) => "null".into(),
    };
    let kernel = match &launch.kernel {
        Some(k) => serde_json::Value::String(k.clone()).to_string(),
        None => "null".into(),
    };
    Ok(format!(
        "{{\"name\": {}, \"dir\": {}, \"kernel\": {kernel}, \"grid\": {:?}, \"block\": {:?}, \
         \"dynamic_shared_bytes\": {}, \"args\": [{}], \"globals\": [{}], \"buffer_names\": [{}], \
         \"init\": {}, \"emu_oxicc\": {}, \"emu_nvcc\": {}}}",
        serde_json::Value::String(e.name.clone()),
        serde_json::Value::String(
            dir.file_name()
                .and_then(|s| s.to_str())
                .unwrap_or("")
                .to_string()
        ),
        launch.grid,
        launch.block,
        launch.dynamic_shared_bytes,
        args.join(", "),
        globals.join(", "),
        names.join(", "),
        list(&Ok(init)),
        list(&emu_ours),
        list(&emu_theirs),
    ))
}

/// `oxicc-fuzz gpu-prepare OUT [--generated N | --speed]`.
pub fn main(args: &[String]) {
    let Some(out) = args.first().filter(|a| !a.starts_with("--")) else {
        eprintln!("usage: oxicc-fuzz gpu-prepare OUT [--generated N | --speed]");
        std::process::exit(2)
    };
    let speed = args.iter().any(|a| a == "--speed");
    let generated: u64 = args
        .iter()
        .position(|a| a == "--generated")
        .and_then(|k| args.get(k + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(50);
    let out = PathBuf::from(out);
    let mut entries = if speed {
        speed_entries()
    } else {
        suite_entries()
    };
    let generated = if speed { 0 } else { generated };
    let gen_dir = out.join("generated-src");
    if generated > 0 {
        let _ = std::fs::create_dir_all(&gen_dir);
    }
    for seed in 0..generated {
        let case = case_of(&generate(seed, Features::for_seed(seed)));
        let cu = gen_dir.join(format!("fuzz_{seed}.cu"));
        let _ = std::fs::write(&cu, &case.source);
        entries.push(Entry {
            name: format!("generated/fuzz_{seed}"),
            source: cu,
            text: case.source,
            launch: case.launch,
            sm: 75,
            fmad: false,
            emu: true,
        });
    }
    let mut manifest = Vec::new();
    for (k, e) in entries.iter().enumerate() {
        let dir = out.join(format!("k{k:04}"));
        match prepare(e, &dir) {
            Ok(m) => manifest.push(m),
            Err(why) => eprintln!("{}: left out: {}", e.name, why.lines().next().unwrap_or("")),
        }
    }
    std::fs::write(
        out.join("manifest.json"),
        format!("[\n{}\n]\n", manifest.join(",\n")),
    )
    .expect("manifest");
    println!("{} kernels prepared in {}", manifest.len(), out.display());
}
