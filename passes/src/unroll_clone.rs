//! The loop-copying engine of `loop-unroll`: lays out `n` copies of a loop's body in a chain
//! and decides per copy what its counted exit test does.
//!
//! Copy 0 is the original blocks; copies 1 … n-1 are fresh blocks, parameters and
//! instructions cloned through a value map. The back edge of copy `c` goes to the header of
//! copy `c + 1`; that of the last copy goes back to copy 0 (partial unrolling) or nowhere
//! (full unrolling: it must be unreachable, because the last copy's test is forced to
//! leave). Branches between blocks of one copy, inner loops included, stay inside the copy.
//!
//! Values defined in the loop and used after it need care, since each copy has its own
//! version. When there are such *live-outs*, the loop's exit edges must all go to one block
//! (one edge, or a search loop's `j >= 0` and `v[j] > x` tests both leaving to the code
//! after it), and each live-out must be defined in a block dominating every exiting block;
//! the edges are first redirected to a *landing block* whose parameters receive the
//! live-outs, and every use after the loop reads the landing block's parameters instead.
//! Every path to such a use leaves the loop through one of those edges, so the landing block
//! dominates it. Each copy's exit edges then pass their own versions. Cost: linear in `n` × the loop's size, plus one scan of
//! the function.

use hashbrown::{HashMap, HashSet};
use oxicc_ir::{
    Block, BlockCall, Cfg, DomTree, Function, Inst, InstData, UnrollHint, Value, ValueDef,
};

/// What a copy's exit test becomes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TestFate {
    /// The `brif` stays as it is.
    Keep,
    /// Known to stay in the loop: a `jump` to the in-loop target.
    Stay,
    /// Known to leave: a `jump` to the exit.
    Leave,
}

/// How to unroll one loop.
pub struct Plan {
    /// The loop's blocks, header first.
    pub body: Vec<Block>,
    /// The block holding the exit test the fates apply to, if any.
    pub exiting: Option<Block>,
    /// One fate per copy (`fates.len()` copies).
    pub fates: Vec<TestFate>,
    /// True when the last copy's back edge returns to copy 0 (partial unrolling).
    pub keep_back_edge: bool,
}

/// Why a loop could not be copied.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CloneError {
    /// Values live after the loop and more than one exit edge.
    LiveOutsWithSeveralExits,
}

/// An edge leaving the loop: the block and the index of the successor.
type ExitEdge = (Block, usize);

/// Checks the plan against the loop; returns the exit edges (block, successor index) and
/// the live-outs, or why it cannot be done.
fn exits_and_live_outs(
    func: &Function,
    in_body: &HashSet<Block>,
) -> Result<(Vec<ExitEdge>, Vec<Value>), CloneError> {
    let mut exits = Vec::new();
    for &b in func.layout.iter().filter(|b| in_body.contains(*b)) {
        if let Some(t) = func.terminator(b) {
            for (k, call) in func.insts[t].data.successors().iter().enumerate() {
                if !in_body.contains(&call.block) {
                    exits.push((b, k));
                }
            }
        }
    }
    let loop_insts: HashSet<Inst> = in_body
        .iter()
        .flat_map(|&b| func.blocks[b].insts.iter().copied())
        .collect();
    let mut seen = HashSet::new();
    let mut live_outs = Vec::new();
    for &b in func.layout.iter().filter(|b| !in_body.contains(*b)) {
        for &i in &func.blocks[b].insts {
            func.insts[i].data.for_each_arg(|v| {
                let in_loop = match func.values[v].def {
                    ValueDef::Param(pb, _) => in_body.contains(&pb),
                    ValueDef::Result(d) => loop_insts.contains(&d),
                };
                if in_loop && seen.insert(v) {
                    live_outs.push(v);
                }
            });
        }
    }
    if !live_outs.is_empty()
        && exits.len() != 1
        && !one_landing_serves(func, in_body, &exits, &live_outs)
    {
        return Err(CloneError::LiveOutsWithSeveralExits);
    }
    Ok((exits, live_outs))
}

