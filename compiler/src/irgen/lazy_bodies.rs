//! Lowering function bodies on first use: the built-in headers' helpers and the member
//! functions of class template instances.
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
//!
//! The member functions of a class template instance are parked too, always: C++
//! instantiates a member's definition only where it is used ([temp.inst]), so a member
//! that would not compile for these arguments (`T sum() const { return a + b; }` in
//! `Box<S>` with no `operator+` for `S`) is an error only if something calls it, as in
//! nvcc. Such a body is lowered later in the context it was met in: the template
//! parameters its definition names bound to the instance's arguments, the template's
//! namespace and the instantiation depth (so that a member that instantiates its class
//! with other arguments, and that one's, and so on, still stops at the depth limit).
//! Without `prestrip`, the unused ones are removed from the module after the walk.

use super::namespace::NsId;
use super::template::TArg;
use super::{ExecSpace, FnId, Lowerer};
use crate::ast;
use oxicc_ir::{FuncId, FuncKind, Function, InstData, Linkage};

/// Whether members of class template instances are parked (see the module comment). Off
/// at the end of session 16: with it on, `tests/kernels/cg/cg_multi_warp_nested.cu` computed
/// `parent_span<thread_block_tile<128, thread_block>>::value` as the primary template's 0
/// inside `tile_impl<64, thread_block_tile<128, …>, true>::meta_group_size` (lowered after the
/// walk), so `t64.meta_group_size()` was 4 instead of 2: some part of the context a body is
/// lowered in (the records being defined, an instance made then with another scope: the
/// conversion operator's `tile_impl<128, void, true>` was mangled inside
/// `thread_block_tile<128, thread_block>`) is not re-established yet. Find that, then turn
/// this on with `tests/tests/lazy_instance_members.rs` (in git history, commit `1b4c059`).
const PARK_INSTANCE_MEMBERS: bool = false;

/// Template parameters bound to arguments (`TemplateState::defining`'s form).
type Bindings<'x> = (&'x [ast::TemplateParam<'x>], Vec<TArg>);

/// What a class template instance's parked member body is lowered with (see the module
/// comment).
struct InstanceContext<'x> {
    /// The parameters the definition names (the class template's, or those of an
    /// out-of-class definition, `template <class U> U Box<U>::get()`), bound.
    bindings: Bindings<'x>,
    /// `TemplateState::defining` where the body was met.
    defining: Option<Bindings<'x>>,
    decl_ns: Option<NsId>,
    depth: u32,
}

/// A parked body.
struct Parked<'x> {
    fid: FnId,
    /// The definition: a pointer into the AST arena, as `Lowerer::pending_bodies` keeps
    /// them.
    decl: *const (),
    /// Set for a member of a class template instance.
    instance: Option<InstanceContext<'x>>,
}

/// The parked bodies (see the module comment).
#[derive(Default)]
pub(crate) struct ParkedBodies<'x> {
    /// By the IR function reserved for each.
    waiting: hashbrown::HashMap<FuncId, Parked<'x>>,
    /// Set once the walk is over: a helper defined from then on is lowered at once.
    closed: bool,
    /// Set once the worklist is done: nothing is parked any more.
    finished: bool,
    /// Unused bodies' IR functions to remove after the walk (where `prestrip` does not).
    pub unused: Vec<FuncId>,
}

impl<'x> Lowerer<'x> {
    /// Parks the body of `fd` when it is a built-in header's helper that lowering later
    /// cannot change, or a member of a class template instance (`instance_body` set by the
    /// caller): its IR function is reserved now (an unnamed declaration, so that the
    /// module keeps its order; naming it costs as much as a small body) and made when the
    /// body is lowered. False when the body must be lowered now.
    pub(crate) fn park_body(&mut self, fid: FnId, fd: &ast::FunctionDecl<'_>) -> bool {
        // Taken at once: the functions lowered inside this body are not members of it.
        let instance = match self.instance_body.take() {
            Some(bindings) if self.may_park_member(fid) => Some(InstanceContext {
                bindings,
                defining: self.templates.defining.clone(),
                decl_ns: self.decl_ns,
                depth: self.templates.depth,
            }),
            _ if self.may_park(fid, fd) => None,
            _ => return false,
        };
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
        let decl = fd as *const ast::FunctionDecl<'_> as *const ();
        self.parked.waiting.insert(
            ir,
            Parked {
                fid,
                decl,
                instance,
            },
        );
        true
    }

