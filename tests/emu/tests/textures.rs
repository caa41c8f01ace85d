//! Texture and surface instructions on hand-written PTX with values worked out by hand from
//! the Programming Guide's formulas, and the launch file's image errors.

use oxicc_emu::{run_text, RunOptions};

/// Thread 0 fetches with `OP` at (x, y) = (`x`, `y`) and stores the four results.
fn fetch_ptx(op: &str) -> String {
    format!(
        ".version 8.0\n.target sm_75\n.address_size 64\n\
         .visible .entry k(.param .u64 t, .param .u64 o, .param .f32 x, .param .f32 y)\n{{\n\
         .reg .f32 %f<8>;\n.reg .b64 %rd<4>;\n\
         ld.param.u64 %rd1, [t];\nld.param.u64 %rd2, [o];\n\
         ld.param.f32 %f1, [x];\nld.param.f32 %f2, [y];\n\
         {op} {{%f3, %f4, %f5, %f6}}, [%rd1, {{%f1, %f2}}];\n\
         st.global.v4.f32 [%rd2], {{%f3, %f4, %f5, %f6}};\nret;\n}}\n"
    )
}

fn launch(image: &str, x: f32, y: f32) -> String {
    format!(
        r#"{{"grid": [1], "block": [1], "images": [{image}],
            "args": [{{"texture": "img"}}, {{"buffer": "o", "type": "f32", "len": 4}},
                     {{"scalar": "f32", "value": {x}}}, {{"scalar": "f32", "value": {y}}}]}}"#
    )
}

fn out(ptx: &str, launch: &str) -> Vec<f32> {
    let o = run_text(ptx, launch, &RunOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    o.buffer("o").unwrap().to_f32()
}

/// A 2x2 u8 image [[0, 255], [255, 0]] (one channel), read as normalized floats.
const CHECKER: &str = r#"{"name": "img", "type": "u8", "width": 2, "height": 2,
    "filter": "linear", "read": "normalized", "data": [0, 255, 255, 0]}"#;

#[test]
fn bilinear_weights_are_rounded_to_256ths() {
    let ptx = fetch_ptx("tex.2d.v4.f32.f32");
    // The centre of the four texels: each weighs 1/4.
    assert_eq!(out(&ptx, &launch(CHECKER, 1.0, 1.0))[0], 0.5);
    // x - 0.5 = 0.25: weights 3/4 and 1/4 along x on the row y = 0.5 (texel centres).
    assert_eq!(out(&ptx, &launch(CHECKER, 0.75, 0.5))[0], 0.25);
    // x - 0.5 = 0.5 + 1/1024: the fraction rounds to 128/256 in 9-bit fixed point.
    let v = out(&ptx, &launch(CHECKER, 1.0 + 1.0 / 1024.0, 0.5))[0];
    assert_eq!(v, 0.5);
    // Missing channels read 0.
    assert_eq!(out(&ptx, &launch(CHECKER, 1.0, 1.0))[1..], [0.0, 0.0, 0.0]);
}

#[test]
fn gather_returns_the_four_texels_in_ptx_order() {
    let img = r#"{"name": "img", "type": "f32", "width": 2, "height": 2, "data": [1, 2, 3, 4]}"#;
    // (i, j) = (0, 0): texels (0,1)=3, (1,1)=4, (1,0)=2, (0,0)=1.
    let v = out(&fetch_ptx("tld4.r.2d.v4.f32.f32"), &launch(img, 1.0, 1.0));
    assert_eq!(v, [3.0, 4.0, 2.0, 1.0]);
}

#[test]
fn border_and_point_sampling() {
    let img = r#"{"name": "img", "type": "f32", "width": 2, "height": 2, "address": "border",
        "data": [1, 2, 3, 4]}"#;
    let ptx = fetch_ptx("tex.2d.v4.f32.f32");
    assert_eq!(out(&ptx, &launch(img, 1.9, 1.1))[0], 4.0);
    assert_eq!(out(&ptx, &launch(img, -0.1, 1.0))[0], 0.0);
    assert_eq!(out(&ptx, &launch(img, 2.0, 0.0))[0], 0.0);
}

#[test]
fn surface_boundary_modes() {
    let ptx = ".version 8.0\n.target sm_75\n.address_size 64\n\
        .visible .entry k(.param .u64 s, .param .u32 x)\n{\n\
        .reg .b32 %r<4>;\n.reg .b64 %rd<2>;\n\
        ld.param.u64 %rd1, [s];\nld.param.u32 %r1, [x];\nmov.u32 %r2, 9;\n\
        sust.b.1d.b32.MODE [%rd1, {%r1}], {%r2};\nret;\n}\n";
    let run = |mode: &str, x: i32| {
        let l = format!(
            r#"{{"grid": [1], "block": [1],
                "images": [{{"name": "img", "type": "i32", "width": 3, "data": [1, 2, 3]}}],
                "args": [{{"surface": "img"}}, {{"scalar": "i32", "value": {x}}}]}}"#
        );
        run_text(&ptx.replace("MODE", mode), &l, &RunOptions::default())
            .map(|o| o.buffer("img").unwrap().to_i64())
    };
    assert_eq!(run("trap", 4).unwrap(), [1, 9, 3]);
    assert_eq!(run("zero", 12).unwrap(), [1, 2, 3]);
    assert_eq!(run("clamp", 400).unwrap(), [1, 2, 9]);
    let e = run("trap", 12).unwrap_err().to_string();
    assert!(e.contains("surface store out of range"), "{e}");
}

