//! stub
pub fn run(_f: &mut oxicc_ir::Function) -> bool {
    false
}
