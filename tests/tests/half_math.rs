//! The half-precision math functions of `cuda_fp16.h` and `cuda_bf16.h` (`hsin` … `hrint`
//! and their `h2` forms; issue 14), compiled by oxicc (PTX checked by ptxas) and run in the
//! interpreter on every binary16 and every bfloat16 bit pattern. Each result must be within
//! one unit of the correctly rounded value of the exact function (computed in `f64` from
//! the input's exact value and rounded by plain Rust, `half_types/f16.rs`, `bf16.rs`): the
//! library evaluates the float function (within 2 float ulps of exact) and rounds once, so
//! only a value within 2^-13 relative of a rounding boundary can land one unit off.

use crate::half_types::{bf16, f16};

use oxicc_emu::{Arg, Buffer, Launch, Module, RunOptions, Ty};

/// A scalar math function: its name and the exact function.
type Function = (&'static str, fn(f64) -> f64);

const FUNCTIONS: &[Function] = &[
    ("hsin", f64::sin),
    ("hcos", f64::cos),
    ("hexp", f64::exp),
    ("hexp2", f64::exp2),
    ("hexp10", |x| 10f64.powf(x)),
    ("hlog", f64::ln),
    ("hlog2", f64::log2),
    ("hlog10", f64::log10),
    ("hrcp", |x| 1.0 / x),
    ("hrsqrt", |x| 1.0 / x.sqrt()),
    ("hsqrt", f64::sqrt),
    ("hceil", f64::ceil),
    ("hfloor", f64::floor),
    ("htrunc", f64::trunc),
    ("hrint", f64::round_ties_even),
];

/// One kernel per function: the scalar form on even elements, the `h2` form on pairs.
fn source(ty: &str, ty2: &str, header: &str) -> String {
    let mut s = format!("#include <{header}>\n");
    for (name, _) in FUNCTIONS {
        s += &format!(
            "extern \"C\" __global__ void k_{name}({ty} *o, const {ty} *a, int n)\n{{\n    \
             int i = 2 * (blockIdx.x * blockDim.x + threadIdx.x);\n    if (i + 1 < n) {{\n        \
             o[i] = {name}(a[i]);\n        {ty2} v = h2{rest}({ty2}(a[i + 1], a[i + 1]));\n        \
             o[i + 1] = v.y;\n    }}\n}}\n",
            rest = &name[1..]
        );
    }
    s
}

/// Ordered distance between two 16-bit encodings of the same format (0 for two NaNs).
fn distance(a: u16, b: u16, is_nan: fn(u16) -> bool) -> u32 {
    if is_nan(a) || is_nan(b) {
        return if is_nan(a) && is_nan(b) { 0 } else { u32::MAX };
    }
    let key = |h: u16| -> i32 {
        if h & 0x8000 != 0 {
            -((h & 0x7FFF) as i32)
        } else {
            h as i32
        }
    };
    key(a).abs_diff(key(b))
}

fn check(
    ty: &str,
    ty2: &str,
    header: &str,
    decode: fn(u16) -> f64,
    round: fn(f64) -> u16,
    is_nan: fn(u16) -> bool,
) {
    let src = source(ty, ty2, header);
    let out = oxicc::compile("half_math.cu", &src, &oxicc::Options::default());
    let ptx = out.text.unwrap_or_else(|| {
        panic!(
            "{}",
            out.diagnostics
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        )
    });
    oxicc_tests::ptxas_check(&ptx, 75).unwrap_or_else(|e| panic!("ptxas: {e}"));
    let module = Module::parse(&ptx).unwrap_or_else(|e| panic!("{}", e.0));
    let n = 1usize << 16;
    let input: Vec<u8> = (0..n as u32)
        .flat_map(|h| (h as u16).to_le_bytes())
        .collect();
    let mut failures = Vec::new();
    for (name, f) in FUNCTIONS {
        let launch = Launch {
            kernel: Some(format!("k_{name}")),
            grid: [(n as u32 / 2).div_ceil(256), 1, 1],
            block: [256, 1, 1],
            dynamic_shared_bytes: 0,
            cooperative: false,
            args: vec![
                Arg::Buffer(0),
                Arg::Buffer(1),
                Arg::Scalar(Ty::S32, n as u64),
            ],
            buffers: vec![
                Buffer {
                    name: "o".into(),
                    ty: Ty::U16,
                    data: vec![0; 2 * n],
                },
                Buffer {
                    name: "a".into(),
                    ty: Ty::U16,
                    data: input.clone(),
                },
            ],
            globals: Vec::new(),
            images: Vec::new(),
        };
        let res = oxicc_emu::run(&module, &launch, &RunOptions::default())
            .unwrap_or_else(|e| panic!("{name}: {}", e.0));
        let data = &res.buffers[0].data;
        for h in 0..n {
            let got = u16::from_le_bytes([data[2 * h], data[2 * h + 1]]);
            let want = round(f(decode(h as u16)));
            if distance(got, want, is_nan) > 1 {
                failures.push(format!(
                    "{ty} {name}({h:#06x}) = {got:#06x}, want {want:#06x}"
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}

#[test]
fn half_math_functions_are_within_one_unit() {
    check(
        "__half",
        "__half2",
        "cuda_fp16.h",
        f16::to_f64,
        f16::rn,
        |h| h & 0x7C00 == 0x7C00 && h & 0x3FF != 0,
    );
}

#[test]
fn bfloat16_math_functions_are_within_one_unit() {
    check(
        "__nv_bfloat16",
        "__nv_bfloat162",
        "cuda_bf16.h",
        bf16::to_f64,
        |x| bf16::round(x, bf16::Mode::Nearest),
        |h| h & 0x7F80 == 0x7F80 && h & 0x7F != 0,
    );
}
