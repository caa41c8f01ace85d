//! Lowering the built-in headers' helper functions on first use.
//!
//! Every translation unit includes `cuda_runtime.h`, which defines some 400 device helpers
//! (`make_float4`, `__ldcg`, `__hadd`, …). Lowering each body where it is defined and
//! letting `prestrip` delete the unused ones cost about a third of an empty file's compile.
//! Instead, `define_function_body` reserves the helper's IR function at its definition (so
//! the module keeps its function order) and parks the body here;
//! after the walk, a worklist lowers the parked bodies that a lowered function calls or
//! takes the address of (or a global's function table names), then those their bodies
//! reference, and so on. A body nothing references becomes an empty internal function,
//! which `prestrip` removes as it removed the unused helper before.
//!
//! Only what lowering later cannot change is parked: device functions with internal
//! linkage defined at file scope in the global namespace of a built-in header, neither
//! members, template instances, friends nor with a deduced return type (their callers need
//! the body's type). The driver turns this on only where `prestrip` runs (a level's own
//! pipeline), since the passes of an explicit `--passes` list see unused functions.

use super::{ExecSpace, FnId, Lowerer};
use crate::ast;
use oxicc_ir::{FuncId, FuncKind, Function, InstData, Linkage};

/// The parked bodies (see the module comment).
#[derive(Default)]
pub(crate) struct ParkedBodies {
    /// By the IR function reserved for each: the function and its definition (a pointer
    /// into the AST arena, as `Lowerer::pending_bodies` keeps them).
    waiting: hashbrown::HashMap<FuncId, (FnId, *const ())>,
    /// Set once the walk is over: what is defined from then on is lowered at once.
    closed: bool,
}

impl Lowerer<'_> {
    /// Parks the body of `fd` when it is a built-in header's helper that lowering later
    /// cannot change: its IR function is reserved now (an unnamed declaration, so that the
    /// module keeps its order; naming it costs as much as a small body) and made when the
    /// body is lowered. False when the body must be lowered now.
    pub(crate) fn park_body(&mut self, fid: FnId, fd: &ast::FunctionDecl<'_>) -> bool {
        if !self.may_park(fid, fd) {
            return false;
        }
        let ir = match self.func_info(fid).ir {
            Some(ir) => ir,
            None => {
                let info = self.func_info(fid).clone();
                let Some(sig) = self.signature(&info, fd.span) else {
                    return false;
                };
                let mut decl = Function::declaration(String::new(), sig, FuncKind::Device);
                decl.linkage = Linkage::Import;
                let ir = self.module.add_function(decl);
                self.fns[fid.0 as usize].ir = Some(ir);
                ir
            }
        };
        let p = fd as *const ast::FunctionDecl<'_> as *const ();
        self.parked.waiting.insert(ir, (fid, p));
        true
    }

    fn may_park(&self, fid: FnId, fd: &ast::FunctionDecl<'_>) -> bool {
        // With `-rdc=true` some device functions are `.visible` (entry points of the
        // module): parking is kept to whole-program compiles, where none is.
        if !self.opts.lazy_header_bodies || self.opts.rdc || self.parked.closed {
            return false;
        }
        let info = self.func_info(fid);
        if info.space == ExecSpace::Global
            || !info.space.on_device()
            || info.member.is_some()
            || info.mangled.is_some()
            || info.ret_pending
            || !info.scope.is_empty()
            || fd.method.is_friend
        {
            return false;
        }
        // At file scope, outside any function, class or template instance being defined:
        // the names its body uses are then looked up in the file scope, later as now.
        let at_file_scope = self.f.is_none()
            && self.scopes.depth() == 1
            && self.record_depth == 0
            && self.outer_blocks.is_empty()
            && self.decl_ns.is_none();
        at_file_scope && self.sources.file(fd.span.file).name.starts_with("<oxicc>/")
    }

    /// After the walk: lowers the parked bodies that lowered code references, until none
    /// is left that is; the others become empty internal functions.
    pub(crate) fn lower_used_parked_bodies(&mut self) {
        self.parked.closed = true;
        if self.parked.waiting.is_empty() {
            return;
        }
        // Functions whose references were collected (a body is scanned once).
        let mut scanned: Vec<bool> = Vec::new();
        loop {
            let mut used: Vec<FuncId> = Vec::new();
            scanned.resize(self.module.functions.len(), false);
            for (id, f) in self.module.functions.iter() {
                let k = id.as_u32() as usize;
                if scanned[k] || f.layout.is_empty() {
                    continue;
                }
                scanned[k] = true;
                for &b in &f.layout {
                    for &i in &f.blocks[b].insts {
                        if let InstData::Call { callee, .. } | InstData::FuncAddr { func: callee } =
                            f.insts[i].data
                        {
                            used.push(callee);
                        }
                    }
                }
            }
            for g in self.module.globals.values() {
                used.extend(g.func_addrs.iter().map(|&(_, f)| f));
            }
            // Lowered in the module's order, whatever order the references came in.
            used.sort_by_key(|f| f.as_u32());
            used.dedup();
            let mut lowered_any = false;
            for ir in used {
                let Some((fid, p)) = self.parked.waiting.remove(&ir) else {
                    continue;
                };
                // SAFETY: `p` points to a `FunctionDecl` of the translation unit's AST,
                // which outlives the lowering (the walk's decls are borrowed for it).
                let fd: &ast::FunctionDecl<'_> = unsafe { &*(p as *const ast::FunctionDecl<'_>) };
                // Made as at its definition, into the reserved IR function.
                self.define_function_body(fid, fd);
                lowered_any = true;
            }
            if !lowered_any || self.diags.too_many() {
                break;
            }
        }
        let mut rest: Vec<FuncId> = self.parked.waiting.drain().map(|(ir, _)| ir).collect();
        rest.sort_by_key(|ir| ir.as_u32());
        for ir in rest {
            let sig = self.module.functions[ir].sig.clone();
            let mut stub = Function::new(String::new(), sig, FuncKind::Device);
            stub.linkage = Linkage::Internal;
            let entry = stub.entry();
            let i = stub.make_inst(InstData::Unreachable, None);
            stub.blocks[entry].insts.push(i);
            self.module.functions[ir] = stub;
        }
    }
}
