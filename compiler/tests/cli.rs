//! The `oxicc` command as a user runs it: flags, output files, exit codes, error format.

use crate::ptxas_support;

use ptxas_support::assert_ptxas_accepts;
use std::path::PathBuf;
use std::process::Command;

fn oxicc() -> Command {
    Command::new(env!("CARGO_BIN_EXE_oxicc"))
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("oxicc-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

const SAXPY: &str = "__global__ void saxpy(int n, float a, const float* x, float* y) {\n\
    int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
    if (i < n) y[i] = a * x[i] + y[i];\n}\n";

#[test]
fn compiles_to_the_named_file_with_nvcc_style_flags() {
    let dir = temp_dir("ok");
    let input = dir.join("saxpy.cu");
    std::fs::write(&input, SAXPY).unwrap();
    let output = dir.join("saxpy.ptx");
    let st = oxicc()
        .args(["-arch=sm_90", "-O3", "-ptx"])
        .arg(&input)
        .arg("-o")
        .arg(&output)
        .status()
        .unwrap();
    assert!(st.success());
    let ptx = std::fs::read_to_string(&output).unwrap();
    assert!(ptx.contains(".target sm_90"));
    // The mangled name nvcc gives this kernel.
    assert!(ptx.contains(".entry _Z5saxpyifPKfPf("));
    assert_ptxas_accepts(&ptx, 90, "saxpy");
}

#[test]
fn writes_to_stdout_with_dash_and_emits_ir_on_request() {
    let dir = temp_dir("stdout");
    let input = dir.join("k.cu");
    std::fs::write(&input, SAXPY).unwrap();
    let out = oxicc()
        .arg(&input)
        .args(["-o", "-", "--gpu-architecture=sm_80"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let ptx = String::from_utf8_lossy(&out.stdout);
    assert!(ptx.contains(".target sm_80"));
    assert_ptxas_accepts(&ptx, 80, "saxpy on stdout");
    let out = oxicc()
        .arg(&input)
        .args(["-o", "-", "--emit=ir"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("kernel @_Z5saxpyifPKfPf"));
}

#[test]
fn defines_and_include_paths_reach_the_preprocessor() {
    let dir = temp_dir("defs");
    std::fs::create_dir_all(dir.join("inc")).unwrap();
    std::fs::write(dir.join("inc/scale.h"), "#define SCALE 3\n").unwrap();
    let input = dir.join("k.cu");
    std::fs::write(
        &input,
        "#include <scale.h>\n#ifndef NAME\n#error NAME must be defined\n#endif\n\
         __global__ void NAME(int* p) { p[0] = SCALE; }\n",
    )
    .unwrap();
    let inc = dir.join("inc");
    let out = oxicc()
        .arg(&input)
        .arg("-I")
        .arg(&inc)
        .args(["-DNAME=my_kernel", "-o", "-"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let ptx = String::from_utf8_lossy(&out.stdout);
    assert!(ptx.contains("_Z9my_kernelPi"));
    assert_ptxas_accepts(&ptx, 75, "my_kernel");
}

#[test]
fn errors_go_to_stderr_with_location_and_caret_and_leave_no_output() {
    let dir = temp_dir("err");
    let input = dir.join("bad.cu");
    std::fs::write(&input, "__global__ void k(int* p) {\n    p[0] = nope;\n}\n").unwrap();
    let output = dir.join("bad.ptx");
    std::fs::write(&output, "stale").unwrap();
    let out = oxicc().arg(&input).arg("-o").arg(&output).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    let want = format!("{}:2:12: error: ", input.display());
    assert!(err.contains(&want), "{err}");
    assert!(err.contains("    p[0] = nope;\n           ^"), "{err}");
    assert!(
        !output.exists(),
        "a failed compile must not leave an output file"
    );
}

#[test]
fn a_failed_compile_never_removes_what_is_not_a_regular_file() {
    let dir = temp_dir("link");
    let input = dir.join("bad.cu");
    std::fs::write(&input, "@").unwrap();
    let target = dir.join("keep.txt");
    std::fs::write(&target, "keep").unwrap();
    let link = dir.join("out.ptx");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let st = oxicc().arg(&input).arg("-o").arg(&link).status().unwrap();
    assert_eq!(st.code(), Some(1));
    assert!(link.exists() && target.exists());
}

#[test]
fn rejects_unknown_architectures_and_prints_version() {
    let out = oxicc().args(["-arch=sm_52", "x.cu"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unsupported GPU architecture"));
    let out = oxicc().arg("--version").output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("oxicc "));
}

#[test]
fn dash_e_prints_the_preprocessed_source() {
    let dir = temp_dir("pre");
    let input = dir.join("k.cu");
    std::fs::write(
        &input,
        "#define TWICE(x) ((x) + (x))\n__global__ void k(int* p) {\n#pragma unroll 2\n\
         for (int i = 0; i < 4; ++i) p[i] = TWICE(i) * N;\n}\n",
    )
    .unwrap();
    // To standard output by default (as `nvcc -E`), with -D applied and the pragma kept.
    let out = oxicc().arg(&input).args(["-E", "-DN=7"]).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let tail: Vec<&str> = text.lines().rev().take(4).collect();
    assert_eq!(
        tail,
        vec![
            "}",
            "for (int i = 0; i < 4; ++i) p[i] = ((i) + (i)) * 7;",
            "#pragma unroll 2",
            "__global__ void k(int* p) {",
        ]
    );
    // nvcc's long spelling and -o.
    let output = dir.join("k.ii");
    let st = oxicc()
        .arg(&input)
        .arg("--preprocess")
        .arg("-o")
        .arg(&output)
        .status()
        .unwrap();
    assert!(st.success());
    assert!(std::fs::read_to_string(&output)
        .unwrap()
        .ends_with("((i) + (i)) * N;\n}\n"));
}

#[test]
fn dash_d_and_dash_u_apply_in_command_line_order() {
    // gcc (nvcc's preprocessor): the last -D/-U of a name wins.
    let dir = temp_dir("order");
    let input = dir.join("k.cu");
    std::fs::write(&input, "A B C F(2)\n").unwrap();
    let out = oxicc()
        .arg(&input)
        .args([
            "-E",
            "-DA=1",
            "-UA",
            "-UB",
            "-DB=2",
            "-DC=3",
            "-UC",
            "-DC=4",
            "-DF(x)=x*x",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().last(), Some("A 2 4 2*2"));
}
