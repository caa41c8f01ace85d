//! The option parser (`oxicc::options`) on its own: nvcc's spellings, values, errors, and
//! response files.

use oxicc::options::{expand_response_files, parse, Dialect};
use oxicc::Emit;

fn args(a: &[&str]) -> Vec<String> {
    a.iter().map(|s| s.to_string()).collect()
}

#[test]
fn nvcc_spellings_of_values() {
    for a in [
        &["-arch=sm_86"][..],
        &["-arch", "sm_86"],
        &["--gpu-architecture=compute_86"],
        &["--gpu-architecture", "sm_86a"],
        &["-gencode", "arch=compute_86,code=sm_86"],
    ] {
        let p = parse(&args(a), Dialect::Library).unwrap();
        assert_eq!(p.options.sm, 86, "{a:?}");
    }
    let p = parse(
        &args(&[
            "-O1",
            "-DA=1",
            "-D",
            "B",
            "-UC",
            "-Iinc",
            "-I",
            "inc2",
            "--include-path=inc3",
        ]),
        Dialect::Library,
    )
    .unwrap();
    assert_eq!(p.options.opt_level, 1);
    assert_eq!(
        p.options.defines,
        vec![
            ("A".to_string(), Some("1".to_string())),
            ("B".to_string(), None)
        ]
    );
    assert_eq!(p.options.undefines, vec!["C".to_string()]);
    let dirs: Vec<_> = p
        .options
        .include_dirs
        .iter()
        .map(|d| d.display().to_string())
        .collect();
    assert_eq!(dirs, ["inc", "inc2", "inc3"]);
    let p = parse(&args(&["--use_fast_math", "-fmad=false"]), Dialect::Library).unwrap();
    let o = &p.options;
    assert!(o.fast_math && o.ftz && !o.prec_div && !o.prec_sqrt && !o.fmad);
    let p = parse(
        &args(&["-E", "-include", "pre.h", "--ptx-version=7.8"]),
        Dialect::Library,
    );
    let p = p.unwrap();
    assert_eq!(p.options.emit, Emit::Preprocessed);
    assert_eq!(p.options.pre_includes, ["pre.h"]);
    assert_eq!(p.options.ptx_version, Some((7, 8)));
}

#[test]
fn errors_name_the_option() {
    let err = |a: &[&str], d| parse(&args(a), d).unwrap_err().0;
    assert!(err(&["-arch"], Dialect::Library).contains("'-arch' needs a value"));
    assert!(err(&["-w=1"], Dialect::Library).contains("'-w' takes no value"));
    assert!(err(&["-O7"], Dialect::Library).contains("optimization level '7'"));
    assert!(err(&["-fmad=maybe"], Dialect::Library).contains("-fmad"));
    assert!(err(&["-Werror=cross-execution-space-call"], Dialect::Library).contains("-Werror"));
    assert!(err(&["--ptx-version=9"], Dialect::Library).contains("MAJOR.MINOR"));
    assert!(err(&["-std=c++98"], Dialect::Library).contains("c++98"));
    // The library takes no inputs, outputs or command-only options.
    assert!(err(&["k.cu"], Dialect::Library).contains("'k.cu'"));
    assert!(err(&["-o", "k.ptx"], Dialect::Library).contains("'-o'"));
    assert!(err(&["-MD"], Dialect::Library).contains("'-MD'"));
    // nvcc's `-Werror all-warnings`, with a space.
    let p = parse(
        &args(&["-Werror", "all-warnings", "k.cu"]),
        Dialect::Command,
    )
    .unwrap();
    assert!(p.options.warnings_as_errors && p.inputs == ["k.cu"]);
    // The command takes them.
    let p = parse(
        &args(&["k.cu", "-o", "k.ptx", "-MD", "-MT", "t"]),
        Dialect::Command,
    )
    .unwrap();
    assert_eq!(
        (p.inputs.as_slice(), p.output.as_deref()),
        (&["k.cu".to_string()][..], Some("k.ptx"))
    );
    assert!(p.deps.with_compile && p.deps.targets == ["t"]);
}

#[test]
fn response_files_split_like_a_shell_and_nest_without_looping() {
    let dir = std::env::temp_dir().join(format!("oxicc-options-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let inner = dir.join("inner.rsp");
    std::fs::write(&inner, "-DQ='a b'\n-DE=x\\ y \"-DD=\\\"s\\\"\"\n").unwrap();
    let outer = dir.join("outer.rsp");
    std::fs::write(&outer, format!("-O2 @{}\n", inner.display())).unwrap();
    let got = expand_response_files(&args(&[
        "-arch=sm_90",
        &format!("@{}", outer.display()),
        "k.cu",
    ]))
    .unwrap();
    assert_eq!(
        got,
        [
            "-arch=sm_90",
            "-O2",
            "-DQ=a b",
            "-DE=x y",
            "-DD=\"s\"",
            "k.cu"
        ]
    );
    // A file naming itself ends with an error, not a hang.
    let selfref = dir.join("self.rsp");
    std::fs::write(&selfref, format!("@{}", selfref.display())).unwrap();
    let e = expand_response_files(&args(&[&format!("@{}", selfref.display())])).unwrap_err();
    assert!(e.0.contains("nest too deeply"), "{e}");
    let e = expand_response_files(&args(&["@/nonexistent/x.rsp"])).unwrap_err();
    assert!(e.0.contains("/nonexistent/x.rsp"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}
