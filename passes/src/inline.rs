//! stub
pub fn run(_f: &mut oxicc_ir::Module) -> bool {
    false
}
pub fn run_always(_f: &mut oxicc_ir::Module) -> bool {
    false
}
