//! `inline` and `always-inline`: replace calls to device functions by copies of their bodies,
//! then drop internal functions that nothing calls any more.
//!
//! Decisions, per call site, callees before callers (bottom-up over the call graph's
//! strongly connected components, so a callee is already in its final form):
//! - never: declarations (imports), kernels, `__noinline__` (`InlineHint::Never`), callees in
//!   a recursive cycle, and callees that do more with a by-value aggregate parameter than
//!   load from it (see `inline_byval.rs`);
//! - always: `__forceinline__` (`InlineHint::Always`) — the only case `always-inline` takes;
//! - otherwise (`inline` only) by size. Costs are in cicc's units: `INST_COST` (5, LLVM's
//!   `inline-instr-cost`) per instruction of the callee. Each caller has a budget of
//!   `CALLER_BUDGET` (20,000, cicc's `inline-budget`), so it can absorb about 4,000 inlined
//!   instructions; one callee may cost at most `MAX_CALLEE_COST` (5,000 units, 1,000
//!   instructions) unless it is internal and this is its only call site (inlining it then
//!   removes the original, so code does not grow). nvcc inlines almost every device helper;
//!   these numbers keep that behaviour while bounding growth.
//!
//! The copy: the calling block is split after the call; the callee's blocks are cloned with
//! fresh values, blocks and stack slots; its parameters become the call's arguments; each
//! `return v` becomes `jump after(v)`, where the continuation block `after` takes the call's
//! result as a parameter. A by-value aggregate parameter (`ptr.param`) becomes the caller's
//! argument, a pointer to the caller's copy, and the `ptradd`s derived from it take the
//! argument's pointer type. `sroa` and `mem2reg` afterwards promote the copied slots.

use crate::inline_byval::byval_roots;
use crate::util::Replacements;
use hashbrown::HashMap;
use oxicc_ir::{
    Block, BlockCall, EntityMap, FuncId, FuncKind, Function, InlineHint, InlineSite, Inst,
    InstData, Linkage, Module, ParamKind, SecondaryMap, StackSlot, Type, Value,
};

/// Cost of one callee instruction, in budget units.
pub const INST_COST: u64 = 5;
/// Units a caller may spend on size-based inlining.
pub const CALLER_BUDGET: u64 = 20_000;
/// The most one size-based inline may cost (unless it is the callee's only call site).
pub const MAX_CALLEE_COST: u64 = 5_000;

/// Size-budget inlining (used from `-O1` up).
pub fn run(module: &mut Module) -> bool {
    inline_module(module, false)
}

/// `__forceinline__` only (used at `-O0`).
pub fn run_always(module: &mut Module) -> bool {
    inline_module(module, true)
}

fn inline_module(module: &mut Module, always_only: bool) -> bool {
    let n = module.functions.len();
    let calls = call_lists(module);
    let sccs = tarjan_sccs(n, &calls);
    let mut recursive = vec![false; n];
    for scc in &sccs {
        if scc.len() > 1 || calls[scc[0]].contains(&scc[0]) {
            for &f in scc {
                recursive[f] = true;
            }
        }
    }
    // Call sites per callee, for the "only call site" rule.
    let mut call_sites = vec![0u32; n];
    for list in &calls {
        for &c in list {
            call_sites[c] += 1;
        }
    }
    let mut changed = false;
    for scc in &sccs {
        for &fi in scc {
            let caller = FuncId::from_u32(fi as u32);
            if module.functions[caller].is_declaration() {
                continue;
            }
            let policy = Policy {
                always_only,
                recursive: &recursive,
                call_sites: &call_sites,
            };
            changed |= inline_into(module, caller, &policy);
        }
    }
    changed | remove_dead_internal_functions(module)
}

/// For each function (by index), the callee indices of its calls (with repeats).
fn call_lists(module: &Module) -> Vec<Vec<usize>> {
    module
        .functions
        .values()
        .map(|f| {
            let mut v = Vec::new();
            for &b in &f.layout {
                for &i in &f.blocks[b].insts {
                    if let InstData::Call { callee, .. } = f.insts[i].data {
                        v.push(callee.as_u32() as usize);
                    }
                }
            }
            v
        })
        .collect()
}

