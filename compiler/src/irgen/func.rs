//! Function bodies: the per-function state, the IR emitter (append to the current block,
//! stack slots at the top of the entry block), and the prologue/epilogue of a definition
//! (parameters spilled to slots, one return block with a return-value slot).

use super::{Binding, FnId, Lowerer, Storage, VarInfo};
use crate::ast::{self, ExprKind, StmtKind};
use crate::intern::Symbol;
use crate::sema::types::QualType;
use crate::source::Span;
use hashbrown::{HashMap, HashSet};
use oxicc_ir::{
    AddrSpace, BinaryOp, Block, BlockCall, CastOp, FloatCC, Function, InstData, IntCC, MemFlags,
    ParamKind, Type, Value,
};

/// A `switch` being lowered: where its cases go.
pub(crate) struct SwitchCtx {
    /// The promoted type of the condition (case values are converted to it).
    pub kind: crate::sema::IntKind,
    pub cases: Vec<(u64, Block)>,
    /// The case values seen so far (duplicate check without a quadratic scan).
    pub seen: HashSet<u64>,
    pub default: Option<Block>,
}

/// State of the function being lowered.
pub(crate) struct FnState {
    pub func: Function,
    pub fn_id: FnId,
    pub cur: Block,
    in_layout: HashSet<Block>,
    /// Stack-slot addresses (and what must precede every use of them), in order: put at
    /// the top of the entry block when the body is done, so that each slot costs O(1)
    /// instead of an insertion into the growing entry block.
    pub(super) prologue: Vec<oxicc_ir::Inst>,
    pub ret_ty: QualType,
    /// The return type is `auto`: the first `return` deduces it (and allocates the slot).
    pub ret_pending: bool,
    /// The pending return type is `decltype(auto)` (see `decltype_auto.rs`).
    pub ret_decltype: bool,
    pub ret_slot: Option<Value>,
    pub ret_block: Block,
    /// Innermost last: `break` targets (loops and switches), `continue` targets (loops).
    pub breaks: Vec<Block>,
    pub continues: Vec<Block>,
    pub switches: Vec<SwitchCtx>,
    pub labels: HashMap<Symbol, (Block, bool, Span)>,
    /// How many local statics / `__shared__` variables of each name were declared so far
    /// (the discriminator of the next one's mangled name: `1x`, `1x_0`, …).
    pub local_statics: HashMap<Symbol, u32>,
    /// How many local classes of each name were defined so far (the discriminator of the
    /// next one: nvcc's `_ZZ1kPiENK1L3getE_0v` for the second `L`).
    pub local_classes: HashMap<Symbol, u32>,
    /// Objects with destructors alive here (see `cleanup.rs`).
    pub cleanups: super::cleanup::Cleanups,
}

