//! `oxicc::Program`, the NVRTC-like Rust API: headers, nvcc-spelled options, name
//! expressions, determinism across threads, and the cache.

use crate::ptxas_support;

use std::sync::Arc;

use oxicc::{Cache, Program};
use ptxas_support::assert_ptxas_accepts;

const TEMPLATES: &str = "template <typename T, int N> __global__ void k(T *p) { p[0] = p[N]; }\n\
    __global__ void plain(float *x) { x[0] = 1; }\n\
    namespace ns { struct P { int a; };\n\
    template <class T> __global__ void fill(T *p, T v) { p[threadIdx.x] = v; } }\n\
    __device__ int counter;\n";

#[test]
fn headers_options_and_opened_files() {
    let dir = std::env::temp_dir().join(format!("oxicc-program-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("offset.h"), "#define OFFSET 7\n").unwrap();
    let src = "#include \"params.h\"\n#include <offset.h>\n\
               __global__ void k(int *p) { p[0] = N * SCALE + OFFSET; }\n";
    let p = Program::new("k.cu", src).header("params.h", "#define SCALE 3\n");
    let inc = format!("-I{}", dir.display());
    let out = p
        .compile(&[
            "-arch=sm_90",
            "-O3",
            "-DN=4",
            "-std=c++17",
            &inc,
            "--use_fast_math",
        ])
        .unwrap();
    assert!(out.ok(), "{}", out.log);
    let ptx = out.ptx.as_deref().unwrap();
    assert!(ptx.contains(".target sm_90"));
    // 4 * 3 + 7, folded.
    assert!(ptx.contains("19;"), "{ptx}");
    assert_ptxas_accepts(ptx, 90, "headers_options");
    // The in-memory header is not a file; the -I one is.
    assert_eq!(out.opened_files, vec![dir.join("offset.h")]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// NVRTC 13.5's answers to `nvrtcGetLoweredName` for these expressions (the C library's
/// test `side_by_side` asks NVIDIA's libnvrtc.so.13 for the same names at run time).
const NVRTC_LOWERED: &[(&str, &str)] = &[
    ("k<float, 4>", "_Z1kIfLi4EEvPT_"),
    ("&k<int,2>", "_Z1kIiLi2EEvPT_"),
    ("k<unsigned char, 3>", "_Z1kIhLi3EEvPT_"),
    ("plain", "_Z5plainPf"),
    ("ns::fill<double>", "_ZN2ns4fillIdEEvPT_S1_"),
    ("&ns::fill<long long>", "_ZN2ns4fillIxEEvPT_S1_"),
    ("ns::fill<ns::P>", "_ZN2ns4fillINS_1PEEEvPT_S2_"),
    ("&counter", "counter"),
];

#[test]
fn name_expressions_are_lowered_as_nvrtc_lowers_them() {
    let mut p = Program::new("a.cu", TEMPLATES);
    for (e, _) in NVRTC_LOWERED {
        p = p.name_expression(*e);
    }
    let out = p.compile(&["-arch=sm_80"]).unwrap();
    assert!(out.ok(), "{}", out.log);
    let ptx = out.ptx.as_deref().unwrap();
    for (e, want) in NVRTC_LOWERED {
        assert_eq!(out.lowered_name(e), Some(*want), "{e}");
        if want.starts_with("_Z") {
            assert!(
                ptx.contains(&format!(".entry {want}(")),
                "{want} not instantiated"
            );
        }
    }
    assert_ptxas_accepts(ptx, 80, "name expressions");
}

#[test]
fn a_name_expression_that_names_nothing_is_an_error_with_a_location() {
    let out = Program::new("a.cu", TEMPLATES)
        .name_expression("k<float, 4>")
        .name_expression("nothing<int>")
        .compile(&["-arch=sm_80"])
        .unwrap();
    assert!(!out.ok());
    let d = &out.diagnostics[0];
    assert_eq!((d.file.as_str(), d.line), ("<name expressions>", 2));
    assert!(d.message.contains("\"nothing<int>\""), "{}", d.message);
    assert!(out
        .log
        .contains("1 error detected in the compilation of \"a.cu\"."));
}

#[test]
fn hostile_name_expressions_are_diagnosed_never_a_crash() {
    for e in [
        "",
        " ",
        "&",
        "}",
        "k<float, 4>; }",
        "k<<<",
        "k<float",
        "a\nb",
        "plain(",
        "::",
        "k<float, 4>>>>",
        "&&plain",
        "(plain)",
        "k<int, 1/0>",
        "ns::",
        "operator+",
        "\u{0}",
        "k<float, 4>{}",
    ] {
        let out = Program::new("a.cu", TEMPLATES)
            .name_expression(e)
            .compile(&["-arch=sm_80"])
            .unwrap();
        assert!(
            !out.log.contains("internal compiler error"),
            "{e:?}: {}",
            out.log
        );
        if !out.ok() {
            assert!(!out.diagnostics.is_empty(), "{e:?}");
        }
    }
}

#[test]
fn options_are_checked_like_nvrtc_checks_them() {
    let p = Program::new("a.cu", "__global__ void k() {}\n");
    let e = p.compile(&["--no-such-option"]).unwrap_err();
    assert!(e.0.contains("--no-such-option"), "{e}");
    // Host-compiler options are not NVRTC options.
    assert!(p.compile(&["-Xcompiler", "-Wall"]).is_err());
    // Device options oxicc does not implement are named.
    let e = p.compile(&["-G"]).unwrap_err();
    assert!(e.0.contains("-G"), "{e}");
    let e = p.compile(&["-arch=sm_52"]).unwrap_err();
    assert!(e.0.contains("sm_52"), "{e}");
    // Both ways nvcc spells a value.
    let out = p
        .compile(&["-arch", "sm_86", "--define-macro", "X=1"])
        .unwrap();
    assert!(out.ptx.unwrap().contains(".target sm_86"));
}

#[test]
fn werror_w_and_ptx_version() {
    let src = "#define A 1\n#define A 2\n__global__ void k(int *p) { p[0] = A; }\n";
    let p = Program::new("w.cu", src);
    let plain = p.compile(&[] as &[&str]).unwrap();
    assert!(plain.ok());
    assert_eq!(plain.diagnostics.len(), 2, "{}", plain.log); // the warning and its note
    let quiet = p.compile(&["-w"]).unwrap();
    assert!(quiet.ok() && quiet.diagnostics.is_empty(), "{}", quiet.log);
    let strict = p.compile(&["-Werror"]).unwrap();
    assert!(!strict.ok());
    assert_eq!(strict.diagnostics[0].severity, oxicc::Severity::Error);
    assert!(p.compile(&["-Werror=all-warnings"]).unwrap().ptx.is_none());
    // nvcc 13.5 writes .version 9.5 whatever the target.
    let v = p.compile(&["--ptx-version=nvcc", "-arch=sm_80"]).unwrap();
    let ptx = v.ptx.unwrap();
    assert!(ptx.contains(".version 9.5\n"), "{ptx}");
    assert_ptxas_accepts(&ptx, 80, "--ptx-version=nvcc");
    let v = p.compile(&["--ptx-version=8.0"]).unwrap();
    assert!(v.ptx.unwrap().contains(".version 8.0\n"));
}

#[test]
fn sixteen_threads_compiling_at_once_give_the_same_bytes() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Program>();
    assert_send_sync::<Cache>();
    let p = Program::new("a.cu", TEMPLATES)
        .name_expression("k<float, 4>")
        .name_expression("ns::fill<int>");
    let want = p.compile(&["-arch=sm_80"]).unwrap();
    assert!(want.ok(), "{}", want.log);
    std::thread::scope(|s| {
        for _ in 0..16 {
            s.spawn(|| {
                for _ in 0..100 {
                    assert_eq!(p.compile(&["-arch=sm_80"]).unwrap(), want);
                }
            });
        }
    });
}

#[test]
fn the_cache_answers_repeats_and_notices_changed_headers() {
    let dir = std::env::temp_dir().join(format!("oxicc-cache-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("inc")).unwrap();
    std::fs::write(dir.join("inc/v.h"), "#define V 5\n").unwrap();
    let p = Program::new(
        "c.cu",
        "#include <v.h>\n__global__ void k(int *p) { p[0] = V; }\n",
    );
    let inc = format!("-I{}", dir.join("inc").display());
    let opts = ["-arch=sm_80", inc.as_str()];

    // In memory: the second compile is the same object.
    let mem = Cache::in_memory();
    let a = p.compile_cached(&opts, &mem).unwrap();
    let b = p.compile_cached(&opts, &mem).unwrap();
    assert!(Arc::ptr_eq(&a, &b));
    // Other options are another key.
    let c = p
        .compile_cached(&["-arch=sm_90", inc.as_str()], &mem)
        .unwrap();
    assert!(c.ptx.as_ref().unwrap().contains(".target sm_90"));

    // On disk: a new cache on the same folder reads the entry (marked here, same length, to tell a
    // hit from a recompile).
    let store = dir.join("store");
    let first = p.compile_cached(&opts, &Cache::on_disk(&store)).unwrap();
    assert_eq!(first.ptx, a.ptx);
    let entries: Vec<_> = std::fs::read_dir(&store).unwrap().flatten().collect();
    assert_eq!(entries.len(), 1);
    let entry = entries[0].path();
    let text = std::fs::read_to_string(&entry).unwrap();
    std::fs::write(
        &entry,
        text.replacen("Generated by oxicc", "Generated by OXICC", 1),
    )
    .unwrap();
    let hit = p.compile_cached(&opts, &Cache::on_disk(&store)).unwrap();
    assert!(hit.ptx.as_ref().unwrap().contains("Generated by OXICC"));

    // A changed header is a miss, in memory and on disk.
    std::fs::write(dir.join("inc/v.h"), "#define V 6\n").unwrap();
    for cache in [&mem, &Cache::on_disk(&store)] {
        let fresh = p.compile_cached(&opts, cache).unwrap();
        let ptx = fresh.ptx.as_ref().unwrap();
        assert!(ptx.contains("6;") && !ptx.contains("OXICC"), "{ptx}");
    }
    // A truncated entry is a miss, not an error.
    for e in std::fs::read_dir(&store).unwrap().flatten() {
        std::fs::write(e.path(), "oxicc-cache 1\n0 0\n5\nab").unwrap();
    }
    assert!(p
        .compile_cached(&opts, &Cache::on_disk(&store))
        .unwrap()
        .ok());
    let _ = std::fs::remove_dir_all(&dir);
}