#[test]
fn image_errors_are_reported() {
    let ptx = fetch_ptx("tex.2d.v4.f32.f32");
    let bad = |image: &str, want: &str| {
        let e = run_text(&ptx, &launch(image, 0.0, 0.0), &RunOptions::default())
            .err()
            .unwrap_or_else(|| panic!("{image} was accepted"))
            .to_string();
        assert!(e.contains(want), "{e}");
    };
    bad(
        r#"{"name": "img", "type": "f32", "channels": 3}"#,
        "\"channels\" must be 1, 2 or 4",
    );
    bad(
        r#"{"name": "img", "type": "f32", "address": "repeat"}"#,
        "bad address mode",
    );
    bad(r#"{"name": "img", "type": "f64"}"#, "an image's \"type\"");
    bad(
        r#"{"name": "img", "type": "f32", "filter": "cubic"}"#,
        "\"filter\" must be",
    );
    bad(
        r#"{"name": "other", "type": "f32"}"#,
        "no image named `img`",
    );
    bad(
        r#"{"name": "img", "type": "f32", "colour": 1}"#,
        "unknown key \"colour\"",
    );
}

/// Thread 0 fetches with `tex.level` at (`x`, `y`) and level of detail `lod`, and stores
/// the first component and `txq.num_mipmap_levels`.
fn lod_out(image: &str, x: f32, y: f32, lod: f32) -> Result<(f32, u32), String> {
    let ptx = ".version 8.0\n.target sm_75\n.address_size 64\n\
         .visible .entry k(.param .u64 t, .param .u64 o, .param .f32 x, .param .f32 y, \
         .param .f32 l)\n{\n.reg .f32 %f<8>;\n.reg .b32 %r<2>;\n.reg .b64 %rd<4>;\n\
         ld.param.u64 %rd1, [t];\nld.param.u64 %rd2, [o];\n\
         ld.param.f32 %f1, [x];\nld.param.f32 %f2, [y];\nld.param.f32 %f7, [l];\n\
         tex.level.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f2}], %f7;\n\
         txq.num_mipmap_levels.b32 %r1, [%rd1];\n\
         st.global.f32 [%rd2], %f3;\nst.global.u32 [%rd2+4], %r1;\nret;\n}\n";
    let launch = format!(
        r#"{{"grid": [1], "block": [1], "images": [{image}],
            "args": [{{"texture": "img"}}, {{"buffer": "o", "type": "u32", "len": 2}},
                     {{"scalar": "f32", "value": {x}}}, {{"scalar": "f32", "value": {y}}},
                     {{"scalar": "f32", "value": {lod}}}]}}"#
    );
    let o = run_text(ptx, &launch, &RunOptions::default()).map_err(|e| e.to_string())?;
    let w = o.buffer("o").unwrap().to_i64();
    Ok((f32::from_bits(w[0] as u32), w[1] as u32))
}

/// A 4×2 image with three levels (4×2: 0…7, 2×1: 10 20, 1×1: 30) at normalized (0.8, 0.3):
/// level 0 reads texel (3, 0) = 3, level 1 texel 1 = 20, level 2 the 30. The nearest level
/// is floor(lod + 0.5) within [0, 2]; the linear filter blends floor(lod) and the next.
#[test]
fn mipmap_levels_by_level_of_detail() {
    let img = |filter: &str| {
        format!(
            r#"{{"name": "img", "type": "f32", "width": 4, "height": 2, "levels": 3,
                "mipmap_filter": "{filter}", "normalized_coords": true,
                "data": [0, 1, 2, 3, 4, 5, 6, 7, 10, 20, 30]}}"#
        )
    };
    let (point, linear) = (img("point"), img("linear"));
    let at = |i: &str, lod: f32| lod_out(i, 0.8, 0.3, lod).unwrap();
    assert_eq!(at(&point, 0.0), (3.0, 3));
    assert_eq!(at(&point, 0.4).0, 3.0);
    assert_eq!(at(&point, 0.6).0, 20.0);
    assert_eq!(at(&point, -1.0).0, 3.0);
    assert_eq!(at(&point, 9.0).0, 30.0);
    assert_eq!(at(&linear, 0.25).0, 0.75 * 3.0 + 0.25 * 20.0);
    assert_eq!(at(&linear, 1.5).0, 25.0);
    assert_eq!(at(&linear, 2.5).0, 30.0);
    // More levels than the sizes can halve: 4×2 has three (4, 2, 1).
    let e = lod_out(
        r#"{"name": "img", "type": "f32", "width": 4, "height": 2, "levels": 4}"#,
        0.0,
        0.0,
        0.0,
    )
    .unwrap_err();
    assert!(e.contains("\"levels\" is more than"), "{e}");
}
