//! `infer-address-spaces`: proves which PTX state space a generic pointer points into, and
//! rewrites loads, stores and atomics through it to use a pointer of that space, so the
//! backend emits `ld.global`/`ld.shared`/`ld.local`/`ld.const` instead of generic `ld`.
//!
//! **Sources.** A generic pointer has a known space when it is
//! - an `addrspacecast` to generic of a specific-space pointer (the front end casts
//!   `globaladdr`/`stackaddr` results this way when it needs a generic pointer), or
//! - a generic pointer parameter of a *kernel*, which is assumed to point to global memory.
//!
//! The kernel-parameter rule is an assumption, the same one NVVM makes (`NVPTXLowerArgs`:
//! nvcc emits `cvta.to.global` on every pointer parameter of a kernel). It holds in CUDA's
//! model because a kernel is launched from the host, and the only device addresses the host
//! can obtain are in the global window: `cudaMalloc`, `cudaGetSymbolAddress` (also for
//! `__constant__` variables, whose storage is global memory), managed and mapped host memory.
//! Shared and local addresses exist only inside a running thread block and cannot be
//! passed at launch. A null or dangling pointer stays undefined behaviour either way.
//!
//! **Propagation.** Known spaces flow forward through `ptradd`, `select` (both operands must
//! agree) and block parameters (all incoming arguments must agree), optimistically, so a
//! pointer advanced around a loop keeps its space. The lattice per generic pointer is
//! `Unknown` (no information yet) above `In(space)` above `Generic` (two spaces meet, or the
//! pointer comes from a load, a call, `inttoptr` or a device-function parameter); every
//! value descends at most twice, so the worklist is linear in the def-use graph. A pointer
//! that may come from two spaces stays generic.
//!
//! **Rewrite.** For each memory access through a pointer proved to be in space `s`, the
//! chain that computes the pointer is rebuilt in space `s` next to the generic one
//! (`ptradd.ptr.s`, `select`, a new block parameter of type `ptr.s`, and one `addrspacecast`
//! per kernel parameter, placed at the nearest common dominator of its uses outside loops,
//! as nvcc's `cvta.to.global` ends up), and the access uses it. Generic values that lose
//! all their uses are left to `dce`. Stores and atomics are only moved to spaces where PTX
//! allows them (no stores to `const`, atomics only on `global`/`shared`); nothing is ever
//! moved to `param`, whose accesses the backend handles by symbol.

use crate::util;
use oxicc_ir::{
    AddrSpace, Block, CastOp, Cfg, DomTree, FuncKind, Function, Inst, InstData, LoopInfo,
    SecondaryMap, Type, Value, ValueDef,
};

/// What is known about the space a generic pointer points into.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
enum Space {
    /// Nothing reached this value yet (optimistic start).
    #[default]
    Unknown,
    /// Always points into this specific space.
    In(AddrSpace),
    /// May point anywhere.
    Generic,
}

fn meet(a: Space, b: Space) -> Space {
    match (a, b) {
        (Space::Unknown, x) | (x, Space::Unknown) => x,
        (Space::In(x), Space::In(y)) if x == y => a,
        _ => Space::Generic,
    }
}

const GENERIC: Type = Type::Ptr(AddrSpace::Generic);

/// The result of the forward analysis.
struct Analysis {
    state: SecondaryMap<Value, Space>,
    /// For each non-entry block parameter of generic pointer type, the arguments it receives.
    incoming: SecondaryMap<Value, Vec<Value>>,
}

pub fn run(func: &mut Function) -> bool {
    if func.is_declaration() {
        return false;
    }
    // Only reachable code is rewritten; removing the rest first means every argument that
    // reaches a rewritten block parameter comes from code the analysis has seen.
    let mut changed = util::remove_unreachable_blocks(func);
    let analysis = analyze(func);
    changed |= rewrite(func, &analysis);
    changed
}

