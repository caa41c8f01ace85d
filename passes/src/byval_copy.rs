//! `byval-copy`: a device function's by-value aggregate parameter whose address escapes gets
//! a local copy.
//!
//! Inside a device function a by-value aggregate is a `ptr.param` pointer to bytes in the
//! parameter space, which PTX lets a `.func` only read with `ld.param` at known offsets: it
//! has no generic address. The front end copies a parameter to a stack slot when the source
//! visibly writes it or takes its address, but an address can also escape without either:
//! binding the parameter to a `const &` (`__half h(raw);` calls `__half(const __half_raw &)`),
//! passing it on by pointer after inlining, and so on. This pass finds such parameters in the
//! IR, where every escape is explicit: a `ptr.param` value derived from the parameter by
//! `ptradd`s that is used other than as a load address or a `ptradd` base. It then copies the
//! parameter's bytes into a new stack slot at the top of the entry block and makes every use
//! of the parameter (and of the `ptradd`s on it, retyped to `ptr.local`) use the copy, as
//! cicc does with a `.local` copy. Parameters that only feed loads are left alone (the
//! backend reads them with `ld.param`), and kernels need nothing (their parameters have a
//! generic address, `cvta.param`). It runs first at every level, so that the inliner, which
//! only forwards read-only parameters, sees the copy. Linear in the function's size.

use oxicc_ir::{
    AddrSpace, FuncKind, Function, Inst, InstData, MemFlags, ParamKind, SecondaryMap, Type, Value,
};

const PARAM_PTR: Type = Type::Ptr(AddrSpace::Param);
const LOCAL_PTR: Type = Type::Ptr(AddrSpace::Local);

pub fn run(func: &mut Function) -> bool {
    if func.kind == FuncKind::Kernel || func.is_declaration() {
        return false;
    }
    let mut changed = false;
    for (i, &kind) in func.sig.params.clone().iter().enumerate() {
        if let ParamKind::ByVal { size, align } = kind {
            let p = func.params()[i];
            if let Some(chain) = escaping_chain(func, p) {
                copy_to_local(func, p, &chain, size, align);
                changed = true;
            }
        }
    }
    changed
}

/// The `ptradd` results derived from `p` when some value of the chain (`p` included)
/// escapes; `None` when nothing escapes, or when a `ptr.param` value derives from `p` other
/// than by `ptradd` (a block argument, a `select`): the backend then reports what it cannot
/// lower.
fn escaping_chain(func: &Function, p: Value) -> Option<Vec<Value>> {
    let mut in_chain: SecondaryMap<Value, bool> =
        SecondaryMap::with_capacity(func.values.len(), false);
    in_chain[p] = true;
    let mut chain = Vec::new();
    // Bases normally come first in the layout; repeat for the odd one that does not.
    loop {
        let mut grew = false;
        for &b in &func.layout {
            for &i in &func.blocks[b].insts {
                let node = &func.insts[i];
                if let (InstData::PtrAdd { ptr, .. }, Some(r)) = (&node.data, node.result) {
                    if in_chain[*ptr] && !in_chain[r] {
                        in_chain[r] = true;
                        chain.push(r);
                        grew = true;
                    }
                }
            }
        }
        if !grew {
            break;
        }
    }
    let mut escapes = false;
    let mut unsupported = false;
    for &b in &func.layout {
        for &i in &func.blocks[b].insts {
            let node = &func.insts[i];
            let allowed = match node.data {
                InstData::Load { ptr, .. } => Some(ptr),
                InstData::PtrAdd { ptr, .. } => Some(ptr),
                _ => None,
            };
            let mut uses_chain_otherwise = false;
            let mut seen_allowed = false;
            node.data.for_each_arg(|v| {
                if in_chain[v] {
                    if Some(v) == allowed && !seen_allowed {
                        seen_allowed = true;
                    } else {
                        uses_chain_otherwise = true;
                    }
                }
            });
            if uses_chain_otherwise {
                escapes = true;
                // The copy is only sound when every value derived from `p` can be retyped:
                // a terminator passing one to a block parameter cannot, nor can another
                // `ptr.param` result (a `select` between two parameters), which would
                // still claim the parameter space after the redirection.
                let param_result = node.result.is_some_and(|r| func.values[r].ty == PARAM_PTR);
                if node.data.is_terminator() || param_result {
                    unsupported = true;
                }
            }
        }
    }
    (escapes && !unsupported).then_some(chain)
}

/// Copies the `size` bytes behind `p` into a new stack slot at the top of the entry block and
/// redirects every use of `p` to the slot, retyping `chain` (the `ptradd`s on `p`).
fn copy_to_local(func: &mut Function, p: Value, chain: &[Value], size: u32, align: u32) {
    let slot = func.create_stack_slot(size, align);
    let addr_inst = func.make_inst(InstData::StackAddr { slot }, Some(LOCAL_PTR));
    let addr = func.result(addr_inst);
    for &v in chain {
        func.values[v].ty = LOCAL_PTR;
    }
    let map: hashbrown::HashMap<Value, Value> = [(p, addr)].into_iter().collect();
    func.replace_uses(&map);
    // The copy itself, in the widest pieces the alignment allows, reading `p` (after the
    // replacement above, so that it keeps reading the parameter).
    let mut new_insts: Vec<Inst> = vec![addr_inst];
    let piece = align.clamp(1, 8).min(size.max(1));
    let mut offset = 0u32;
    while offset < size {
        let mut width = piece;
        while offset + width > size {
            width /= 2;
        }
        let ty = match width {
            8 => Type::I64,
            4 => Type::I32,
            2 => Type::I16,
            _ => Type::I8,
        };
        let (src, dst) = if offset == 0 {
            (p, addr)
        } else {
            let off_inst = func.make_inst(
                InstData::IConst {
                    ty: Type::I64,
                    imm: u64::from(offset),
                },
                Some(Type::I64),
            );
            let off = func.result(off_inst);
            let src_inst = func.make_inst(
                InstData::PtrAdd {
                    ptr: p,
                    offset: off,
                },
                Some(PARAM_PTR),
            );
            let dst_inst = func.make_inst(
                InstData::PtrAdd {
                    ptr: addr,
                    offset: off,
                },
                Some(LOCAL_PTR),
            );
            new_insts.extend([off_inst, src_inst, dst_inst]);
            (func.result(src_inst), func.result(dst_inst))
        };
        let flags = MemFlags::aligned(width.min(align).max(1));
        let load = func.make_inst(
            InstData::Load {
                ty,
                ptr: src,
                flags,
            },
            Some(ty),
        );
        let value = func.result(load);
        let store = func.make_inst(
            InstData::Store {
                ptr: dst,
                value,
                flags,
            },
            None,
        );
        new_insts.extend([load, store]);
        offset += width;
    }
    let entry = func.entry();
    func.blocks[entry].insts.splice(0..0, new_insts);
}