    /// `define_member_body` for a member of a class template instance whose definition
    /// names the template parameters `bindings`: parked until used (see the module
    /// comment). An explicit specialization's members (no parameters) are not templated
    /// code: they are lowered, and checked, at once.
    pub(crate) fn define_instance_member_body(
        &mut self,
        fid: FnId,
        fd: &ast::FunctionDecl<'_>,
        bindings: Bindings<'x>,
    ) {
        self.instance_body = (PARK_INSTANCE_MEMBERS && !bindings.0.is_empty()).then_some(bindings);
        self.define_member_body(fid, fd);
        self.instance_body = None;
    }

    /// A member function of a class template instance may wait for its first use unless
    /// its callers need its body's type (a deduced return type).
    fn may_park_member(&self, fid: FnId) -> bool {
        let info = self.func_info(fid);
        !self.parked.finished
            && info.member.is_some()
            && info.space.on_device()
            && info.space != ExecSpace::Global
            && !info.ret_pending
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
    /// is left that is; the others become empty internal functions (listed in
    /// `ParkedBodies::unused` too, for a driver without `prestrip`).
    pub(crate) fn lower_used_parked_bodies(&mut self) {
        self.parked.closed = true;
        if self.parked.waiting.is_empty() {
            self.parked.finished = true;
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
                let Some(parked) = self.parked.waiting.remove(&ir) else {
                    continue;
                };
                self.lower_parked(parked);
                lowered_any = true;
            }
            if !lowered_any || self.diags.too_many() {
                break;
            }
        }
        self.parked.finished = true;
        let mut rest: Vec<FuncId> = self.parked.waiting.drain().map(|(ir, _)| ir).collect();
        rest.sort_by_key(|ir| ir.as_u32());
        for &ir in &rest {
            let sig = self.module.functions[ir].sig.clone();
            let mut stub = Function::new(String::new(), sig, FuncKind::Device);
            stub.linkage = Linkage::Internal;
            let entry = stub.entry();
            let i = stub.make_inst(InstData::Unreachable, None);
            stub.blocks[entry].insts.push(i);
            self.module.functions[ir] = stub;
        }
        self.parked.unused = rest;
    }

    /// Lowers a parked body as at its definition, into its reserved IR function.
    fn lower_parked(&mut self, parked: Parked<'x>) {
        // SAFETY: `decl` points to a `FunctionDecl` of the translation unit's AST or of
        // the walk's arena, which outlive the lowering (the walk's decls are borrowed for
        // it).
        let fd: &ast::FunctionDecl<'_> = unsafe { &*(parked.decl as *const ast::FunctionDecl<'_>) };
        let fid = parked.fid;
        let Some(cx) = parked.instance else {
            self.define_function_body(fid, fd);
            return;
        };
        let saved_depth = std::mem::replace(&mut self.templates.depth, cx.depth);
        let record = self.func_info(fid).member.as_ref().map(|m| m.record);
        self.in_decl_context(|l| {
            l.decl_ns = cx.decl_ns;
            l.bind_template_params(cx.bindings.0, &cx.bindings.1);
            let saved_defining = std::mem::replace(&mut l.templates.defining, cx.defining);
            let saved = l.save_fn();
            l.member_class = record;
            l.define_function_body(fid, fd);
            l.restore_fn(saved);
            l.templates.defining = saved_defining;
        });
        self.templates.depth = saved_depth;
    }
}
