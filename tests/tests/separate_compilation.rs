//! `-rdc=true` / `-dc`: relocatable device code. `tests/kernels/rdc/main.cu` declares an
//! `extern __device__` variable and function that `lib.cu` defines. For both files:
//! oxicc's PTX gives every symbol the linkage nvcc's `-rdc=true` PTX gives it (`.extern`
//! for what is used but defined elsewhere, `.visible` for what another module may use,
//! nothing for module-local ones), `ptxas -c` assembles it into a relocatable object, and
//! `nvlink` links oxicc's two objects (and oxicc's main with nvcc's lib) into one cubin,
//! while main's object alone fails for the two undefined references.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use oxicc_tests::nvidia::{try_nvcc_ptx_with, ScratchFile};
use oxicc_tests::tools;

fn kernel(name: &str) -> PathBuf {
    oxicc_tests::kernels::kernels_root().join("rdc").join(name)
}

fn oxicc_rdc(name: &str, flag: &str) -> String {
    let path = kernel(name);
    let src = std::fs::read_to_string(&path).unwrap();
    let out = oxicc::Program::new(name, src)
        .compile(&["-arch=sm_90", flag])
        .unwrap();
    out.ptx.unwrap_or_else(|| panic!("{name}: {}", out.log))
}

/// `(linkage, kind, symbol)` of every module-scope `.extern`/`.visible` declaration.
fn linkage_forms(ptx: &str) -> BTreeSet<(String, String, String)> {
    ptx.lines()
        .filter(|l| l.starts_with(".extern") || l.starts_with(".visible"))
        .map(|l| {
            // Drop a function's return parameter: `(.param .b32 func_retval0)`.
            let rest = l.rsplit_once("func_retval0)").map_or(l, |(_, r)| r);
            let toks: Vec<&str> = l.split_whitespace().collect();
            let name = rest
                .split_whitespace()
                .find(|t| !t.starts_with('.') && !t.starts_with(|c: char| c.is_ascii_digit()))
                .unwrap_or("")
                .split(['(', '[', ';'])
                .next()
                .unwrap()
                .to_string();
            (toks[0].to_string(), toks[1].to_string(), name)
        })
        .collect()
}

/// `ptxas -c` (relocatable object); `Err` holds ptxas's messages.
fn ptxas_c(ptx: &str, object: &Path) -> Result<(), String> {
    let input = ScratchFile::new("ptx");
    std::fs::write(input.path(), ptx).unwrap();
    let out = Command::new(tools::ptxas())
        .args(["-c", "-arch=sm_90"])
        .arg(input.path())
        .arg("-o")
        .arg(object)
        .output()
        .unwrap();
    out.status
        .success()
        .then_some(())
        .ok_or_else(|| String::from_utf8_lossy(&out.stderr).into_owned())
}

/// `nvlink -arch=sm_90 objects… -o cubin`: its status and messages.
fn nvlink(objects: &[&Path]) -> (bool, String) {
    let nvlink = tools::nvidia_root().join("bin/nvlink");
    assert!(
        nvlink.is_file(),
        "nvlink is not installed at {}",
        nvlink.display()
    );
    let cubin = ScratchFile::new("cubin");
    let out = Command::new(&nvlink)
        .arg("-arch=sm_90")
        .args(objects)
        .arg("-o")
        .arg(cubin.path())
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    (out.status.success(), text)
}

#[test]
fn linkage_is_nvccs_and_the_objects_link() {
    let main_ptx = oxicc_rdc("main.cu", "-rdc=true");
    let lib_ptx = oxicc_rdc("lib.cu", "-dc");
    for (name, ours) in [("main.cu", &main_ptx), ("lib.cu", &lib_ptx)] {
        let theirs = try_nvcc_ptx_with(&kernel(name), 90, 3, &["-rdc=true"]).unwrap();
        assert_eq!(
            linkage_forms(ours),
            linkage_forms(&theirs),
            "{name}:\n{ours}"
        );
    }
    // What the comparison covers: both directions of linkage are present.
    let forms = linkage_forms(&main_ptx);
    assert!(forms.contains(&(".extern".into(), ".global".into(), "counter".into())));
    assert!(forms.contains(&(".extern".into(), ".func".into(), "_Z5scalef".into())));
    assert!(forms.contains(&(".visible".into(), ".func".into(), "_Z9unused_fnf".into())));

    let main_o = ScratchFile::new("o");
    let lib_o = ScratchFile::new("o");
    ptxas_c(&main_ptx, main_o.path()).unwrap();
    ptxas_c(&lib_ptx, lib_o.path()).unwrap();
    let (ok, text) = nvlink(&[main_o.path(), lib_o.path()]);
    assert!(ok, "nvlink: {text}");
    let (ok, text) = nvlink(&[main_o.path()]);
    assert!(!ok, "main alone links:\n{text}");
    assert!(
        text.contains("Undefined reference to '_Z5scalef'")
            && text.contains("Undefined reference to 'counter'"),
        "{text}"
    );

    // oxicc's main links with nvcc's lib.
    let nvcc_lib = try_nvcc_ptx_with(&kernel("lib.cu"), 90, 3, &["-rdc=true"]).unwrap();
    let nvcc_lib_o = ScratchFile::new("o");
    ptxas_c(&nvcc_lib, nvcc_lib_o.path()).unwrap();
    let (ok, text) = nvlink(&[main_o.path(), nvcc_lib_o.path()]);
    assert!(ok, "nvlink with nvcc's lib: {text}");
}

#[test]
fn without_rdc_an_extern_device_variable_is_a_local_definition_as_in_nvcc() {
    // nvcc: "warning #20044-D: extern declaration of the entity counter is treated as a
    // static definition"; the variable is then a zero-initialized module-local one.
    let src = "extern __device__ int counter;\n\
               __global__ void k(int *p) { p[0] = counter; counter = 1; }\n";
    let out = oxicc::Program::new("x.cu", src)
        .compile(&["-arch=sm_90"])
        .unwrap();
    assert!(
        out.log.contains(
            "x.cu:1:1: warning: extern declaration of the entity counter is treated as a static definition"
        ),
        "{}",
        out.log
    );
    let ptx = out.ptx.unwrap();
    oxicc_tests::ptxas_check(&ptx, 90).unwrap();
    assert!(ptx.contains("\n.global .align 4 .u32 counter;\n"), "{ptx}");
}
