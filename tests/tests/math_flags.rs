//! nvcc's math flags, decided at compile time: `--use_fast_math` (standard functions as
//! their `__` intrinsics, `-ftz=true`, approximate division and square root),
//! `-prec-div=false`, `-prec-sqrt=false` and `-ftz=true` each alone. For every setting the
//! PTX instructions that carry the decision (`sin.approx`, `div.full`, `sqrt.approx`,
//! `.ftz`) are compared with those of `nvcc -ptx` under the same flags, every PTX is
//! assembled by ptxas, and one kernel runs in the interpreter to show that `.ftz` really
//! flushes.

use std::collections::BTreeSet;

const SOURCE: &str = "__global__ void k(float *o, const float *a, const float *b)\n{\n    \
    int i = threadIdx.x;\n    float x = a[i], y = b[i];\n    \
    o[4 * i] = sinf(x) + expf(y);\n    o[4 * i + 1] = x / y;\n    \
    o[4 * i + 2] = sqrtf(x);\n    o[4 * i + 3] = x * y;\n}\n";

/// The decision-carrying instruction forms in a PTX text.
fn forms(ptx: &str) -> BTreeSet<String> {
    // Not ex2/lg2: libdevice's expf uses ex2.approx, oxicc's a polynomial.
    let keep = [
        "sin.approx",
        "cos.approx",
        "div.full",
        "div.approx",
        "div.rn",
        "sqrt.approx",
        "sqrt.rn",
    ];
    ptx.lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|m| keep.iter().any(|k| m.starts_with(k)))
        .map(|m| m.to_string())
        .collect()
}

fn oxicc_ptx(options: &oxicc::Options) -> String {
    let out = oxicc::compile("flags.cu", SOURCE, options);
    let ptx = out.text.unwrap_or_else(|| panic!("{:?}", out.diagnostics));
    oxicc_tests::ptxas_check(&ptx, 75).unwrap();
    ptx
}

fn nvcc_ptx(flags: &[&str]) -> String {
    let dir = oxicc_tests::tools::repo_root().join("target/tmp/math-flags");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("flags.cu");
    std::fs::write(&path, SOURCE).unwrap();
    oxicc_tests::nvidia::try_nvcc_ptx_with(&path, 75, 3, flags).unwrap()
}

#[test]
fn flags_choose_the_same_instructions_as_nvcc() {
    let base = oxicc::Options::default();
    let cases: Vec<(&[&str], oxicc::Options)> = vec![
        (&[], base.clone()),
        (
            &["--use_fast_math"],
            oxicc::Options {
                fast_math: true,
                ftz: true,
                prec_div: false,
                prec_sqrt: false,
                ..base.clone()
            },
        ),
        (
            &["-prec-div=false"],
            oxicc::Options {
                prec_div: false,
                ..base.clone()
            },
        ),
        (
            &["-prec-sqrt=false"],
            oxicc::Options {
                prec_sqrt: false,
                ..base.clone()
            },
        ),
        (
            &["-ftz=true", "-prec-div=false"],
            oxicc::Options {
                ftz: true,
                prec_div: false,
                ..base.clone()
            },
        ),
    ];
    for (flags, options) in cases {
        let ours = oxicc_ptx(&options);
        let theirs = nvcc_ptx(flags);
        assert_eq!(forms(&ours), forms(&theirs), "flags {flags:?}");
        // Under -ftz every f32 multiply is `mul.ftz.f32`, as in nvcc's PTX.
        let ftz = options.ftz;
        assert_eq!(
            ours.contains("mul.ftz.f32"),
            ftz,
            "flags {flags:?}:\n{ours}"
        );
        assert_eq!(theirs.contains("mul.ftz.f32"), ftz, "nvcc, flags {flags:?}");
    }
}

#[test]
fn ftz_flushes_in_the_interpreter() {
    use oxicc_emu::{Arg, Buffer, Launch, Module, RunOptions, Ty};
    let src = "__global__ void k(float *o, const float *a) { o[0] = a[0] * 0.5f; }";
    for ftz in [false, true] {
        let out = oxicc::compile(
            "k.cu",
            src,
            &oxicc::Options {
                ftz,
                ..Default::default()
            },
        );
        let ptx = out.text.unwrap();
        oxicc_tests::ptxas_check(&ptx, 75).unwrap();
        let module = Module::parse(&ptx).unwrap();
        let sub = f32::from_bits(0x0000_1000);
        let launch = Launch {
            kernel: module.kernels().into_iter().next(),
            grid: [1, 1, 1],
            block: [1, 1, 1],
            dynamic_shared_bytes: 0,
            cooperative: false,
            args: vec![Arg::Buffer(0), Arg::Buffer(1)],
            buffers: vec![
                Buffer {
                    name: "o".into(),
                    ty: Ty::F32,
                    data: vec![0xff; 4],
                },
                Buffer {
                    name: "a".into(),
                    ty: Ty::F32,
                    data: sub.to_le_bytes().to_vec(),
                },
            ],
            globals: Vec::new(),
            images: Vec::new(),
        };
        let r = oxicc_emu::run(&module, &launch, &RunOptions::default()).unwrap();
        let got = f32::from_le_bytes(r.buffers[0].data[..4].try_into().unwrap());
        let want = if ftz { 0.0 } else { sub * 0.5 };
        assert_eq!(got.to_bits(), want.to_bits(), "ftz = {ftz}");
    }
}
