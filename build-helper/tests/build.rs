//! oxicc-build outside cargo's build-script context: the module it writes, the files it
//! reports for `rerun-if-changed`, and how it reports kernel errors.

use std::path::PathBuf;

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("oxicc-build-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join("kernels")).unwrap();
    d
}

#[test]
fn writes_ptx_module_and_reports_every_opened_file() {
    let d = temp("ok");
    std::fs::create_dir_all(d.join("include")).unwrap();
    std::fs::write(d.join("include/common.h"), "#pragma once\n#define TWO 2\n").unwrap();
    std::fs::write(d.join("kernels/near.h"), "#include <common.h>\n").unwrap();
    std::fs::write(
        d.join("kernels/scale.cu"),
        "#include \"near.h\"\ntemplate <typename T, int N> __global__ void scale(T *x) { x[0] *= N * TWO; }\n",
    )
    .unwrap();
    std::fs::write(
        d.join("kernels/type.cu"),
        "__global__ void t(int *p) { p[0] = 1; }\n",
    )
    .unwrap();
    std::fs::write(d.join("kernels/notes.txt"), "not a kernel").unwrap();
    let built = oxicc_build::Build::new()
        .kernels_dir(d.join("kernels"))
        .out_dir(d.join("out"))
        .arch("sm_80")
        .option(format!("-I{}", d.join("include").display()))
        .name_expression("scale", "scale<float, 4>")
        .compile()
        .unwrap();
    let module = std::fs::read_to_string(&built.module).unwrap();
    assert!(
        module.contains("pub mod scale {") && module.contains("pub mod type_ {"),
        "{module}"
    );
    // NVRTC's lowered name for scale<float, 4>.
    assert!(
        module.contains("(\"scale<float, 4>\", \"_Z5scaleIfLi4EEvPT_\"),"),
        "{module}"
    );
    let ptx = std::fs::read_to_string(d.join("out/scale.ptx")).unwrap();
    assert!(ptx.contains(".entry _Z5scaleIfLi4EEvPT_(") && ptx.contains(".target sm_80"));
    let k = d.join("kernels");
    for p in [
        k.clone(),
        k.join("scale.cu"),
        k.join("near.h"),
        d.join("include/common.h"),
        k.join("type.cu"),
    ] {
        assert!(
            built.rerun_if_changed.contains(&p),
            "{} not in {:?}",
            p.display(),
            built.rerun_if_changed
        );
    }
    assert!(!built.rerun_if_changed.contains(&k.join("notes.txt")));
    // A second build is answered by the cache in out/ and writes the same module.
    let again = oxicc_build::Build::new()
        .kernels_dir(d.join("kernels"))
        .out_dir(d.join("out"))
        .arch("sm_80")
        .option(format!("-I{}", d.join("include").display()))
        .name_expression("scale", "scale<float, 4>")
        .compile()
        .unwrap();
    assert_eq!(std::fs::read_to_string(again.module).unwrap(), module);
    assert!(
        std::fs::read_dir(d.join("out/oxicc-cache"))
            .unwrap()
            .count()
            >= 2
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn kernel_errors_come_back_with_file_line_and_caret() {
    let d = temp("err");
    let src = d.join("kernels/bad.cu");
    std::fs::write(
        &src,
        "__global__ void k(int *p) {\n    p[0] = missing;\n}\n",
    )
    .unwrap();
    let err = oxicc_build::Build::new()
        .kernels_dir(d.join("kernels"))
        .out_dir(d.join("out"))
        .compile()
        .unwrap_err();
    let text = err.to_string();
    assert!(
        text.starts_with(&format!("{}:2:12: error: ", src.display())),
        "{text}"
    );
    assert!(
        text.contains("\n    p[0] = missing;\n           ^"),
        "{text}"
    );
    // A name expression for a file that does not exist is an error too.
    let err = oxicc_build::Build::new()
        .kernels_dir(d.join("kernels"))
        .out_dir(d.join("out"))
        .name_expression("nope", "k")
        .compile()
        .unwrap_err();
    assert!(err.to_string().contains("kernels/nope.cu"));
    let _ = std::fs::remove_dir_all(&d);
}
