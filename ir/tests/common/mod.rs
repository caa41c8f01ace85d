//! Helpers shared by the IR's CFG tests: building a function whose control flow is a given
//! graph.

use oxicc_ir::{Block, BlockCall, FuncKind, Function, FunctionBuilder, ParamKind, Signature, Type};

/// Builds a function with `n` blocks in layout order `0..n`, block `i` branching to
/// `edges[i]` (return for none, jump for one, brif for two, switch for more).
pub fn graph(n: usize, edges: &[(usize, usize)]) -> (Function, Vec<Block>) {
    let sig = Signature {
        params: vec![ParamKind::Value(Type::I1), ParamKind::Value(Type::I32)],
        ret: None,
    };
    let mut f = Function::new("g", sig, FuncKind::Device);
    let cond = f.params()[0];
    let sel = f.params()[1];
    let mut blocks = vec![f.entry()];
    for _ in 1..n {
        blocks.push(f.create_block());
    }
    let mut adjacency: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(from, to) in edges {
        adjacency[from].push(to);
    }
    let mut b = FunctionBuilder::new(&mut f);
    for (i, &blk) in blocks.iter().enumerate() {
        b.switch_to_block(blk);
        let succs: Vec<Block> = adjacency[i].iter().map(|&t| blocks[t]).collect();
        match succs.len() {
            0 => {
                b.ret(None);
            }
            1 => {
                b.jump(succs[0], vec![]);
            }
            2 => {
                b.branch(cond, BlockCall::plain(succs[0]), BlockCall::plain(succs[1]));
            }
            _ => {
                let cases = succs[1..]
                    .iter()
                    .enumerate()
                    .map(|(k, &s)| (k as u64, BlockCall::plain(s)))
                    .collect();
                b.switch(sel, cases, BlockCall::plain(succs[0]));
            }
        }
    }
    (f, blocks)
}
