//! liboxicc_nvrtc against NVIDIA's libnvrtc.so.13, driven by the same Python ctypes script
//! (`nvrtc_calls.py`): every result code (misuse included) and every lowered name must be
//! NVIDIA's, and both PTX texts must be accepted by ptxas. Also a C program built with the
//! host `cc` against our `include/nvrtc.h` and linked with the library.

#[path = "../../compiler/tests/ptxas_support/mod.rs"]
mod ptxas_support;

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

fn nvidia_root() -> PathBuf {
    match std::env::var_os("OXICC_NVIDIA_ROOT") {
        Some(r) if !r.is_empty() => PathBuf::from(r),
        _ => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.tools/nvidia/nvidia/cu13"),
    }
}

/// The cdylib cargo built next to this test binary (`target/<profile>/deps`).
fn our_library() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let deps = exe.parent().unwrap();
    for dir in [deps, deps.parent().unwrap()] {
        let p = dir.join("liboxicc_nvrtc.so");
        if p.is_file() {
            return p;
        }
    }
    panic!("liboxicc_nvrtc.so not found near {}", exe.display());
}

fn run_script(lib: &std::path::Path) -> Value {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/nvrtc_calls.py");
    let out = Command::new("python3")
        .arg(&script)
        .arg("--lib")
        .arg(lib)
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "nvrtc_calls.py --lib {} failed: {}",
        lib.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("the script prints JSON")
}

#[test]
fn same_codes_lowered_names_and_assemblable_ptx_as_nvidia_nvrtc() {
    let nvidia_lib = nvidia_root().join("lib/libnvrtc.so.13");
    assert!(
        nvidia_lib.is_file(),
        "{} is missing: run tools/install-nvidia-tools.sh",
        nvidia_lib.display()
    );
    let theirs = run_script(&nvidia_lib);
    let ours = run_script(&our_library());

    let (tc, oc) = (&theirs["codes"], &ours["codes"]);
    let mut differ = Vec::new();
    for (k, v) in tc.as_object().unwrap() {
        if oc.get(k) != Some(v) {
            differ.push(format!(
                "{k}: NVIDIA {v}, oxicc {}",
                oc.get(k).unwrap_or(&Value::Null)
            ));
        }
    }
    assert!(
        differ.is_empty(),
        "result codes differ:\n{}",
        differ.join("\n")
    );
    assert_eq!(
        theirs["codes"]["compile"], 0,
        "NVIDIA's compile failed: {}",
        theirs["log"]
    );

    // Everything else the script records, except what legitimately differs (the PTX, the
    // log text and the list of architectures).
    for k in [
        "lowered",
        "error_strings",
        "ptx_size_before_compile",
        "log_size_before_compile",
        "unknown_option_log_names_it",
        "cubin_size",
        "ltoir_size",
        "handle_after_destroy",
        "error_log_names_the_line",
        "ptx_size_after_error",
    ] {
        assert_eq!(theirs[k], ours[k], "{k} differs");
    }
    let lowered = ours["lowered"].as_object().unwrap();
    assert_eq!(lowered.len(), 10);
    assert!(lowered.values().all(|v| v.is_string()));

    // Both PTX texts assemble, and ours defines every kernel a name expression named.
    let ptx = ours["ptx"].as_str().unwrap();
    ptxas_support::assert_ptxas_accepts(ptx, 80, "liboxicc_nvrtc's PTX");
    ptxas_support::assert_ptxas_accepts(theirs["ptx"].as_str().unwrap(), 80, "NVRTC's PTX");
    for name in lowered
        .values()
        .filter_map(Value::as_str)
        .filter(|n| n.starts_with("_Z"))
    {
        assert!(
            ptx.contains(&format!(".entry {name}(")),
            "no .entry {name} in\n{ptx}"
        );
    }
    // Our supported architectures are a subset of NVIDIA's.
    let nv_archs = theirs["archs"].as_array().unwrap();
    for a in ours["archs"].as_array().unwrap() {
        assert!(nv_archs.contains(a), "sm_{a} is not an NVRTC architecture");
    }
}

#[test]
fn a_c_program_built_against_our_header_compiles_through_the_library() {
    let lib = our_library();
    let dir = std::env::temp_dir().join(format!("oxicc-nvrtc-c-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let exe = dir.join("compile_and_run");
    let lib_dir = lib.parent().unwrap();
    let st = Command::new("cc")
        .arg("-std=c99")
        .arg("-Wall")
        .arg("-Werror")
        .arg("-I")
        .arg(manifest.join("include"))
        .arg(manifest.join("tests/compile_and_run.c"))
        .arg("-o")
        .arg(&exe)
        .arg(format!("-L{}", lib_dir.display()))
        .arg(format!("-Wl,-rpath,{}", lib_dir.display()))
        .arg("-loxicc_nvrtc")
        .status()
        .expect("cc runs");
    assert!(st.success(), "cc failed");
    let ptx_file = dir.join("scale.ptx");
    let out = Command::new(&exe).arg(&ptx_file).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // nvcc's name for scale<float, 3> (template arguments, then the return type and the
    // parameter written as T*).
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "_Z5scaleIfLi3EEvPT_"
    );
    let ptx = std::fs::read_to_string(&ptx_file).unwrap();
    assert!(ptx.contains(".entry _Z5scaleIfLi3EEvPT_("));
    assert!(ptx.contains(".target sm_80"));
    ptxas_support::assert_ptxas_accepts(&ptx, 80, "the C program's PTX");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A panic inside the library must not unwind into C: the entry points catch it.
#[test]
fn entry_points_answer_errors_not_panics_on_hostile_input() {
    use oxicc_nvrtc::*;
    use std::ffi::CString;
    let src = CString::new("__global__ void k(int *p) { p[0] = ((((((1)))))); }").unwrap();
    let mut prog: NvrtcProgram = std::ptr::null_mut();
    unsafe {
        assert_eq!(
            nvrtcCreateProgram(
                &mut prog,
                src.as_ptr(),
                std::ptr::null(),
                0,
                std::ptr::null(),
                std::ptr::null()
            ),
            NVRTC_SUCCESS
        );
        let opts = [c"-arch=sm_90".as_ptr(), std::ptr::null()];
        assert_eq!(
            nvrtcCompileProgram(prog, 2, opts.as_ptr()),
            NVRTC_ERROR_INVALID_OPTION
        );
        assert_eq!(
            nvrtcCompileProgram(prog, -1, opts.as_ptr()),
            NVRTC_ERROR_INVALID_OPTION
        );
        assert_eq!(nvrtcCompileProgram(prog, 1, opts.as_ptr()), NVRTC_SUCCESS);
        let mut size = 0usize;
        assert_eq!(nvrtcGetPTXSize(prog, &mut size), NVRTC_SUCCESS);
        assert!(size > 100);
        assert_eq!(nvrtcDestroyProgram(&mut prog), NVRTC_SUCCESS);
        assert!(prog.is_null());
    }
}
