//! Device-runtime functions the CUDA driver provides at link time (cuda-samples
//! graphConditionalNodes: `cudaGraphSetConditional` from a kernel) are `.extern .func`
//! calls with nvcc's parameter list, not "not supported yet": the declaration oxicc writes
//! equals the one in nvcc's PTX of the same file, and ptxas assembles the PTX as
//! relocatable code (the symbol resolves at link time, as with nvcc's).

use oxicc_tests::nvidia::{ptxas_check_relocatable, ScratchFile};
use oxicc_tests::try_nvcc_ptx;

const SOURCE: &str = "#include <cuda_runtime.h>
__global__ void set_condition(cudaGraphConditionalHandle handle, const int *flag)
{
    if (threadIdx.x == 0)
        cudaGraphSetConditional(handle, flag[0] > 0 ? 1u : 0u);
}
";

/// The `.extern .func cudaGraphSetConditional(…)` declaration, whitespace-normalized.
fn extern_decl(ptx: &str) -> Option<String> {
    let start = ptx.find(".extern .func cudaGraphSetConditional")?;
    let end = start + ptx[start..].find(')')? + 1;
    Some(
        ptx[start..end]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" "),
    )
}

#[test]
fn cuda_graph_set_conditional_is_an_extern_call_as_nvcc_writes_it() {
    let src = ScratchFile::new("cu");
    std::fs::write(src.path(), SOURCE).unwrap();
    let nvcc = try_nvcc_ptx(src.path(), 90, 3).unwrap_or_else(|e| panic!("{e}"));
    let program = oxicc::Program::new("cond.cu", SOURCE);
    let out = program.compile(&["-arch=sm_90".to_string()]).unwrap();
    let ptx = out.ptx.clone().unwrap_or_else(|| panic!("{}", out.log));
    assert!(out.log.is_empty(), "{}", out.log);
    let want = extern_decl(&nvcc).expect("nvcc declares cudaGraphSetConditional");
    assert_eq!(extern_decl(&ptx).as_deref(), Some(want.as_str()), "\n{ptx}");
    assert!(ptx.contains("cudaGraphSetConditional,"), "no call:\n{ptx}");
    ptxas_check_relocatable(&ptx, 90).unwrap_or_else(|e| panic!("{e}\n{ptx}"));
}