fn analyze(func: &Function) -> Analysis {
    let nvals = func.values.len();
    let mut state: SecondaryMap<Value, Space> = SecondaryMap::with_capacity(nvals, Space::Unknown);
    // Derived values of each generic pointer (ptradd/select results, block parameters).
    let mut users: SecondaryMap<Value, Vec<Value>> = SecondaryMap::with_capacity(nvals, Vec::new());
    let mut incoming: SecondaryMap<Value, Vec<Value>> =
        SecondaryMap::with_capacity(nvals, Vec::new());
    let mut all_generic: Vec<Value> = Vec::new();
    let mut work: Vec<Value> = Vec::new();

    let entry = func.entry();
    let param_space = if func.kind == FuncKind::Kernel {
        Space::In(AddrSpace::Global)
    } else {
        Space::Generic
    };
    for &p in func.params() {
        if func.value_type(p) == GENERIC {
            state[p] = param_space;
            work.push(p);
        }
    }
    for &b in &func.layout {
        if b != entry {
            all_generic.extend(
                func.blocks[b]
                    .params
                    .iter()
                    .copied()
                    .filter(|&p| func.value_type(p) == GENERIC),
            );
        }
        for &i in &func.blocks[b].insts {
            let data = &func.insts[i].data;
            for call in data.successors() {
                let params = &func.blocks[call.block].params;
                for (&arg, &param) in call.args.iter().zip(params) {
                    if func.value_type(param) == GENERIC {
                        users[arg].push(param);
                        incoming[param].push(arg);
                    }
                }
            }
            let Some(r) = func.insts[i].result else {
                continue;
            };
            if func.value_type(r) != GENERIC {
                continue;
            }
            all_generic.push(r);
            match *data {
                InstData::PtrAdd { ptr, .. } => users[ptr].push(r),
                InstData::Select {
                    if_true, if_false, ..
                } => {
                    users[if_true].push(r);
                    if if_false != if_true {
                        users[if_false].push(r);
                    }
                }
                InstData::Cast {
                    op: CastOp::AddrSpaceCast,
                    arg,
                    ..
                } => {
                    state[r] = match func.value_type(arg) {
                        Type::Ptr(s) if s != AddrSpace::Generic => Space::In(s),
                        _ => Space::Generic,
                    };
                    work.push(r);
                }
                _ => {
                    state[r] = Space::Generic;
                    work.push(r);
                }
            }
        }
    }
    propagate(&mut state, &users, &mut work);
    // Values no source reached can only be fed by cycles of block parameters without an entry
    // edge; there is nothing to prove about them, so they are generic. After this, every value
    // in a specific space has all its inputs in that same space.
    for &v in &all_generic {
        if state[v] == Space::Unknown {
            state[v] = Space::Generic;
            work.push(v);
        }
    }
    propagate(&mut state, &users, &mut work);
    Analysis { state, incoming }
}

/// Pushes each changed value's state into its derived values until nothing changes.
fn propagate(
    state: &mut SecondaryMap<Value, Space>,
    users: &SecondaryMap<Value, Vec<Value>>,
    work: &mut Vec<Value>,
) {
    while let Some(v) = work.pop() {
        let s = state[v];
        for &u in &users[v] {
            let m = meet(state[u], s);
            if m != state[u] {
                state[u] = m;
                work.push(u);
            }
        }
    }
}

/// Whether an access of this kind may be moved to space `s`.
fn access_allowed(data: &InstData, s: AddrSpace) -> bool {
    match data {
        InstData::Load { .. } => s != AddrSpace::Param,
        InstData::Store { .. } => !matches!(s, AddrSpace::Param | AddrSpace::Const),
        InstData::AtomicRmw { .. } | InstData::AtomicCas { .. } => {
            matches!(s, AddrSpace::Global | AddrSpace::Shared)
        }
        _ => false,
    }
}

/// The pointer operand of a memory access.
fn access_ptr(data: &InstData) -> Option<Value> {
    match *data {
        InstData::Load { ptr, .. }
        | InstData::Store { ptr, .. }
        | InstData::AtomicRmw { ptr, .. }
        | InstData::AtomicCas { ptr, .. } => Some(ptr),
        _ => None,
    }
}

fn set_access_ptr(data: &mut InstData, new_ptr: Value) {
    match data {
        InstData::Load { ptr, .. }
        | InstData::Store { ptr, .. }
        | InstData::AtomicRmw { ptr, .. }
        | InstData::AtomicCas { ptr, .. } => *ptr = new_ptr,
        _ => {}
    }
}

