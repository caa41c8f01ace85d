//! The kernels of `kernels/`, compiled to PTX by oxicc-build at `cargo build` time, and a
//! host side that launches them with cudarc.

include!(concat!(env!("OUT_DIR"), "/oxicc_kernels.rs"));

use std::sync::Arc;

use cudarc::driver::{CudaContext, LaunchConfig, PushKernelArg};
use cudarc::nvrtc::Ptx;

/// Runs `y = a * x + y` on GPU 0 with the PTX oxicc built; `Err` says why it could not
/// (no CUDA driver on this machine, no GPU, a driver error).
pub fn saxpy_on_gpu(a: f32, x: &[f32], y: &[f32]) -> Result<Vec<f32>, String> {
    let ctx = open_gpu()?;
    let module = ctx
        .load_module(Ptx::from_src(saxpy::PTX))
        .map_err(|e| format!("loading the PTX: {e}"))?;
    let name = saxpy::lowered("saxpy").ok_or("saxpy has no lowered name")?;
    let f = module.load_function(name).map_err(|e| e.to_string())?;
    let stream = ctx.default_stream();
    let dx = stream.clone_htod(x).map_err(|e| e.to_string())?;
    let mut dy = stream.clone_htod(y).map_err(|e| e.to_string())?;
    let n = x.len() as i32;
    let mut launch = stream.launch_builder(&f);
    launch.arg(&n).arg(&a).arg(&dx).arg(&mut dy);
    // SAFETY: the arguments match the kernel's parameters (int, float, const float*, float*).
    unsafe { launch.launch(LaunchConfig::for_num_elems(n as u32)) }.map_err(|e| e.to_string())?;
    stream.clone_dtoh(&dy).map_err(|e| e.to_string())
}

/// GPU 0's context, or why there is none.
fn open_gpu() -> Result<Arc<CudaContext>, String> {
    // SAFETY: only tries to load the driver library (cudarc would panic without it).
    if !unsafe { cudarc::driver::sys::is_culib_present() } {
        return Err("the CUDA driver library (libcuda.so) is not installed".into());
    }
    CudaContext::new(0).map_err(|e| format!("no usable GPU: {e}"))
}
