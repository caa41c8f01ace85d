//! The `oxicc-emu` command line: the result JSON (buffers, printf, stats; floats that parse
//! back to the same bits, non-finite values as strings) and the one-line errors with exit
//! status 1 for bad launch files, checked before anything runs.

use std::io::Write;
use std::process::Command;

const PTX: &str = ".version 8.0\n.target sm_75\n.address_size 64\n\
    .visible .entry scale(.param .u64 p, .param .f32 s, .param .u32 n)\n{\n\
    .reg .b32 %r<4>;\n.reg .b64 %rd<4>;\n.reg .f32 %f<3>;\n.reg .pred %p1;\n\
    ld.param.u64 %rd1, [p];\nld.param.f32 %f1, [s];\nld.param.u32 %r1, [n];\nmov.u32 %r2, %tid.x;\n\
    setp.ge.u32 %p1, %r2, %r1;\n@%p1 ret;\nmul.wide.u32 %rd2, %r2, 4;\nadd.u64 %rd3, %rd1, %rd2;\n\
    ld.global.f32 %f2, [%rd3];\nmul.f32 %f2, %f2, %f1;\nst.global.f32 [%rd3], %f2;\nret;\n}\n";

fn write_tmp(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("oxicc-emu-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let p = dir.join(name);
    std::fs::File::create(&p)
        .and_then(|mut f| f.write_all(text.as_bytes()))
        .expect("write");
    p
}

fn run(name: &str, launch: &str, extra: &[&str]) -> (i32, String, String) {
    run_ptx(name, PTX, launch, extra)
}

fn run_ptx(name: &str, ptx_text: &str, launch: &str, extra: &[&str]) -> (i32, String, String) {
    let ptx = write_tmp(&format!("{name}.ptx"), ptx_text);
    let json = write_tmp(&format!("{name}.json"), launch);
    let out = Command::new(env!("CARGO_BIN_EXE_oxicc-emu"))
        .arg("run")
        .arg(&ptx)
        .arg("--launch")
        .arg(&json)
        .args(extra)
        .output()
        .expect("run oxicc-emu");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn result_json_round_trips_floats() {
    let launch = r#"{"grid": [1, 1, 1], "block": [8, 1, 1], "args": [
        {"buffer": "x", "type": "f32", "data": [0.1, 1e-45, "nan", "inf", "-inf", -0.0, 3.4028235e38, 1.5]},
        {"scalar": "f32", "value": 3.0}, {"scalar": "u32", "value": 8}]}"#;
    let (code, stdout, stderr) = run("ok", launch, &["--schedule=random", "--seed", "3"]);
    assert_eq!(code, 0, "{stderr}");
    let v: serde_json::Value = serde_json::from_str(&stdout).expect("one JSON object");
    let x = v["buffers"]["x"].as_array().expect("buffer x");
    let want = [
        0.1f32 * 3.0,
        1e-45 * 3.0,
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        -0.0,
        f32::INFINITY,
        4.5,
    ];
    for (k, w) in want.iter().enumerate() {
        let got = match &x[k] {
            serde_json::Value::String(s) => match s.as_str() {
                "inf" => f32::INFINITY,
                // A NaN prints as its bits in hex: the payload is kept.
                _ if s.starts_with("0x") => {
                    f32::from_bits(u32::from_str_radix(&s[2..], 16).expect("hex bits"))
                }
                "-inf" => f32::NEG_INFINITY,
                _ => panic!("bad string {s}"),
            },
            n => n.as_f64().expect("number") as f32,
        };
        assert!(
            got.to_bits() == w.to_bits() || (got.is_nan() && w.is_nan()),
            "x[{k}] = {got:?}, expected {w:?}"
        );
    }
    assert_eq!(v["printf"], "");
    assert_eq!(v["stats"]["threads"], 8);
    assert!(v["stats"]["instructions"].as_u64().unwrap_or(0) > 0);
}

#[test]
fn bad_launches_fail_before_running_with_one_line() {
    let cases = [
        (
            r#"{"kernel": "nope", "grid": [1], "block": [1], "args": []}"#,
            "unknown kernel",
        ),
        (
            r#"{"grid": [1], "block": [1], "args": [{"scalar": "u32", "value": 1}]}"#,
            "takes 3 arguments",
        ),
        (
            r#"{"grid": [1], "block": [1], "args": [{"scalar": "f32", "value": 1}, {"scalar": "f32", "value": 1}, {"scalar": "u32", "value": 1}]}"#,
            "does not match",
        ),
        (
            r#"{"grid": [1], "block": [2048], "args": [{"buffer": "x", "type": "f32", "len": 1}, {"scalar": "f32", "value": 1}, {"scalar": "u32", "value": 1}]}"#,
            "threads per block",
        ),
        (
            r#"{"grid": [1], "block": [1], "dynamic_shared_bytes": 300000, "args": []}"#,
            "228 KiB",
        ),
        (
            r#"{"grid": [1], "block": [1], "args": [{"buffer": "x", "type": "q7", "len": 1}]}"#,
            "unknown type",
        ),
        ("not json", "not valid JSON"),
        (
            r#"{"grid": [1], "block": [1], "args": [], "dynamic_shared": 4}"#,
            "unknown key \"dynamic_shared\"",
        ),
    ];
    for (k, (launch, want)) in cases.iter().enumerate() {
        let (code, stdout, stderr) = run(&format!("bad{k}"), launch, &[]);
        assert_eq!(code, 1, "case {k}: {stdout}");
        assert!(stdout.is_empty(), "case {k}: nothing on stdout");
        assert_eq!(
            stderr.trim_end().lines().count(),
            1,
            "case {k}: one line: {stderr}"
        );
        assert!(
            stderr.contains(want),
            "case {k}: {stderr} should mention {want}"
        );
    }
}

#[test]
fn endless_loops_stop_at_the_instruction_limit() {
    let ptx = ".version 8.0\n.target sm_75\n.address_size 64\n.visible .entry spin()\n{\nLOOP:\nbra LOOP;\n}\n";
    let launch = r#"{"grid": [1], "block": [32], "args": []}"#;
    let (code, _, stderr) = run_ptx("spin", ptx, launch, &["--max-instructions", "100000"]);
    assert_eq!(code, 1);
    assert!(stderr.contains("instruction limit"), "{stderr}");
}