fn rewrite(func: &mut Function, an: &Analysis) -> bool {
    let space_of = |v: Value| match an.state[v] {
        Space::In(s) => Some(s),
        _ => None,
    };
    // 1. The accesses to rewrite.
    let mut accesses: Vec<(Inst, Value, Block)> = Vec::new();
    for &b in &func.layout {
        for &i in &func.blocks[b].insts {
            let data = &func.insts[i].data;
            let Some(p) = access_ptr(data) else { continue };
            if func.value_type(p) != GENERIC {
                continue;
            }
            if let Some(s) = space_of(p) {
                if access_allowed(data, s) {
                    accesses.push((i, p, b));
                }
            }
        }
    }
    if accesses.is_empty() {
        return false;
    }

    // 2. Every generic value whose specific-space twin is needed: the accessed pointers and,
    // transitively, the inputs they are computed from.
    let mut need: SecondaryMap<Value, bool> = util::mask(func.values.len());
    let mut stack: Vec<Value> = accesses.iter().map(|&(_, p, _)| p).collect();
    while let Some(v) = stack.pop() {
        if need[v] {
            continue;
        }
        need[v] = true;
        match func.values[v].def {
            ValueDef::Param(..) => stack.extend(an.incoming[v].iter().copied()),
            ValueDef::Result(i) => match func.insts[i].data {
                InstData::PtrAdd { ptr, .. } => stack.push(ptr),
                InstData::Select {
                    if_true, if_false, ..
                } => {
                    stack.push(if_true);
                    stack.push(if_false);
                }
                _ => {}
            },
        }
    }

    // 3. Twins of block parameters first (they may be used before their arguments are
    // built, around loops), then instructions in reverse postorder, so each instruction's
    // operands have their twins already.
    let mut twin: SecondaryMap<Value, Option<Value>> =
        SecondaryMap::with_capacity(func.values.len(), None);
    let entry = func.entry();
    // (block, position of the old parameter, new parameter) for the branch arguments.
    let mut new_params: SecondaryMap<Block, Vec<(usize, Value)>> =
        SecondaryMap::with_capacity(func.blocks.len(), Vec::new());
    let mut param_casts: Vec<(Value, Inst)> = Vec::new();
    for bi in 0..func.layout.len() {
        let b = func.layout[bi];
        for n in 0..func.blocks[b].params.len() {
            let p = func.blocks[b].params[n];
            if !need[p] {
                continue;
            }
            let Some(s) = space_of(p) else { continue };
            if b == entry {
                let cast = func.make_inst(
                    InstData::Cast {
                        op: CastOp::AddrSpaceCast,
                        arg: p,
                        to: Type::Ptr(s),
                    },
                    Some(Type::Ptr(s)),
                );
                twin[p] = Some(func.result(cast));
                param_casts.push((p, cast));
            } else {
                let np = func.append_block_param(b, Type::Ptr(s));
                twin[p] = Some(np);
                new_params[b].push((n, np));
            }
        }
    }
    let cfg = Cfg::compute(func);
    let mut after: SecondaryMap<Inst, Option<Inst>> =
        SecondaryMap::with_capacity(func.insts.len(), None);
    for &b in cfg.rpo() {
        for ii in 0..func.blocks[b].insts.len() {
            let i = func.blocks[b].insts[ii];
            let Some(r) = func.insts[i].result else {
                continue;
            };
            if !need[r] {
                continue;
            }
            let Some(s) = space_of(r) else { continue };
            let ty = Type::Ptr(s);
            let data = match func.insts[i].data {
                InstData::Cast { arg, .. } => {
                    twin[r] = Some(arg);
                    continue;
                }
                InstData::PtrAdd { ptr, offset } => InstData::PtrAdd {
                    ptr: twin[ptr].unwrap_or(ptr),
                    offset,
                },
                InstData::Select {
                    cond,
                    if_true,
                    if_false,
                } => InstData::Select {
                    cond,
                    if_true: twin[if_true].unwrap_or(if_true),
                    if_false: twin[if_false].unwrap_or(if_false),
                },
                _ => continue,
            };
            let new = func.make_inst(data, Some(ty));
            twin[r] = Some(func.result(new));
            after[i] = Some(new);
        }
    }

    // 4. Place the new instructions right after their generic originals, and the casts of
    // kernel parameters where nvcc's would end up.
    let placed = place_param_casts(func, &param_casts, &twin, &accesses, &new_params, &after);
    let mut at_start: SecondaryMap<Block, Vec<Inst>> =
        SecondaryMap::with_capacity(func.blocks.len(), Vec::new());
    for (block, cast) in placed {
        at_start[block].push(cast);
    }
    for bi in 0..func.layout.len() {
        let b = func.layout[bi];
        let old = std::mem::take(&mut func.blocks[b].insts);
        let mut insts = std::mem::take(&mut at_start[b]);
        insts.reserve(old.len());
        for i in old {
            insts.push(i);
            if let Some(n) = after[i] {
                insts.push(n);
            }
        }
        func.blocks[b].insts = insts;
    }

    // 5. Branch arguments for the new block parameters.
    for bi in 0..func.layout.len() {
        let b = func.layout[bi];
        let Some(t) = func.terminator(b) else {
            continue;
        };
        for call in func.insts[t].data.successors_mut() {
            for &(n, _) in &new_params[call.block] {
                let arg = call.args[n];
                call.args.push(twin[arg].unwrap_or(arg));
            }
        }
    }

    // 6. The accesses themselves.
    for (i, p, _) in accesses {
        if let Some(t) = twin[p] {
            set_access_ptr(&mut func.insts[i].data, t);
        }
    }
    true
}