/// Strongly connected components, callees before callers (Tarjan, iterative).
fn tarjan_sccs(n: usize, edges: &[Vec<usize>]) -> Vec<Vec<usize>> {
    const UNSEEN: usize = usize::MAX;
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0usize; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut sccs = Vec::new();
    let mut counter = 0;
    for root in 0..n {
        if index[root] != UNSEEN {
            continue;
        }
        let mut work: Vec<(usize, usize)> = vec![(root, 0)];
        index[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut ei)) = work.last_mut() {
            if *ei < edges[v].len() {
                let w = edges[v][*ei];
                *ei += 1;
                if w >= n {
                    continue;
                }
                if index[w] == UNSEEN {
                    index[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
            } else {
                work.pop();
                if let Some(&(parent, _)) = work.last() {
                    low[parent] = low[parent].min(low[v]);
                }
                if low[v] == index[v] {
                    let mut scc = Vec::new();
                    while let Some(w) = stack.pop() {
                        on_stack[w] = false;
                        scc.push(w);
                        if w == v {
                            break;
                        }
                    }
                    sccs.push(scc);
                }
            }
        }
    }
    sccs
}

/// What the decision needs to know about the whole module.
struct Policy<'a> {
    always_only: bool,
    recursive: &'a [bool],
    call_sites: &'a [u32],
}

/// The cost to charge if the call should be inlined, `None` if it should stay a call.
fn should_inline(
    module: &Module,
    caller: FuncId,
    callee: FuncId,
    args: &[Value],
    policy: &Policy<'_>,
    budget: u64,
) -> Option<u64> {
    let (always_only, recursive, call_sites) =
        (policy.always_only, policy.recursive, policy.call_sites);
    let f = module.functions.get(callee)?;
    let ci = callee.as_u32() as usize;
    if callee == caller
        || f.is_declaration()
        || f.kind == FuncKind::Kernel
        || f.inline == InlineHint::Never
        || recursive[ci]
    {
        return None;
    }
    // By-value aggregates arrive as `ptr.param` inside the callee. The caller passes a
    // pointer to its own copy; the inlined body reads that copy when the callee only reads
    // the parameter (see `inline_byval`).
    let caller_f = &module.functions[caller];
    let mut byval_retyped = false;
    let types_match = f.sig.params.len() == args.len()
        && f.sig.params.iter().zip(args).all(|(p, &a)| match p {
            ParamKind::Value(t) => *t == caller_f.value_type(a),
            ParamKind::ByVal { .. } => {
                let ty = caller_f.value_type(a);
                byval_retyped |= ty != p.value_type();
                ty.is_ptr()
            }
        });
    if !types_match || (byval_retyped && byval_roots(f).is_none()) {
        return None;
    }
    if f.inline == InlineHint::Always {
        return Some(0);
    }
    if always_only {
        return None;
    }
    let cost = INST_COST * f.inst_count() as u64;
    let sole_site = f.linkage == Linkage::Internal && call_sites[ci] == 1;
    if cost > budget || (cost > MAX_CALLEE_COST && !sole_site) {
        return None;
    }
    Some(cost)
}

fn inline_into(module: &mut Module, caller: FuncId, policy: &Policy<'_>) -> bool {
    let mut budget = CALLER_BUDGET;
    let mut callee_copies: HashMap<FuncId, Function> = HashMap::new();
    let mut repl = Replacements::new();
    // Blocks to place right after a block in the layout (inlined bodies, continuations).
    let mut placed_after: SecondaryMap<Block, Vec<Block>> = SecondaryMap::new();
    let mut work: Vec<Block> = module.functions[caller].layout.clone();
    work.reverse();
    let mut changed = false;
    while let Some(b) = work.pop() {
        let mut idx = 0;
        loop {
            let f = &module.functions[caller];
            if idx >= f.blocks[b].insts.len() {
                break;
            }
            let inst = f.blocks[b].insts[idx];
            let InstData::Call { callee, args } = &f.insts[inst].data else {
                idx += 1;
                continue;
            };
            let (callee, args) = (
                *callee,
                args.iter().map(|&a| repl.resolve(a)).collect::<Vec<_>>(),
            );
            let decision = should_inline(module, caller, callee, &args, policy, budget);
            let Some(cost) = decision else {
                idx += 1;
                continue;
            };
            budget -= cost;
            let body = callee_copies
                .entry(callee)
                .or_insert_with(|| module.functions[callee].clone());
            let func = &mut module.functions[caller];
            let (new_blocks, after) = inline_call(func, b, idx, &args, body, &mut repl);
            let mut list = new_blocks;
            list.push(after);
            placed_after[b] = list;
            changed = true;
            // Continue scanning in the continuation (the rest of the original block).
            work.push(after);
            break;
        }
    }
    if changed {
        let func = &mut module.functions[caller];
        let old = std::mem::take(&mut func.layout);
        let mut layout = Vec::with_capacity(old.len());
        let mut stack: Vec<Block> = old.into_iter().rev().collect();
        while let Some(b) = stack.pop() {
            layout.push(b);
            let after = std::mem::take(&mut placed_after[b]);
            stack.extend(after.into_iter().rev());
        }
        func.layout = layout;
        repl.apply(func);
    }
    changed
}

