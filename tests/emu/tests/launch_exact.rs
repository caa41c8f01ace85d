//! Launch-file exactness: random `f64` and `f32` bit patterns (normals, subnormals, the
//! extremes, zeros of both signs, infinities, NaNs with arbitrary payloads) are written into
//! a launch file the way a user or a generator writes them (shortest decimal, NaNs as hex
//! bits), copied by a kernel that moves raw bits, and must come back bit for bit: in the
//! `Launch`'s buffers, in the result buffers, in the result JSON text, and again when that
//! JSON is fed back as a launch file.

use oxicc_emu::{Launch, Module, RunOptions};

/// Copies `n` 8-byte words from `src` to `dst` with integer loads and stores (no float
/// instruction touches the bits, so NaN payloads must survive).
const COPY: &str = ".version 8.0\n.target sm_75\n.address_size 64\n\
    .visible .entry copy(.param .u64 src, .param .u64 dst, .param .u32 n)\n{\n\
    .reg .b32 %r<4>;\n.reg .b64 %rd<8>;\n.reg .pred %p1;\n\
    ld.param.u64 %rd1, [src];\nld.param.u64 %rd2, [dst];\nld.param.u32 %r1, [n];\n\
    mov.u32 %r2, %tid.x;\nsetp.ge.u32 %p1, %r2, %r1;\n@%p1 ret;\n\
    mul.wide.u32 %rd3, %r2, 8;\nadd.u64 %rd4, %rd1, %rd3;\nadd.u64 %rd5, %rd2, %rd3;\n\
    ld.global.b64 %rd6, [%rd4];\nst.global.b64 [%rd5], %rd6;\nret;\n}\n";

/// splitmix64: reproducible bit patterns without a dependency.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Bit patterns of `bits` width: special values first, then random ones biased towards
/// subnormals, NaNs and the largest exponents.
fn patterns(bits: u32, count: usize, seed: u64) -> Vec<u64> {
    let (exp_bits, man_bits) = if bits == 64 { (11, 52) } else { (8, 23) };
    let sign = 1u64 << (bits - 1);
    let exp_max = (1u64 << exp_bits) - 1;
    let man_mask = (1u64 << man_bits) - 1;
    let inf = exp_max << man_bits;
    let mut v = vec![
        0,
        sign,
        1,
        sign | 1,
        man_mask,
        1 << man_bits,
        inf - 1,
        sign | (inf - 1),
        inf,
        sign | inf,
        inf | 1,
        inf | man_mask,
        sign | inf | (1 << (man_bits - 1)) | 5,
    ];
    let mut rng = Rng(seed);
    while v.len() < count {
        let r = rng.next();
        let s = if r & 1 == 1 { sign } else { 0 };
        let m = rng.next() & man_mask;
        let e = match (r >> 1) % 4 {
            0 => 0,
            1 => exp_max,
            2 => exp_max - 1 - (r >> 8) % 4,
            _ => (r >> 8) % exp_max,
        };
        v.push(s | (e << man_bits) | m);
    }
    v
}

/// One value as a launch file writes it: the shortest decimal that parses back to the value,
/// infinities as strings, NaNs as `"0x"` bits.
fn json_value(bits: u64, width: u32) -> String {
    let (nan, inf, text) = if width == 64 {
        let x = f64::from_bits(bits);
        (x.is_nan(), x.is_infinite(), format!("{x:?}"))
    } else {
        let x = f32::from_bits(bits as u32);
        (x.is_nan(), x.is_infinite(), format!("{x:?}"))
    };
    if nan {
        format!("\"0x{bits:0w$x}\"", w = width as usize / 4)
    } else if inf {
        if text.starts_with('-') {
            "\"-inf\""
        } else {
            "\"inf\""
        }
        .to_string()
    } else {
        text
    }
}

/// Reads one value of the result JSON back into bits, independently of the interpreter.
fn read_back(v: &serde_json::Value, width: u32) -> u64 {
    match v {
        serde_json::Value::String(s) => match s.as_str() {
            "inf" | "-inf" if width == 64 => (if s == "inf" {
                f64::INFINITY
            } else {
                f64::NEG_INFINITY
            })
            .to_bits(),
            "inf" => f32::INFINITY.to_bits() as u64,
            "-inf" => f32::NEG_INFINITY.to_bits() as u64,
            _ => u64::from_str_radix(s.strip_prefix("0x").expect("hex NaN"), 16).expect("hex"),
        },
        serde_json::Value::Number(n) if width == 64 => {
            n.to_string().parse::<f64>().expect("f64").to_bits()
        }
        serde_json::Value::Number(n) => n.to_string().parse::<f32>().expect("f32").to_bits() as u64,
        other => panic!("unexpected value {other}"),
    }
}

