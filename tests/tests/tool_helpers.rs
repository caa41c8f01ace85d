//! Checks of the test helpers themselves against the real NVIDIA tools: discovery finds
//! the installed tools, `ptxas_check` rejects broken PTX and accepts nvcc's, and the
//! `.entry` reader agrees with nvcc on a known file.

use oxicc_tests::{entry_names, nvcc_ptx, ptxas_check, tools};

const TINY_KERNEL: &str = "tests/kernels/c/elementwise_saxpy.cu";

#[test]
fn installed_tools_are_found() {
    assert!(tools::ptxas().is_file());
    assert!(tools::nvcc().is_file());
    assert!(tools::nvrtc_lib().is_file());
}

#[test]
fn ptxas_check_rejects_invalid_ptx() {
    let broken = ".version 9.5\n.target sm_75\n.address_size 64\n\
                  .visible .entry k()\n{\n\tnot_an_instruction %r1;\n\tret;\n}\n";
    let error = ptxas_check(broken, 75).expect_err("ptxas must reject an unknown instruction");
    assert!(error.contains("ptxas"), "unexpected message: {error}");
}

#[test]
fn ptxas_check_accepts_nvcc_output_for_each_suite_target() {
    let source = tools::repo_root().join(TINY_KERNEL);
    for sm in [75, 80, 90] {
        let ptx = nvcc_ptx(&source, sm, 3);
        ptxas_check(&ptx, sm).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn entry_names_match_nvcc_mangling() {
    // The Itanium names are written out by hand from the signatures in the file.
    let ptx = nvcc_ptx(&tools::repo_root().join(TINY_KERNEL), 75, 0);
    let names: Vec<String> = entry_names(&ptx).into_iter().collect();
    assert_eq!(
        names,
        [
            "_Z14scale_add_biasPfPKfffj",
            "_Z5daxpyidPKdPd",
            "_Z5saxpyifPKfPf"
        ]
    );
}