/// `-lineinfo`: adds to `func` the inline site of `call` and a copy of each of `callee`'s
/// own sites under it. Returns the site in `func` of each site number of `callee` (index 0:
/// the callee's own code). A call without a position adds no site of its own.
fn inline_sites(func: &mut Function, call: Inst, callee: &Function) -> Vec<u32> {
    let call_loc = func.loc(call);
    let base = if call_loc.is_none() || callee.locs.is_empty() {
        call_loc.site()
    } else {
        func.inline_sites.push(InlineSite {
            callee: callee.name.clone(),
            call: call_loc,
        });
        func.inline_sites.len() as u32
    };
    let mut map = Vec::with_capacity(callee.inline_sites.len() + 1);
    map.push(base);
    // Parents come before children, so `map` already holds each site's parent.
    for site in &callee.inline_sites {
        let parent = map[site.call.site() as usize];
        func.inline_sites.push(InlineSite {
            callee: site.callee.clone(),
            call: site.call.in_site(parent),
        });
        map.push(func.inline_sites.len() as u32);
    }
    map
}

/// Inlines `callee` at instruction `idx` of `block`. Returns the callee's copied blocks in
/// layout order and the continuation block.
fn inline_call(
    func: &mut Function,
    block: Block,
    idx: usize,
    args: &[Value],
    callee: &Function,
    repl: &mut Replacements,
) -> (Vec<Block>, Block) {
    let call = func.blocks[block].insts[idx];
    let result = func.insts[call].result;
    let after = func.create_block();
    let tail = func.blocks[block].insts.split_off(idx + 1);
    func.blocks[block].insts.pop();
    func.blocks[after].insts = tail;
    if let Some(r) = result {
        let ty = func.value_type(r);
        let p = func.append_block_param(after, ty);
        repl.insert(r, p);
    }
    // Fresh blocks, slots and values for the callee's.
    let mut vmap: SecondaryMap<Value, Option<Value>> =
        SecondaryMap::with_capacity(callee.values.len(), None);
    let mut bmap: SecondaryMap<Block, Option<Block>> =
        SecondaryMap::with_capacity(callee.blocks.len(), None);
    let mut smap: SecondaryMap<StackSlot, Option<StackSlot>> =
        SecondaryMap::with_capacity(callee.stack_slots.len(), None);
    for (s, data) in callee.stack_slots.iter() {
        smap[s] = Some(func.create_stack_slot(data.size, data.align));
    }
    let sites = inline_sites(func, call, callee);
    let centry = callee.entry();
    for (&p, &a) in callee.params().iter().zip(args) {
        vmap[p] = Some(a);
    }
    // `ptr.param` values derived from by-value parameters take the argument's pointer type
    // (`should_inline` checked that they are read-only derivations).
    let byval_types: Vec<Type> = args.iter().map(|&a| func.value_type(a)).collect();
    let roots = byval_roots(callee);
    let mut new_blocks = Vec::with_capacity(callee.layout.len());
    for &cb in &callee.layout {
        let nb = func.create_block();
        bmap[cb] = Some(nb);
        func.blocks[nb].unroll = callee.blocks[cb].unroll;
        new_blocks.push(nb);
        if cb != centry {
            for &p in &callee.blocks[cb].params {
                vmap[p] = Some(func.append_block_param(nb, callee.value_type(p)));
            }
        }
    }
    // First create every instruction (so results are mapped), then rewrite operands.
    let mut created: Vec<Inst> = Vec::with_capacity(callee.inst_count());
    for &cb in &callee.layout {
        let nb = bmap[cb].expect("mapped");
        for &ci in &callee.blocks[cb].insts {
            let node = &callee.insts[ci];
            let ty = node
                .result
                .map(|r| match roots.as_ref().and_then(|m| m[r]) {
                    Some(param) => byval_types[param as usize],
                    None => callee.value_type(r),
                });
            let ni = func.make_inst(node.data.clone(), ty);
            // Inlined code keeps the callee's source lines (`-lineinfo`), inside the call's
            // inline site.
            let loc = callee.loc(ci);
            if !loc.is_none() {
                func.set_loc(ni, loc.in_site(sites[loc.site() as usize]));
            }
            if let Some(r) = node.result {
                vmap[r] = Some(func.result(ni));
            }
            func.blocks[nb].insts.push(ni);
            created.push(ni);
        }
    }
    for ni in created {
        let data = &mut func.insts[ni].data;
        data.map_args(|v| vmap[v].expect("callee value defined in its layout"));
        for c in data.successors_mut() {
            c.block = bmap[c.block].expect("callee branch target in its layout");
        }
        match data {
            InstData::StackAddr { slot } => *slot = smap[*slot].expect("slot mapped"),
            InstData::Return { value } => {
                let args: Vec<Value> = value.iter().copied().collect();
                *data = InstData::Jump {
                    dest: BlockCall::new(after, args),
                };
            }
            _ => {}
        }
    }
    let first = bmap[centry].expect("entry mapped");
    let jump = func.make_inst(
        InstData::Jump {
            dest: BlockCall::plain(first),
        },
        None,
    );
    func.blocks[block].insts.push(jump);
    (new_blocks, after)
}