fn launch_json(ty: &str, values: &[String], words: usize) -> String {
    format!(
        "{{\"kernel\": \"copy\", \"grid\": [1], \"block\": [{words}], \"args\": [\
         {{\"buffer\": \"src\", \"type\": \"{ty}\", \"data\": [{}]}},\
         {{\"buffer\": \"dst\", \"type\": \"{ty}\", \"len\": {}}},\
         {{\"scalar\": \"u32\", \"value\": {words}}}]}}",
        values.join(", "),
        values.len()
    )
}

fn round_trip(width: u32, seed: u64) {
    let ty = if width == 64 { "f64" } else { "f32" };
    let count = 1000; // even, so that f32 pairs fill whole 8-byte words
    let want = patterns(width, count, seed);
    let values: Vec<String> = want.iter().map(|&b| json_value(b, width)).collect();
    let words = count * width as usize / 64;
    let launch = Launch::from_json(&launch_json(ty, &values, words)).expect("launch");
    let src = &launch.buffers[0];
    for (k, &w) in want.iter().enumerate() {
        assert_eq!(
            src.bits(k),
            w,
            "{ty} launch value {k} `{}` read inexactly",
            values[k]
        );
    }
    let module = Module::parse(COPY).expect("PTX");
    let out = oxicc_emu::run(&module, &launch, &RunOptions::default()).expect("run");
    let dst = out.buffer("dst").expect("dst");
    for (k, &w) in want.iter().enumerate() {
        assert_eq!(dst.bits(k), w, "{ty} element {k} changed by the copy");
    }
    // The result JSON, read by an independent parser.
    let json: serde_json::Value = serde_json::from_str(&out.to_json()).expect("result JSON");
    let printed = json["buffers"]["dst"].as_array().expect("dst array");
    assert_eq!(printed.len(), count);
    for (k, (v, &w)) in printed.iter().zip(&want).enumerate() {
        assert_eq!(read_back(v, width), w, "{ty} element {k} printed as {v}");
    }
    // The printed values, used as a launch file again, give the same bits.
    let again: Vec<String> = printed.iter().map(|v| v.to_string()).collect();
    let relaunch = Launch::from_json(&launch_json(ty, &again, words)).expect("relaunch");
    for (k, &w) in want.iter().enumerate() {
        assert_eq!(
            relaunch.buffers[0].bits(k),
            w,
            "{ty} element {k} reread as {}",
            again[k]
        );
    }
}

#[test]
fn f64_bit_patterns_round_trip_exactly() {
    for seed in 1..=4 {
        round_trip(64, seed);
    }
}

#[test]
fn f32_bit_patterns_round_trip_exactly() {
    for seed in 1..=4 {
        round_trip(32, seed);
    }
}

/// The example of the issue: the last bit of this f64 was lost by the old parser.
#[test]
fn decimal_from_the_issue_is_read_exactly() {
    let launch = Launch::from_json(
        "{\"grid\": [1], \"block\": [1], \"args\": [\
         {\"buffer\": \"x\", \"type\": \"f64\", \"data\": [-21.293635958925734]},\
         {\"buffer\": \"y\", \"type\": \"f32\", \"data\": [\"0x7fc00001\", 1e-45, 3.4028235e38]}]}",
    )
    .expect("launch");
    assert_eq!(
        launch.buffers[0].bits(0),
        (-21.293635958925734f64).to_bits()
    );
    assert_eq!(launch.buffers[1].bits(0), 0x7fc0_0001);
    assert_eq!(launch.buffers[1].bits(1), 1);
    assert_eq!(launch.buffers[1].bits(2), f32::MAX.to_bits() as u64);
}

/// Hex bits wider than the element, or malformed, are errors, not silently truncated.
#[test]
fn bad_hex_values_are_rejected() {
    for bad in ["\"0x1ffffffff\"", "\"0x\"", "\"0xzz\"", "\"7fc00001\""] {
        let text = format!(
            "{{\"grid\": [1], \"block\": [1], \"args\": [\
             {{\"buffer\": \"y\", \"type\": \"f32\", \"data\": [{bad}]}}]}}"
        );
        let err = Launch::from_json(&text).expect_err(bad);
        assert!(
            err.0.contains("bad value") || err.0.contains("more bits"),
            "{err}"
        );
    }
}
