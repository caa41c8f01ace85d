//! The launch file of a generated program: its grid and block, the `out` buffer (one 64-bit
//! value per output per thread), the `in` values, the `gbuf` slices and the `acc` slots.

use crate::print;
use crate::tree::{Program, ACC_OPS};

pub fn launch_json(p: &Program) -> String {
    let threads = (p.grid * p.block) as usize;
    let outs = print::outputs(p).len().max(1);
    let ins: Vec<String> = p.inputs.iter().map(u64::to_string).collect();
    let gbuf: Vec<String> = p.gbuf.iter().map(i32::to_string).collect();
    let acc: Vec<String> = ACC_OPS.iter().map(|a| a.1.to_string()).collect();
    format!(
        "{{\"grid\": [{}], \"block\": [{}], \"args\": [\n\
         {{\"buffer\": \"out\", \"type\": \"u64\", \"len\": {}}},\n\
         {{\"buffer\": \"in\", \"type\": \"u64\", \"data\": [{}]}},\n\
         {{\"buffer\": \"gbuf\", \"type\": \"i32\", \"data\": [{}]}},\n\
         {{\"buffer\": \"acc\", \"type\": \"u32\", \"data\": [{}]}}]}}\n",
        p.grid,
        p.block,
        threads * outs,
        ins.join(", "),
        gbuf.join(", "),
        acc.join(", ")
    )
}
