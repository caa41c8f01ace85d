//! `mark-invariant-loads`: marks the global loads of a kernel that read memory nothing in
//! the kernel writes, so the backend prints them `ld.global.nc` (the read-only data cache),
//! as nvcc does.
//!
//! The rule, as observed in `nvcc -ptx` and as NVPTX's `canLowerToLDG` states it: every
//! object the load may read is a kernel parameter, and no store, atomic or call of the
//! kernel may write any of them. Whether a write may reach a parameter's memory follows
//! from `__restrict__` alone (no other alias analysis):
//! - a write through a pointer derived from parameter `p` writes `p`'s object;
//! - two different parameters may point to the same memory unless one of them is
//!   `__restrict__` (then nothing else reaches its memory while the kernel runs);
//! - a write through any other pointer (loaded from memory, a global variable's address,
//!   computed from an integer) and every call may write the memory of every parameter that
//!   is not `__restrict__`, or whose pointer escapes (is stored, passed to a call, turned
//!   into an integer), since the other pointer may be a copy of it.
//!
//! So `o[i] = x[i]` with `float* __restrict__ o, const float* __restrict__ x` reads `x`
//! through `ld.global.nc`, with plain `o` and `x` it does not, and `o[i] = o[i+1] + x[i]`
//! reads only `x` that way. A pointer's objects are found by following `ptradd`,
//! `addrspacecast`, `select` and block parameters back to their sources (a small fixpoint:
//! block parameters can form cycles). Linear in the function times the number of rounds.

use oxicc_ir::{AddrSpace, CastOp, FuncKind, Function, InstData, SecondaryMap, Type, Value};

/// The objects a pointer may point to: a set of kernel parameters (bit `i` for parameter
/// `i`, the first 63) plus `OTHER` for anything else.
pub(crate) type Objects = u64;
const OTHER: Objects = 1 << 63;

pub fn run(func: &mut Function) -> bool {
    if func.kind != FuncKind::Kernel || func.is_declaration() {
        return false;
    }
    let objects = pointer_objects(func);
    let restrict = restrict_params(func);
    let escaped = escaped_params(func, &objects);
    // Parameters that a write through some other pointer may reach.
    let exposed = !(restrict & !escaped) & !OTHER;
    let mut written: Objects = 0;
    for &b in &func.layout {
        for &i in &func.blocks[b].insts {
            match &func.insts[i].data {
                InstData::Store { ptr, .. }
                | InstData::AtomicRmw { ptr, .. }
                | InstData::AtomicCas { ptr, .. } => {
                    // Local, shared (and read-only) memory is never a parameter's memory.
                    let space = func.value_type(*ptr).addr_space();
                    if matches!(space, Some(AddrSpace::Global | AddrSpace::Generic)) {
                        written |= objects[*ptr];
                    }
                }
                InstData::Call { .. } | InstData::CallIndirect { .. } => written |= OTHER,
                _ => {}
            }
        }
    }
    if written & OTHER != 0 {
        written |= exposed;
    }
    let mut changed = false;
    for bi in 0..func.layout.len() {
        let b = func.layout[bi];
        for ii in 0..func.blocks[b].insts.len() {
            let i = func.blocks[b].insts[ii];
            let InstData::Load { ptr, flags, .. } = func.insts[i].data else {
                continue;
            };
            let read = objects[ptr];
            let global = func.value_type(ptr) == Type::Ptr(AddrSpace::Global);
            if !global || flags.volatile || flags.invariant || read == 0 || read & OTHER != 0 {
                continue;
            }
            if !may_alias(read, written, restrict & !escaped) {
                if let InstData::Load { flags, .. } = &mut func.insts[i].data {
                    flags.invariant = true;
                    changed = true;
                }
            }
        }
    }
    changed
}

/// Whether writes to `written` may reach memory of the parameters in `read`: the same
/// parameter, or two parameters of which neither is an unescaped `__restrict__` one.
fn may_alias(read: Objects, written: Objects, restrict: Objects) -> bool {
    if read & written != 0 {
        return true;
    }
    let plain = !restrict & !OTHER;
    read & plain != 0 && written & plain != 0
}

pub(crate) fn restrict_params(func: &Function) -> Objects {
    func.noalias_params
        .iter()
        .filter(|&&p| p < 63)
        .fold(0, |acc, &p| acc | 1 << p)
}

/// For every pointer value, the objects it may point to.
pub(crate) fn pointer_objects(func: &Function) -> SecondaryMap<Value, Objects> {
    let mut obj: SecondaryMap<Value, Objects> = SecondaryMap::with_capacity(func.values.len(), 0);
    for (k, &p) in func.params().iter().enumerate() {
        obj[p] = if k < 63 { 1 << k } else { OTHER };
    }
    // Sources other than parameters, and what flows through instructions, settle in a few
    // rounds; block parameters take the union of their incoming arguments.
    loop {
        let mut changed = false;
        let mut join = |obj: &mut SecondaryMap<Value, Objects>, v: Value, o: Objects| {
            if obj[v] | o != obj[v] {
                obj[v] |= o;
                changed = true;
            }
        };
        for &b in &func.layout {
            for &i in &func.blocks[b].insts {
                let node = &func.insts[i];
                match &node.data {
                    InstData::PtrAdd { ptr, .. } => {
                        let o = obj[*ptr];
                        join(&mut obj, node.result.unwrap(), o);
                    }
                    InstData::Cast {
                        op: CastOp::AddrSpaceCast,
                        arg,
                        ..
                    } => {
                        let o = obj[*arg];
                        join(&mut obj, node.result.unwrap(), o);
                    }
                    InstData::Select {
                        if_true, if_false, ..
                    } => {
                        let o = obj[*if_true] | obj[*if_false];
                        join(&mut obj, node.result.unwrap(), o);
                    }
                    _ => {
                        if let Some(r) = node.result {
                            if func.value_type(r).is_ptr() {
                                join(&mut obj, r, OTHER);
                            }
                        }
                    }
                }
                for call in node.data.successors() {
                    let params = &func.blocks[call.block].params;
                    for (&p, &a) in params.iter().zip(&call.args) {
                        let o = obj[a];
                        join(&mut obj, p, o);
                    }
                }
            }
        }
        if !changed {
            return obj;
        }
    }
}

/// Parameters whose pointer leaves the tracked chains: stored as a value, passed to a call,
/// converted to an integer, or used by anything but loads, stores (as the address),
/// atomics (as the address) and the pointer arithmetic followed above.
pub(crate) fn escaped_params(func: &Function, obj: &SecondaryMap<Value, Objects>) -> Objects {
    let mut escaped = 0;
    for &b in &func.layout {
        for &i in &func.blocks[b].insts {
            let data = &func.insts[i].data;
            let tracked_use = |v: Value| match data {
                InstData::Load { .. } | InstData::PtrAdd { .. } | InstData::Select { .. } => true,
                InstData::Cast {
                    op: CastOp::AddrSpaceCast,
                    ..
                } => true,
                InstData::Store { ptr, value, .. } => *ptr == v && *value != v,
                InstData::AtomicRmw { ptr, .. } | InstData::AtomicCas { ptr, .. } => *ptr == v,
                InstData::Branch { .. } | InstData::Jump { .. } | InstData::Switch { .. } => true,
                InstData::ICmp { .. } => true,
                _ => false,
            };
            data.for_each_arg(|v| {
                if obj[v] != 0 && !tracked_use(v) {
                    escaped |= obj[v];
                }
            });
        }
    }
    escaped & !OTHER
}