impl Lowerer<'_> {
    pub fn fs(&mut self) -> &mut FnState {
        self.f.as_mut().expect("inside a function body")
    }

    pub fn in_function(&self) -> bool {
        self.f.is_some()
    }

    pub fn vty(&self, v: Value) -> Type {
        self.f
            .as_ref()
            .expect("inside a function")
            .func
            .value_type(v)
    }

    /// Appends an instruction to the current block (a new unreachable block when the current
    /// one already ended, so code after `return` still has a home).
    pub fn ins(&mut self, data: InstData, ty: Option<Type>) -> Option<Value> {
        if self.terminated() {
            let b = self.new_block();
            self.switch_to(b);
        }
        let fs = self.fs();
        let inst = fs.func.make_inst(data, ty);
        let cur = fs.cur;
        fs.func.blocks[cur].insts.push(inst);
        fs.func.insts[inst].result
    }

    pub fn ins_v(&mut self, data: InstData, ty: Type) -> Value {
        self.ins(data, Some(ty)).expect("instruction with a result")
    }

    pub fn terminated(&self) -> bool {
        let fs = self.f.as_ref().expect("inside a function");
        fs.func.terminator(fs.cur).is_some()
    }

    pub fn new_block(&mut self) -> Block {
        self.fs().func.create_block()
    }

    /// Makes `b` current, adding it to the layout the first time.
    pub fn switch_to(&mut self, b: Block) {
        let fs = self.fs();
        if fs.in_layout.insert(b) {
            fs.func.layout.push(b);
        }
        fs.cur = b;
    }

    /// Ends the current block with a jump to `b` unless it already ended.
    pub fn jump_to(&mut self, b: Block) {
        if !self.terminated() {
            self.ins(
                InstData::Jump {
                    dest: BlockCall::plain(b),
                },
                None,
            );
        }
    }

    pub fn jump_with(&mut self, b: Block, args: Vec<Value>) {
        self.ins(
            InstData::Jump {
                dest: BlockCall::new(b, args),
            },
            None,
        );
    }

    pub fn branch(&mut self, cond: Value, t: Block, e: Block) {
        self.ins(
            InstData::Branch {
                cond,
                then_dest: BlockCall::plain(t),
                else_dest: BlockCall::plain(e),
            },
            None,
        );
    }

    pub fn iconst(&mut self, ty: Type, v: i128) -> Value {
        let bits = ty.bits();
        let imm = if bits >= 64 {
            v as u64
        } else {
            (v as u64) & ((1u64 << bits) - 1)
        };
        self.ins_v(InstData::IConst { ty, imm }, ty)
    }

    pub fn fconst(&mut self, ty: Type, v: f64) -> Value {
        let bits = if ty == Type::F32 {
            (v as f32).to_bits() as u64
        } else {
            v.to_bits()
        };
        self.ins_v(InstData::FConst { ty, bits }, ty)
    }

    pub fn bin(&mut self, op: BinaryOp, a: Value, b: Value) -> Value {
        self.binary_inst(op, a, b, false)
    }

    /// `add`/`sub`/`mul` of C's signed arithmetic, whose overflow is undefined (`nsw`).
    pub fn bin_nsw(&mut self, op: BinaryOp, a: Value, b: Value) -> Value {
        self.binary_inst(op, a, b, true)
    }

    fn binary_inst(&mut self, op: BinaryOp, a: Value, b: Value, nsw: bool) -> Value {
        let ty = self.vty(a);
        let data = InstData::Binary {
            op,
            lhs: a,
            rhs: b,
            nsw,
        };
        self.ins_v(data, ty)
    }

    pub fn un(&mut self, op: oxicc_ir::UnaryOp, a: Value) -> Value {
        let ty = self.vty(a);
        self.ins_v(InstData::Unary { op, arg: a }, ty)
    }

    pub fn icmp(&mut self, cond: IntCC, a: Value, b: Value) -> Value {
        self.ins_v(
            InstData::ICmp {
                cond,
                lhs: a,
                rhs: b,
            },
            Type::I1,
        )
    }

    pub fn fcmp(&mut self, cond: FloatCC, a: Value, b: Value) -> Value {
        self.ins_v(
            InstData::FCmp {
                cond,
                lhs: a,
                rhs: b,
            },
            Type::I1,
        )
    }

    pub fn select(&mut self, c: Value, t: Value, e: Value) -> Value {
        let ty = self.vty(t);
        self.ins_v(
            InstData::Select {
                cond: c,
                if_true: t,
                if_false: e,
            },
            ty,
        )
    }

    pub fn cast(&mut self, op: CastOp, v: Value, to: Type) -> Value {
        self.ins_v(InstData::Cast { op, arg: v, to }, to)
    }

    pub fn load(&mut self, ty: Type, ptr: Value, align: u64, volatile: bool) -> Value {
        let flags = MemFlags {
            volatile,
            ..MemFlags::aligned(align.clamp(1, 1 << 16) as u32)
        };
        self.ins_v(InstData::Load { ty, ptr, flags }, ty)
    }

    pub fn store(&mut self, ptr: Value, value: Value, align: u64, volatile: bool) {
        if self.vty(ptr) == Type::Ptr(AddrSpace::Const) {
            self.store_to_constant();
            return;
        }
        let flags = MemFlags {
            volatile,
            ..MemFlags::aligned(align.clamp(1, 1 << 16) as u32)
        };
        self.ins(InstData::Store { ptr, value, flags }, None);
    }

    /// A write into `__constant__` memory: nvcc warns and the write traps (`unreachable`).
    pub fn store_to_constant(&mut self) {
        let span = self.cur_span;
        self.warning(
            span,
            "Cannot store to pointer that points to constant memory space",
        );
        self.ins(InstData::Unreachable, None);
    }

    /// `ptr + off` bytes (no instruction for a zero constant offset).
    pub fn ptr_add_const(&mut self, ptr: Value, off: u64) -> Value {
        if off == 0 {
            return ptr;
        }
        let o = self.iconst(Type::I64, off as i128);
        self.ptr_add(ptr, o)
    }

    pub fn ptr_add(&mut self, ptr: Value, off: Value) -> Value {
        let ty = self.vty(ptr);
        self.ins_v(InstData::PtrAdd { ptr, offset: off }, ty)
    }

    /// A new stack slot; its `ptr.local` address is computed at the top of the entry block.
    pub fn alloca(&mut self, size: u64, align: u64, span: Span) -> Option<Value> {
        if size > u32::MAX as u64 / 2 {
            self.error(span, "array is too large");
            return None;
        }
        let fs = self.fs();
        let slot = fs
            .func
            .create_stack_slot(size.max(1) as u32, align.clamp(1, 1 << 16) as u32);
        let inst = fs.func.make_inst(
            InstData::StackAddr { slot },
            Some(Type::Ptr(AddrSpace::Local)),
        );
        fs.prologue.push(inst);
        Some(fs.func.result(inst))
    }

    /// A pointer converted to the generic space (for storing, passing, comparing).
    pub fn generic_ptr(&mut self, v: Value) -> Value {
        match self.vty(v) {
            Type::Ptr(AddrSpace::Generic) => v,
            Type::Ptr(_) => self.cast(CastOp::AddrSpaceCast, v, Type::Ptr(AddrSpace::Generic)),
            _ => v,
        }
    }

    /// Lowers a function definition whose declaration was already recorded as `fid`.
    pub fn lower_body(&mut self, fid: FnId, fd: &ast::FunctionDecl<'_>, func: Function) {
        let body = match fd.body {
            Some(body) => body,
            // A built-in header's body kept as tokens: parsed now (`parse/lazy_body.rs`).
            None => {
                let (Some(lazy), Some(id)) = (self.lazy_parse, fd.lazy_body) else {
                    return;
                };
                let names = fd.params.iter().filter_map(|p| p.name);
                let parsed = crate::parse::parse_lazy_body(
                    lazy,
                    id,
                    names,
                    self.arena,
                    self.interner,
                    self.sources,
                    self.diags,
                );
                match parsed {
                    Some(body) => body,
                    None => return,
                }
            }
        };
        // A friend may use the private members of the class that befriends it (found by
        // its name: the class, or the class template instance, just defined).
        let friend_of = match fd.method.friend_of {
            Some(n) if fd.method.is_friend => match self.lookup_tag_cxx(n) {
                Some(super::Tag::Record(r)) => Some(r),
                _ => None,
            },
            _ => None,
        };
        let saved_friend = std::mem::replace(&mut self.friend_of, friend_of);
        self.next_ret_decltype = matches!(fd.ret, ast::TypeExpr::DecltypeAuto(_));
        self.lower_body_parts(fid, fd.params, body, fd.span, func, fd.method.ctor_inits);
        self.friend_of = saved_friend;
    }

    /// `lower_body` from the parts of a definition (a lambda's call operator has no
    /// `FunctionDecl`).
    pub fn lower_body_parts(
        &mut self,
        fid: FnId,
        decl_params: &[ast::ParamDecl<'_>],
        body: &ast::Stmt<'_>,
        span: Span,
        func: Function,
        ctor_inits: &[ast::MemInit<'_>],
    ) {
        let info = self.func_info(fid).clone();
        let entry = func.entry();
        let ret_block = {
            let mut f = func;
            let b = f.create_block();
            self.f = Some(FnState {
                func: f,
                fn_id: fid,
                cur: entry,
                in_layout: [entry].into_iter().collect(),
                prologue: Vec::new(),
                ret_ty: info.ret,
                ret_pending: info.ret_pending,
                ret_decltype: std::mem::take(&mut self.next_ret_decltype),
                ret_slot: None,
                ret_block: b,
                breaks: Vec::new(),
                continues: Vec::new(),
                switches: Vec::new(),
                labels: HashMap::new(),
                local_statics: HashMap::new(),
                local_classes: HashMap::new(),
                cleanups: Default::default(),
            });
            b
        };
        if self.opts.line_info {
            self.set_loc(span.file, span.start, false);
        }
        let sret = self.returns_struct(&info);
        let all_params: Vec<Value> = self.fs().func.params().to_vec();
        let mut params: Vec<Value> = if sret {
            self.fs().ret_slot = all_params.first().copied();
            all_params[1..].to_vec()
        } else {
            all_params
        };
        let has_this = info.member.as_ref().is_some_and(|m| !m.is_static);
        self.enter_member_body(fid, &mut params);
        if !sret && !self.types.is_void(info.ret.ty) {
            let size = self.value_size(info.ret.ty);
            let align = self.value_align(info.ret.ty);
            let slot = self.alloca(size, align, span);
            self.fs().ret_slot = slot;
        }
        self.scopes.push();
        let first_user = sret as usize + has_this as usize;
        for (i, p) in decl_params.iter().enumerate() {
            let (Some(&pty), Some(&pv)) = (info.params.get(i), params.get(i)) else {
                break;
            };
            if info.space != super::ExecSpace::Global && self.passed_indirectly(pty) {
                // The caller's object, by address.
                if let Some(n) = p.name {
                    let id = self.add_var(VarInfo {
                        name: n,
                        ty: pty,
                        storage: Storage::Local(pv),
                        const_value: None,
                    });
                    if p.pack {
                        self.bind_pack_param(n, id);
                    } else {
                        self.scopes.bind(n, Binding::Var(id));
                    }
                    self.fs().cleanups.byval_params.insert(id.0);
                }
                continue;
            }
            if let Some(referent) = self.referent(pty) {
                // A reference parameter names the object it is bound to.
                if let Some(n) = p.name {
                    let id = self.add_var(VarInfo {
                        name: n,
                        ty: referent,
                        storage: Storage::Local(pv),
                        const_value: None,
                    });
                    self.reference_vars.insert(id.0);
                    if p.pack {
                        // One element of an expanded pack of references (`const Ts &...xs`).
                        self.bind_pack_param(n, id);
                    } else {
                        self.scopes.bind(n, Binding::Var(id));
                    }
                }
                continue;
            }
            let storage = if let ParamKind::ByVal { .. } = self.fs().func.sig.params[i + first_user]
            {
                // The backend reads a device function's by-value parameter only at constant
                // offsets, so element accesses through an index need a local copy too.
                let is_kernel = info.space == super::ExecSpace::Global;
                // A class object's member functions take its address (`this`).
                let has_members = matches!(self.types.kind(pty.ty),
                    crate::sema::TypeKind::Record(r) if self.classes.contains_key(r));
                let written = p.name.is_some_and(|n| {
                    body_writes(body, n)
                        || (!is_kernel && body_indexes(body, n))
                        || self.array_member_escapes(body, n, pty)
                }) || has_members;
                if written {
                    let size = self.types.size_of(pty.ty).unwrap_or(1);
                    let align = self.types.align_of(pty.ty);
                    let Some(slot) = self.alloca(size, align, p.span) else {
                        continue;
                    };
                    self.copy_bytes(slot, pv, size, align, false);
                    Storage::Local(slot)
                } else {
                    Storage::ParamByVal(pv)
                }
            } else {
                let size = self.types.size_of(pty.ty).unwrap_or(8);
                let align = self.types.align_of(pty.ty);
                let Some(slot) = self.alloca(size, align, p.span) else {
                    continue;
                };
                // Parameters arrive in their memory representation (bool as i8).
                let v = self.generic_ptr(pv);
                self.store(slot, v, align, false);
                Storage::Local(slot)
            };
            if let Some(n) = p.name {
                let id = self.add_var(VarInfo {
                    name: n,
                    ty: pty,
                    storage,
                    const_value: None,
                });
                if self.types.is_record(pty.ty) {
                    self.fs().cleanups.byval_params.insert(id.0);
                }
                if p.pack {
                    // One element of an expanded parameter pack: named only through `xs...`.
                    self.bind_pack_param(n, id);
                } else if self.scopes.bind(n, Binding::Var(id)).is_some() {
                    self.error(
                        p.span,
                        format!("duplicate parameter name \"{}\"", self.name(n)),
                    );
                }
            }
        }
        // A lambda's call operator: its captures are names for the closure's members.
        if let Some(r) = self.pending_closure.take() {
            self.bind_captures(r);
        }

        if info.member.as_ref().is_some_and(|m| m.is_ctor) {
            self.ctor_prologue(fid, ctor_inits);
        }
        // The outermost block shares the parameters' scope (C++ [basic.scope.block]).
        let typed = self.analyze_typed_body(fid, body);
        if let Ok(typed) = typed {
            self.lower_typed_body(std::rc::Rc::new(typed));
        } else {
            if let (true, Err(why)) = (self.opts.dump_sema, &typed) {
                self.dump_one_walk_body(fid, why);
            }
            match &body.kind {
                StmtKind::Compound(stmts) => {
                    for s in *stmts {
                        self.stmt(s);
                    }
                }
                _ => self.stmt(body),
            }
        }
        self.pop_scope();
        if self.opts.line_info {
            // The return sits at the closing brace, as nvcc marks it.
            self.set_loc(body.span.file, body.span.end.saturating_sub(1), true);
        }
        self.jump_to(ret_block);
        self.switch_to(ret_block);
        if info.fname == crate::sema::entity::FunctionName::Destructor {
            // After a destructor's body: the members' and bases' destructors.
            if let (Some((this, _)), Some(m)) = (self.this_val, info.member.as_ref()) {
                self.destroy_members(this, m.record, span);
            }
        }
        if info.ret_pending {
            self.finish_deduced_return(fid);
            return self.finish_body(fid);
        }
        let rv = match self.fs().ret_slot {
            Some(_) if sret => None,
            Some(slot) => {
                let ty = self.fs().ret_ty;
                let mt = self.mem_type(ty.ty);
                let align = self.types.align_of(ty.ty);
                Some(self.load(mt, slot, align, false))
            }
            None => None,
        };
        self.ins(InstData::Return { value: rv }, None);
        self.finish_body(fid);
    }

    /// Checks labels and moves the finished function into the module.
    fn finish_body(&mut self, fid: FnId) {
        let labels: Vec<(Symbol, (Block, bool, Span))> =
            self.fs().labels.iter().map(|(k, v)| (*k, *v)).collect();
        for (name, (_, defined, span)) in labels {
            if !defined {
                self.error(
                    span,
                    format!(
                        "label \"{}\" was referenced but not defined",
                        self.name(name)
                    ),
                );
            }
        }
        let mut fs = self.f.take().expect("function state");
        let entry = fs.func.entry();
        let prologue = std::mem::take(&mut fs.prologue);
        fs.func.blocks[entry].insts.splice(0..0, prologue);
        // Blocks that never got a terminator (only after errors or in dead code) end here.
        for b in fs.func.layout.clone() {
            if fs.func.terminator(b).is_none() {
                let i = fs.func.make_inst(InstData::Unreachable, None);
                fs.func.blocks[b].insts.push(i);
            }
        }
        // Instructions the passes create have no position of their own.
        fs.func.cur_loc = oxicc_ir::Loc::NONE;
        let ir = self.func_info(fid).ir.expect("declared in the module");
        self.module.functions[ir] = fs.func;
        self.fn_scope_base = None;
        self.this_val = None;
    }

    /// True when an array member of the by-value parameter `name` (of record type `root`)
    /// is used other than by indexing it, i.e. decays to a pointer that may be written
    /// through or passed on.
    fn array_member_escapes(&self, body: &ast::Stmt<'_>, name: Symbol, root: QualType) -> bool {
        // Nodes are identified by address (the AST is immutable while we look).
        let mut arrays: Vec<usize> = Vec::new();
        let mut indexed: Vec<usize> = Vec::new();
        visit_stmt(body, &mut |e| {
            if let ExprKind::Index { base, .. } = &e.kind {
                indexed.push(*base as *const ast::Expr<'_> as *const () as usize);
            }
            if let Some(t) = self.member_chain_type(e, name, root, 0) {
                if self.types.is_array(t.ty) {
                    arrays.push(e as *const ast::Expr<'_> as *const () as usize);
                }
            }
        });
        arrays.iter().any(|a| !indexed.contains(a))
    }

    /// The type of `name.f.g[i]…` chains rooted at the parameter `name`.
    fn member_chain_type(
        &self,
        e: &ast::Expr<'_>,
        name: Symbol,
        root: QualType,
        depth: u32,
    ) -> Option<QualType> {
        if depth > super::MAX_NESTING {
            return None;
        }
        match &e.kind {
            ExprKind::Ident(n) if *n == name => Some(root),
            ExprKind::Member {
                base,
                name: field,
                arrow: false,
                ..
            } => {
                let t = self.member_chain_type(base, name, root, depth + 1)?;
                let crate::sema::TypeKind::Record(r) = self.types.kind(t.ty) else {
                    return None;
                };
                let f = self
                    .types
                    .record(*r)
                    .fields
                    .iter()
                    .find(|f| f.name == Some(*field))?;
                Some(f.ty)
            }
            ExprKind::Index { base, .. } => {
                let t = self.member_chain_type(base, name, root, depth + 1)?;
                self.types.array_elem(t.ty)
            }
            _ => None,
        }
    }

    /// Copies `size` bytes from `src` to `dst` in the widest chunks the alignment allows.
    /// A size that is not a multiple of them (a base class's data without its tail
    /// padding: 5 bytes of `{int; char}`) ends in narrower chunks (4 + 1), so the copy
    /// accesses each field as its own stores do and `sroa` keeps the `int` whole.
    pub fn copy_bytes(&mut self, dst: Value, src: Value, size: u64, align: u64, volatile: bool) {
        let mut off = 0;
        while off < size {
            let chunk = head_chunk(size - off, align);
            let ty = Type::int_with_bits(chunk as u32 * 8).unwrap_or(Type::I8);
            // The alignment known at `off` (both objects start `align`-aligned), not just
            // the chunk's: the backend pairs neighbouring chunks into `.v2`/`.v4` accesses
            // only when the first is aligned to the whole vector.
            let at = if off == 0 {
                align
            } else {
                align.min(1 << off.trailing_zeros())
            };
            let s = self.ptr_add_const(src, off);
            let v = self.load(ty, s, at.max(chunk), volatile);
            let d = self.ptr_add_const(dst, off);
            self.store(d, v, at.max(chunk), volatile);
            off += chunk;
        }
    }
}

/// The widest access (8, 4, 2 or 1 bytes) that both `size` and `align` allow.
pub(crate) fn chunk_size(size: u64, align: u64) -> u64 {
    [8u64, 4, 2, 1]
        .into_iter()
        .find(|c| align & (c - 1) == 0 && size & (c - 1) == 0)
        .unwrap_or(1)
}

/// The widest access (8, 4, 2 or 1 bytes) that `align` allows and `left` bytes hold; the
/// chunks of a copy never grow, so each starts at a multiple of its own size.
fn head_chunk(left: u64, align: u64) -> u64 {
    [8u64, 4, 2, 1]
        .into_iter()
        .find(|&c| align & (c - 1) == 0 && c <= left)
        .unwrap_or(1)
}

/// True when the body may write to (or take the address of) the variable `name`: a
/// conservative syntactic scan that decides whether a by-value parameter needs a copy.
fn body_writes(s: &ast::Stmt<'_>, name: Symbol) -> bool {
    let mut found = false;
    visit_stmt(s, &mut |e| {
        let target = match &e.kind {
            ExprKind::Assign { lhs, .. } => Some(*lhs),
            ExprKind::Unary {
                op:
                    ast::UnaryOp::AddrOf
                    | ast::UnaryOp::PreInc
                    | ast::UnaryOp::PreDec
                    | ast::UnaryOp::PostInc
                    | ast::UnaryOp::PostDec,
                expr,
            } => Some(*expr),
            // A call through the object (a closure or functor) takes its address as `this`.
            ExprKind::Call { callee, .. } => Some(*callee),
            // A lambda may capture it by reference: keep it simple, copy it.
            ExprKind::Lambda(_) => {
                found = true;
                None
            }
            _ => None,
        };
        if let Some(t) = target {
            if mentions(t, name) {
                found = true;
            }
        }
    });
    found
}

/// True when the body indexes into (an array member of) the variable `name`.
fn body_indexes(s: &ast::Stmt<'_>, name: Symbol) -> bool {
    let mut found = false;
    visit_stmt(s, &mut |e| {
        if let ExprKind::Index { base, .. } = &e.kind {
            if mentions(base, name) {
                found = true;
            }
        }
    });
    found
}

fn mentions(e: &ast::Expr<'_>, name: Symbol) -> bool {
    match &e.kind {
        ExprKind::Ident(n) => *n == name,
        ExprKind::Member { base, .. } => mentions(base, name),
        ExprKind::Index { base, .. } => mentions(base, name),
        ExprKind::Cast { expr, .. } => mentions(expr, name),
        _ => false,
    }
}

pub(crate) fn visit_stmt(s: &ast::Stmt<'_>, f: &mut dyn FnMut(&ast::Expr<'_>)) {
    match &s.kind {
        StmtKind::Expr(e) => visit_expr(e, f, 0),
        StmtKind::Decl(ds) => {
            for d in *ds {
                match d {
                    ast::Decl::Var(v) => {
                        if let Some(i) = &v.init {
                            visit_init(i, f);
                        }
                    }
                    ast::Decl::Bindings(b) => visit_init(&b.init, f),
                    _ => {}
                }
            }
        }
        StmtKind::Compound(ss) => ss.iter().for_each(|s| visit_stmt(s, f)),
        StmtKind::If {
            init,
            cond,
            then,
            els,
            ..
        } => {
            if let Some(i) = init {
                visit_stmt(i, f);
            }
            visit_expr(cond, f, 0);
            visit_stmt(then, f);
            if let Some(e) = els {
                visit_stmt(e, f);
            }
        }
        StmtKind::While { cond, body, .. } | StmtKind::DoWhile { cond, body, .. } => {
            visit_expr(cond, f, 0);
            visit_stmt(body, f);
        }
        StmtKind::For {
            init,
            cond,
            step,
            body,
            ..
        } => {
            if let Some(i) = init {
                visit_stmt(i, f);
            }
            if let Some(c) = cond {
                visit_expr(c, f, 0);
            }
            if let Some(s) = step {
                visit_expr(s, f, 0);
            }
            visit_stmt(body, f);
        }
        StmtKind::Switch { init, cond, body } => {
            if let Some(i) = init {
                visit_stmt(i, f);
            }
            visit_expr(cond, f, 0);
            visit_stmt(body, f);
        }
        StmtKind::RangeFor { range, body, .. } => {
            visit_expr(range, f, 0);
            visit_stmt(body, f);
        }
        StmtKind::Case { body, .. } | StmtKind::Default { body } | StmtKind::Label { body, .. } => {
            visit_stmt(body, f)
        }
        StmtKind::Return(Some(e)) => visit_expr(e, f, 0),
        StmtKind::Asm(a) => {
            for o in a.outputs.iter().chain(a.inputs) {
                visit_expr(o.expr, f, 0);
            }
        }
        _ => {}
    }
}

fn visit_init(i: &ast::Init<'_>, f: &mut dyn FnMut(&ast::Expr<'_>)) {
    match i {
        ast::Init::Expr(e) => visit_expr(e, f, 0),
        ast::Init::List { items, .. } => items.iter().for_each(|i| visit_init(i, f)),
    }
}

pub(crate) fn visit_expr(e: &ast::Expr<'_>, f: &mut dyn FnMut(&ast::Expr<'_>), depth: u32) {
    if depth > super::MAX_NESTING {
        return;
    }
    f(e);
    let d = depth + 1;
    match &e.kind {
        ExprKind::Unary { expr, .. } | ExprKind::Cast { expr, .. } => visit_expr(expr, f, d),
        ExprKind::SizeofExpr(_) => {}
        ExprKind::Binary { lhs, rhs, .. } | ExprKind::Assign { lhs, rhs, .. } => {
            visit_expr(lhs, f, d);
            visit_expr(rhs, f, d);
        }
        ExprKind::Cond { cond, then, els } => {
            visit_expr(cond, f, d);
            visit_expr(then, f, d);
            visit_expr(els, f, d);
        }
        ExprKind::Call { callee, args } => {
            visit_expr(callee, f, d);
            args.iter().for_each(|a| visit_expr(a, f, d));
        }
        ExprKind::Index { base, index } => {
            visit_expr(base, f, d);
            visit_expr(index, f, d);
        }
        ExprKind::Member { base, .. } => visit_expr(base, f, d),
        ExprKind::InitList { items, .. } => items.iter().for_each(|i| visit_init(i, f)),
        ExprKind::Lambda(l) => visit_stmt(l.body, f),
        _ => {}
    }
}