/// Whether one landing block can take the live-outs of several exit edges: every edge goes
/// to the same block (a `while (j >= 0 && v[j] > x)` leaves from both tests to the code
/// after it), and every live-out is defined in a block that dominates every exiting block,
/// so each edge can pass its own version.
fn one_landing_serves(
    func: &Function,
    in_body: &HashSet<Block>,
    exits: &[ExitEdge],
    live_outs: &[Value],
) -> bool {
    let target = |&(b, k): &ExitEdge| {
        let t = func.terminator(b).expect("exit edge has a terminator");
        func.insts[t].data.successors()[k].block
    };
    let first = target(&exits[0]);
    if exits.iter().any(|e| target(e) != first) {
        return false;
    }
    let cfg = Cfg::compute(func);
    let dom = DomTree::compute(func, &cfg);
    let block_of: HashMap<Inst, Block> = in_body
        .iter()
        .flat_map(|&b| func.blocks[b].insts.iter().map(move |&i| (i, b)))
        .collect();
    live_outs.iter().all(|&v| {
        let def_block = match func.values[v].def {
            ValueDef::Param(b, _) => Some(b),
            ValueDef::Result(i) => block_of.get(&i).copied(),
        };
        def_block.is_some_and(|d| exits.iter().all(|&(b, _)| dom.dominates(d, b)))
    })
}

/// Applies `plan` to `func`. The caller has checked that the loop is a natural loop with the
/// single latch `plan.latch` and that the fates are right for its exit test.
pub fn unroll(func: &mut Function, plan: &Plan) -> Result<(), CloneError> {
    let header = plan.body[0];
    let in_body: HashSet<Block> = plan.body.iter().copied().collect();
    let (exits, live_outs) = exits_and_live_outs(func, &in_body)?;
    if !live_outs.is_empty() {
        add_landing_block(func, &in_body, &exits, &live_outs);
    }
    let copies = plan.fates.len();
    // Which successor of the exit test leaves the loop (positions survive retargeting).
    let exit_index = match plan.exiting.and_then(|e| func.terminator(e)) {
        Some(t) => match &func.insts[t].data {
            InstData::Branch { then_dest, .. } if !in_body.contains(&then_dest.block) => 0,
            _ => 1,
        },
        None => 1,
    };

    // Clone copies 1..n from the pristine original (before copy 0's edges change).
    let mut block_maps: Vec<HashMap<Block, Block>> = vec![HashMap::new()];
    let mut value_maps: Vec<HashMap<Value, Value>> = vec![HashMap::new()];
    let mut new_insts: Vec<Vec<Inst>> = vec![Vec::new()];
    for _ in 1..copies {
        let (bm, vm, insts) = clone_blocks(func, &plan.body);
        block_maps.push(bm);
        value_maps.push(vm);
        new_insts.push(insts);
    }
    // Rewrite operands and targets of every copy (copy 0 only has its back edge moved).
    for c in 0..copies {
        let next_header = if c + 1 < copies {
            Some(block_maps[c + 1].get(&header).copied().unwrap_or(header))
        } else if plan.keep_back_edge {
            Some(header)
        } else {
            None
        };
        let blocks: Vec<Block> = plan
            .body
            .iter()
            .map(|b| *block_maps[c].get(b).unwrap_or(b))
            .collect();
        for &i in &new_insts[c] {
            let vm = &value_maps[c];
            func.insts[i].data.map_args(|v| *vm.get(&v).unwrap_or(&v));
        }
        for (&orig, &b) in plan.body.iter().zip(&blocks) {
            let Some(t) = func.terminator(b) else {
                continue;
            };
            let bm = &block_maps[c];
            let mut dead_back_edge = false;
            for call in func.insts[t].data.successors_mut() {
                if call.block == header {
                    match next_header {
                        Some(h) => call.block = h,
                        None => dead_back_edge = true,
                    }
                } else if let Some(&m) = bm.get(&call.block) {
                    call.block = m;
                }
            }
            if Some(orig) == plan.exiting {
                apply_fate(func, t, exit_index, plan.fates[c]);
            } else if dead_back_edge {
                func.insts[t].data = InstData::Unreachable;
            }
        }
    }
    // Lay the copies out after the loop's last block.
    let last_pos = func
        .layout
        .iter()
        .rposition(|b| in_body.contains(b))
        .unwrap_or(func.layout.len() - 1);
    let mut added = Vec::new();
    for bm in &block_maps[1..] {
        added.extend(plan.body.iter().map(|b| bm[b]));
    }
    func.layout.splice(last_pos + 1..last_pos + 1, added);
    // The copies of the unrolled header are no longer loop headers (or must not be unrolled
    // again); inner loops keep their pragmas in every copy.
    for bm in &block_maps[1..] {
        func.blocks[bm[&header]].unroll = UnrollHint::None;
    }
    func.blocks[header].unroll = if plan.keep_back_edge {
        UnrollHint::Count(1)
    } else {
        UnrollHint::None
    };
    crate::util::remove_unreachable_blocks(func);
    Ok(())
}

