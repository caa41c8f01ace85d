//! By-value aggregate parameters for the inliner: which `ptr.param` values of a callee derive
//! from which parameter, so that an inlined copy can read the caller's argument directly.
//!
//! Inside a device function a by-value aggregate is a read-only `ptr.param` pointer to the
//! bytes the caller copied into the parameter space. The caller's argument is a pointer (of
//! any space) to a fresh copy the front end made for this call only (`push_call_arg`), so
//! while the callee runs nothing else writes those bytes, and an inlined copy of the callee
//! may load from the argument instead of from a parameter copy. That is only expressible when
//! every `ptr.param` value of the callee is a by-value parameter or a `ptradd` of one and is
//! used only as a load address or a `ptradd` base: then the cloned chain is retyped to the
//! argument's pointer type. Anything else (a `ptr.param` in a block parameter, a `select`, a
//! cast, a call argument) keeps the call. Linear in the callee's size.

use oxicc_ir::{AddrSpace, Function, InstData, ParamKind, SecondaryMap, Type, Value};

const PARAM_PTR: Type = Type::Ptr(AddrSpace::Param);

/// For each `ptr.param` value of `callee`, the index of the by-value parameter it is derived
/// from; `None` when some `ptr.param` value is not such a read-only derivation.
pub(crate) fn byval_roots(callee: &Function) -> Option<SecondaryMap<Value, Option<u32>>> {
    let mut roots: SecondaryMap<Value, Option<u32>> =
        SecondaryMap::with_capacity(callee.values.len(), None);
    for (i, (&p, kind)) in callee.params().iter().zip(&callee.sig.params).enumerate() {
        if matches!(kind, ParamKind::ByVal { .. }) {
            roots[p] = Some(i as u32);
        }
    }
    // `ptradd`s of `ptr.param`: resolve each from its base. Their bases normally come first
    // in the layout; repeat for the odd one that does not (each round resolves at least one).
    let mut pending = Vec::new();
    for &b in &callee.layout {
        for &i in &callee.blocks[b].insts {
            let node = &callee.insts[i];
            let Some(r) = node.result else { continue };
            if callee.value_type(r) != PARAM_PTR {
                continue;
            }
            match node.data {
                InstData::PtrAdd { ptr, .. } => pending.push((r, ptr)),
                _ => return None,
            }
        }
    }
    while !pending.is_empty() {
        let before = pending.len();
        pending.retain(|&(r, base)| match roots[base] {
            Some(root) => {
                roots[r] = Some(root);
                false
            }
            None => true,
        });
        if pending.len() == before {
            return None;
        }
    }
    // Every `ptr.param` value (block parameters included) must now have a root, and be used
    // only as a load address or a `ptradd` base.
    for &b in &callee.layout {
        for &p in &callee.blocks[b].params {
            if callee.value_type(p) == PARAM_PTR && roots[p].is_none() {
                return None;
            }
        }
        for &i in &callee.blocks[b].insts {
            let data = &callee.insts[i].data;
            let allowed = match *data {
                InstData::Load { ptr, .. } | InstData::PtrAdd { ptr, .. } => Some(ptr),
                _ => None,
            };
            let mut ok = true;
            let mut seen_allowed = false;
            data.for_each_arg(|v| {
                if callee.value_type(v) != PARAM_PTR {
                    return;
                }
                if Some(v) == allowed && !seen_allowed {
                    seen_allowed = true;
                } else {
                    ok = false;
                }
            });
            if !ok {
                return None;
            }
        }
    }
    Some(roots)
}