/// For each function (by index), the functions it calls or takes the address of.
pub(crate) fn reference_lists(module: &Module) -> Vec<Vec<usize>> {
    module
        .functions
        .values()
        .map(|f| {
            let mut v = Vec::new();
            for &b in &f.layout {
                for &i in &f.blocks[b].insts {
                    if let InstData::Call { callee, .. } | InstData::FuncAddr { func: callee } =
                        f.insts[i].data
                    {
                        v.push(callee.as_u32() as usize);
                    }
                }
            }
            v
        })
        .collect()
}

/// Removes internal functions not reachable by calls or address-taking from any
/// kernel or non-internal function or from a global's initializer (function tables, vtables), and
/// renumbers the rest (`FuncId`s in calls, function addresses and globals are rewritten).
pub(crate) fn remove_dead_internal_functions(module: &mut Module) -> bool {
    let live = live_functions(module, &reference_lists(module));
    if live.iter().all(|&l| l) {
        return false;
    }
    retain_functions(module, &live);
    true
}

/// Which functions are reachable by calls or address-taking (`calls`, from
/// [`reference_lists`]) from a kernel, a non-internal function or a global's initializer.
pub(crate) fn live_functions(module: &Module, calls: &[Vec<usize>]) -> Vec<bool> {
    let n = module.functions.len();
    let mut live = vec![false; n];
    let mut work: Vec<usize> = Vec::new();
    for (id, f) in module.functions.iter() {
        // Kernels are entry points even with internal linkage (`static __global__`).
        if f.linkage != Linkage::Internal || f.kind == oxicc_ir::FuncKind::Kernel {
            live[id.as_u32() as usize] = true;
            work.push(id.as_u32() as usize);
        }
    }
    for g in module.globals.values() {
        for &(_, f) in &g.func_addrs {
            let k = f.as_u32() as usize;
            if k < n && !live[k] {
                live[k] = true;
                work.push(k);
            }
        }
    }
    while let Some(f) = work.pop() {
        for &c in &calls[f] {
            if c < n && !live[c] {
                live[c] = true;
                work.push(c);
            }
        }
    }
    live
}

/// Keeps the functions whose `live` entry is true (in their order) and renumbers the
/// references to them (calls, function addresses, globals' function tables). Nothing kept
/// may reference a function that is not.
pub fn retain_functions(module: &mut Module, live: &[bool]) {
    let n = module.functions.len();
    let mut old = std::mem::take(&mut module.functions);
    let mut renumber: Vec<Option<FuncId>> = vec![None; n];
    let mut kept = EntityMap::new();
    for (id, f) in old.iter_mut() {
        if live[id.as_u32() as usize] {
            let placeholder = Function::declaration("", Default::default(), FuncKind::Device);
            renumber[id.as_u32() as usize] = Some(kept.push(std::mem::replace(f, placeholder)));
        }
    }
    for (_, f) in kept.iter_mut() {
        for bi in 0..f.layout.len() {
            let b = f.layout[bi];
            for ii in 0..f.blocks[b].insts.len() {
                let i = f.blocks[b].insts[ii];
                if let InstData::Call { callee, .. } | InstData::FuncAddr { func: callee } =
                    &mut f.insts[i].data
                {
                    if let Some(Some(nid)) = renumber.get(callee.as_u32() as usize) {
                        *callee = *nid;
                    }
                }
            }
        }
    }
    for (_, g) in module.globals.iter_mut() {
        for (_, f) in &mut g.func_addrs {
            if let Some(Some(nid)) = renumber.get(f.as_u32() as usize) {
                *f = *nid;
            }
        }
    }
    module.functions = kept;
}