/// Turns the exit test `t` (a `brif` already retargeted for its copy, whose successor
/// `exit_index` leaves the loop) into what `fate` says.
fn apply_fate(func: &mut Function, t: Inst, exit_index: usize, fate: TestFate) {
    let InstData::Branch {
        then_dest,
        else_dest,
        ..
    } = &func.insts[t].data
    else {
        return;
    };
    let (stay, leave) = if exit_index == 1 {
        (then_dest.clone(), else_dest.clone())
    } else {
        (else_dest.clone(), then_dest.clone())
    };
    match fate {
        TestFate::Keep => {}
        TestFate::Stay => func.insts[t].data = InstData::Jump { dest: stay },
        TestFate::Leave => func.insts[t].data = InstData::Jump { dest: leave },
    }
}

/// Creates one copy of `body`: new blocks with new parameters and cloned instructions whose
/// operands are not yet remapped. Returns the block map, the value map and the new
/// instructions.
pub(crate) fn clone_blocks(
    func: &mut Function,
    body: &[Block],
) -> (HashMap<Block, Block>, HashMap<Value, Value>, Vec<Inst>) {
    let mut bm = HashMap::new();
    let mut vm = HashMap::new();
    let mut insts = Vec::new();
    for &b in body {
        let nb = func.create_block();
        func.blocks[nb].unroll = func.blocks[b].unroll;
        bm.insert(b, nb);
        for p in func.blocks[b].params.clone() {
            let ty = func.value_type(p);
            let np = func.append_block_param(nb, ty);
            vm.insert(p, np);
        }
    }
    for &b in body {
        let nb = bm[&b];
        for i in func.blocks[b].insts.clone() {
            let node = func.insts[i].clone();
            let ty = node.result.map(|r| func.value_type(r));
            let ni = func.make_inst(node.data, ty);
            let loc = func.loc(i);
            func.set_loc(ni, loc);
            if let (Some(r), Some(nr)) = (node.result, func.insts[ni].result) {
                vm.insert(r, nr);
            }
            func.blocks[nb].insts.push(ni);
            insts.push(ni);
        }
    }
    (bm, vm, insts)
}

/// Splits the exit edges (all to one block) with a new block whose parameters carry the
/// edges' arguments followed by the live-outs, and makes every use after the loop read
/// those.
fn add_landing_block(
    func: &mut Function,
    in_body: &HashSet<Block>,
    exits: &[ExitEdge],
    live_outs: &[Value],
) {
    let (block, k) = exits[0];
    let t = func.terminator(block).expect("exit edge has a terminator");
    let call = func.insts[t].data.successors()[k].clone();
    let landing = func.create_block();
    let mut forwarded = Vec::new();
    for &a in &call.args {
        let ty = func.value_type(a);
        forwarded.push(func.append_block_param(landing, ty));
    }
    let mut replace: HashMap<Value, Value> = HashMap::new();
    for &v in live_outs {
        let ty = func.value_type(v);
        let p = func.append_block_param(landing, ty);
        replace.insert(v, p);
    }
    // Uses after the loop read the landing block's parameters.
    let outside: Vec<Block> = func
        .layout
        .iter()
        .copied()
        .filter(|b| !in_body.contains(b))
        .collect();
    for b in outside {
        for &i in &func.blocks[b].insts {
            func.insts[i]
                .data
                .map_args(|v| *replace.get(&v).unwrap_or(&v));
        }
    }
    let jump = func.make_inst(
        InstData::Jump {
            dest: BlockCall::new(call.block, forwarded),
        },
        None,
    );
    func.blocks[landing].insts.push(jump);
    for &(b, k) in exits {
        let t = func.terminator(b).expect("exit edge has a terminator");
        let mut args = func.insts[t].data.successors()[k].args.clone();
        args.extend_from_slice(live_outs);
        func.insts[t].data.successors_mut()[k].clone_from(&BlockCall::new(landing, args));
    }
    let pos = func
        .layout
        .iter()
        .position(|&b| b == block)
        .expect("exit block is laid out");
    func.layout.insert(pos + 1, landing);
}
