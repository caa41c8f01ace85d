//! nvcc's command-line conventions in the `oxicc` command: dependency files, JSON
//! diagnostics, `-Werror`/`-w`, response files, `-x cu`, standard input and output, and
//! what happens to options oxicc does not implement.

use crate::ptxas_support;

use ptxas_support::assert_ptxas_accepts;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn oxicc() -> Command {
    Command::new(env!("CARGO_BIN_EXE_oxicc"))
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("oxicc-cliconv-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn nvcc() -> PathBuf {
    let root = match std::env::var_os("OXICC_NVIDIA_ROOT") {
        Some(r) if !r.is_empty() => PathBuf::from(r),
        _ => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.tools/nvidia/nvidia/cu13"),
    };
    root.join("bin/nvcc")
}

/// A kernel including two headers of its own, one through `-I`.
fn project(dir: &Path) -> PathBuf {
    std::fs::create_dir_all(dir.join("inc")).unwrap();
    std::fs::write(dir.join("local.h"), "#define LOCAL 2\n").unwrap();
    std::fs::write(
        dir.join("inc/scale.h"),
        "#include \"local.h\"\n#define SCALE 3\n",
    )
    .unwrap();
    std::fs::write(dir.join("local.h"), "#define LOCAL 2\n").unwrap();
    std::fs::write(dir.join("inc/local.h"), "#define INNER 1\n").unwrap();
    let input = dir.join("k.cu");
    std::fs::write(
        &input,
        "#include \"local.h\"\n#include <scale.h>\n\
         __global__ void k(int *p) { p[0] = SCALE * LOCAL + INNER; }\n",
    )
    .unwrap();
    input
}

/// The dependencies of a make rule, without the target.
fn rule_deps(rule: &str) -> Vec<String> {
    let (_, deps) = rule.split_once(" : ").expect("a make rule");
    deps.split([' ', '\n', '\\'])
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn dependency_rules_list_the_files_nvcc_lists() {
    let dir = temp_dir("deps");
    let input = project(&dir);
    let inc = dir.join("inc");
    let out = oxicc()
        .arg("-M")
        .arg("-I")
        .arg(&inc)
        .arg(&input)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let ours = String::from_utf8(out.stdout).unwrap();
    assert!(
        ours.starts_with(&format!("k.o : {} \\\n", input.display())),
        "{ours}"
    );
    // nvcc's rule, restricted to the files of the project (it also lists the system and
    // CUDA headers oxicc has built in).
    let out = Command::new(nvcc())
        .arg("-M")
        .arg("-I")
        .arg(&inc)
        .arg(&input)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let theirs = String::from_utf8(out.stdout).unwrap();
    let mine: Vec<String> = rule_deps(&ours);
    let nv: Vec<String> = rule_deps(&theirs)
        .into_iter()
        .filter(|d| d.starts_with(dir.to_str().unwrap()))
        .collect();
    let canon = |v: &[String]| {
        let mut v: Vec<PathBuf> = v
            .iter()
            .map(|p| std::fs::canonicalize(p).unwrap())
            .collect();
        v.sort();
        v
    };
    assert_eq!(canon(&mine), canon(&nv), "oxicc:\n{ours}\nnvcc:\n{theirs}");

    // -MD writes the rule next to compiling; -MF names its file, -MT the target.
    let ptx = dir.join("k.ptx");
    let dep = dir.join("k.dep");
    let st = oxicc()
        .args(["-MD", "-MT", "custom-target", "-MF"])
        .arg(&dep)
        .arg("-I")
        .arg(&inc)
        .arg(&input)
        .arg("-o")
        .arg(&ptx)
        .status()
        .unwrap();
    assert!(st.success());
    let rule = std::fs::read_to_string(&dep).unwrap();
    assert!(rule.starts_with("custom-target : "), "{rule}");
    assert_eq!(rule_deps(&rule), mine);
    assert_ptxas_accepts(&std::fs::read_to_string(&ptx).unwrap(), 75, "-MD");
    // Without -MF: the output's name with .d.
    let st = oxicc()
        .arg("-MD")
        .arg("-I")
        .arg(&inc)
        .arg(&input)
        .arg("-o")
        .arg(&ptx)
        .status();
    assert!(st.unwrap().success());
    let rule = std::fs::read_to_string(dir.join("k.d")).unwrap();
    assert!(rule.starts_with(&format!("{} : ", ptx.display())), "{rule}");
}

#[test]
fn json_diagnostics_one_object_per_line() {
    let dir = temp_dir("json");
    let input = dir.join("bad.cu");
    std::fs::write(
        &input,
        "__global__ void k(int *p) {\n  p[0] = \"x\\\\\" + nope;\n}\n",
    )
    .unwrap();
    let out = oxicc()
        .arg("--diagnostics-format=json")
        .arg(&input)
        .args(["-o", "-"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    let line = err.lines().next().unwrap();
    let want = format!(
        "{{\"severity\":\"error\",\"file\":\"{}\",\"line\":2,\"column\":18,",
        input.display()
    );
    assert!(line.starts_with(&want), "{line}");
    // The source line is a JSON string: its quote and backslashes are escaped.
    assert!(
        line.ends_with(r#""source_line":"  p[0] = \"x\\\\\" + nope;"}"#),
        "{line}"
    );
}

#[test]
fn werror_and_w() {
    let dir = temp_dir("werror");
    let input = dir.join("w.cu");
    std::fs::write(
        &input,
        "#define A 1\n#define A 2\n__global__ void k(int *p) { p[0] = A; }\n",
    )
    .unwrap();
    let plain = oxicc().arg(&input).args(["-o", "-"]).output().unwrap();
    assert!(plain.status.success());
    assert!(String::from_utf8_lossy(&plain.stderr).contains("warning: \"A\" redefined"));
    let quiet = oxicc()
        .arg(&input)
        .args(["-w", "-o", "-"])
        .output()
        .unwrap();
    assert!(quiet.status.success() && quiet.stderr.is_empty());
    for flag in ["-Werror", "--Werror=all-warnings"] {
        let strict = oxicc()
            .arg(&input)
            .args([flag, "-o", "-"])
            .output()
            .unwrap();
        assert_eq!(strict.status.code(), Some(1), "{flag}");
        assert!(String::from_utf8_lossy(&strict.stderr).contains("error: \"A\" redefined"));
    }
}

#[test]
fn response_files_language_and_standard_streams() {
    let dir = temp_dir("rsp");
    let rsp = dir.join("args.rsp");
    std::fs::write(&rsp, "-arch=sm_86\n-x cu \"-DVALUE=4 + 1\"\n").unwrap();
    let mut child = oxicc()
        .arg(format!("@{}", rsp.display()))
        .args(["-", "-o", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"__global__ void k(int *p) { p[0] = VALUE; }\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let ptx = String::from_utf8(out.stdout).unwrap();
    assert!(ptx.contains(".target sm_86") && ptx.contains("5;"), "{ptx}");
    assert_ptxas_accepts(&ptx, 86, "stdin");
    // nvcc's spelling of a response file, and a language oxicc does not compile.
    let st = oxicc()
        .arg("--options-file")
        .arg(&rsp)
        .args(["-x", "c", "k.cu"])
        .output();
    let err = String::from_utf8(st.unwrap().stderr).unwrap();
    assert!(err.contains("input language 'c'"), "{err}");
}

#[test]
fn unknown_host_and_unsupported_device_options() {
    let dir = temp_dir("flags");
    let input = dir.join("k.cu");
    std::fs::write(&input, "__global__ void k(int *p) { p[0] = 1; }\n").unwrap();
    // Not an nvcc option at all.
    let out = oxicc().arg(&input).arg("--frobnicate").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown option '--frobnicate'"));
    // nvcc options for the host side: a warning each, and PTX.
    let out = oxicc()
        .arg(&input)
        .args([
            "-Xcompiler",
            "-Wall,-O2",
            "-ccbin=g++",
            "-lcublas",
            "-m64",
            "--keep-dir",
            "tmp",
            "-use-local-env",
            "-Xfatbin=-compress-all",
            "-o",
            "-",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    for f in [
        "-Xcompiler",
        "-ccbin",
        "-l",
        "-m64",
        "--keep-dir",
        "-use-local-env",
        "-Xfatbin",
    ] {
        assert!(
            err.contains(&format!("option '{f}' does not affect device code")),
            "{err}"
        );
    }
    assert_ptxas_accepts(&String::from_utf8(out.stdout).unwrap(), 75, "host flags");
    // nvcc options that change device code and oxicc does not implement: named errors.
    for f in ["-G", "-dlto", "-restrict"] {
        let out = oxicc().arg(&input).arg(f).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{f}");
        let name = f.split('=').next().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains(name) && err.contains("changes device code"),
            "{err}"
        );
    }
}

#[test]
fn version_and_help_say_what_oxicc_is() {
    let out = oxicc().arg("--version").output().unwrap();
    let v = String::from_utf8(out.stdout).unwrap();
    assert!(v.starts_with("oxicc 0.") && v.contains("CUDA C++ to PTX") && v.contains("sm_120"));
    let out = oxicc().arg("--help").output().unwrap();
    let h = String::from_utf8(out.stdout).unwrap();
    for o in [
        "-arch",
        "-MD",
        "--diagnostics-format",
        "--ptx-version",
        "-Werror",
    ] {
        assert!(h.contains(o), "{o} missing from help:\n{h}");
    }
}

#[test]
fn several_inputs_give_one_output_each_or_link_into_one() {
    let dir = temp_dir("multi");
    let (a, b) = (dir.join("a.cu"), dir.join("b.cu"));
    std::fs::write(&a, "__global__ void ka(int *p) { p[0] = 1; }\n").unwrap();
    std::fs::write(&b, "__global__ void kb(float *p) { p[0] = 2; }\n").unwrap();
    let st = oxicc()
        .current_dir(&dir)
        .args(["-arch=sm_80", "a.cu", "b.cu"])
        .status()
        .unwrap();
    assert!(st.success());
    for (f, entry) in [("a.ptx", "_Z2kaPi"), ("b.ptx", "_Z2kbPf")] {
        let ptx = std::fs::read_to_string(dir.join(f)).unwrap();
        assert!(ptx.contains(&format!(".entry {entry}(")), "{f}");
        assert_ptxas_accepts(&ptx, 80, f);
    }
    // With -o, the inputs are linked at the IR level into that one module (the semantics
    // are tested in tests/tests/ir_link.rs).
    let linked = dir.join("linked.ptx");
    let st = oxicc()
        .current_dir(&dir)
        .args(["-arch=sm_80", "a.cu", "b.cu", "-o"])
        .arg(&linked)
        .status()
        .unwrap();
    assert!(st.success());
    let ptx = std::fs::read_to_string(&linked).unwrap();
    assert!(ptx.contains(".entry _Z2kaPi(") && ptx.contains(".entry _Z2kbPf("));
    assert_ptxas_accepts(&ptx, 80, "linked.ptx");
    // A dependency file has one input's rule.
    let out = oxicc()
        .arg(&a)
        .arg(&b)
        .args(["-o", "x.ptx", "-MD"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("single input file"));
}
