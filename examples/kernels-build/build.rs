//! Compiles `kernels/*.cu` to PTX with oxicc (no CUDA toolkit needed) and generates
//! `$OUT_DIR/oxicc_kernels.rs`.

fn main() {
    oxicc_build::Build::new()
        .arch("sm_80")
        .option("-O3")
        .name_expression("saxpy", "saxpy")
        .name_expression("scale", "scale<float, 4>")
        .name_expression("scale", "scale<int, 3>")
        .compile_or_exit();
}