/// Chooses the block for each kernel-parameter cast: the nearest common dominator of the
/// blocks that use its result, moved up the dominator tree until it is outside every loop
/// (a `cvta` per iteration would cost more than one at the top).
fn place_param_casts(
    func: &Function,
    casts: &[(Value, Inst)],
    twin: &SecondaryMap<Value, Option<Value>>,
    accesses: &[(Inst, Value, Block)],
    new_params: &SecondaryMap<Block, Vec<(usize, Value)>>,
    after: &SecondaryMap<Inst, Option<Inst>>,
) -> Vec<(Block, Inst)> {
    let entry = func.entry();
    if casts.is_empty() {
        return Vec::new();
    }
    let cfg = Cfg::compute(func);
    let dom = DomTree::compute(func, &cfg);
    let loops = LoopInfo::compute(func, &cfg, &dom);
    // For each cast result, the common dominator of its uses so far.
    let mut home: SecondaryMap<Value, Option<Block>> =
        SecondaryMap::with_capacity(func.values.len(), None);
    let cast_results: Vec<Value> = casts.iter().map(|&(_, c)| func.result(c)).collect();
    let mut is_cast: SecondaryMap<Value, bool> = util::mask(func.values.len());
    for &v in &cast_results {
        is_cast[v] = true;
    }
    let mut note = |v: Value, b: Block| {
        if is_cast[v] {
            home[v] = Some(match home[v] {
                None => b,
                Some(h) => dom.common_dominator(h, b).unwrap_or(entry),
            });
        }
    };
    for &b in &func.layout {
        for &i in &func.blocks[b].insts {
            if let Some(n) = after[i] {
                func.insts[n].data.for_each_arg(|v| note(v, b));
            }
        }
        if let Some(t) = func.terminator(b) {
            for call in func.insts[t].data.successors() {
                for &(n, _) in &new_params[call.block] {
                    if let Some(tw) = twin[call.args[n]] {
                        note(tw, b);
                    }
                }
            }
        }
    }
    for &(_, p, b) in accesses {
        if let Some(tw) = twin[p] {
            note(tw, b);
        }
    }
    casts
        .iter()
        .map(|&(_, c)| {
            let mut b = home[func.result(c)].unwrap_or(entry);
            while loops.loop_depth(b) > 0 {
                match dom.idom(b) {
                    Some(up) => b = up,
                    None => break,
                }
            }
            (b, c)
        })
        .collect()
}
