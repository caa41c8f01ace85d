//! Virtual functions (Itanium C++ ABI, single inheritance chains, as nvcc lays them out).
//!
//! A class is *dynamic* when it declares a virtual function or has a dynamic base. Its
//! vtable `_ZTV<class>` is a `.global` array of 64-bit words: offset-to-top and typeinfo
//! (both 0 in nvcc's device code), then one word per virtual function — the primary base's
//! slots first (overriders replace them), then the class's new virtual functions in
//! declaration order; a virtual destructor takes two slots, the complete-object destructor
//! `D1` and the deleting destructor `D0` (which calls `free`); a pure virtual function's slot
//! is 0. The vptr is the first word of the object: the class's own field when it has no
//! dynamic base, else its primary base's (the first base, at offset 0). Constructors store
//! `&_ZTV<class> + 16` after constructing their bases (so a base constructor sees the base's
//! vtable, as in C++). A call of a virtual function through a pointer or a reference (or
//! `this`) loads the function from the vtable and calls it indirectly; a call on a named
//! object of class type, and a qualified call `Base::f()`, is direct (nvcc devirtualizes
//! the first too).

use super::class::MemberFn;
use super::{FnId, Lowerer};
use crate::ast;
use crate::mangle;
use crate::sema::entity::{FunctionEntity, FunctionName};
use crate::sema::types::{QualType, RecordId, TypeKind};
use crate::source::Span;
use hashbrown::{HashMap, HashSet};
use oxicc_ir::{
    AddrSpace, FuncId, FuncKind, Function, GlobalId, GlobalVar, InstData, Linkage, MemFlags,
    ParamKind, Signature, Type, Value,
};

/// One function slot of a vtable.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Slot {
    Func(FnId),
    /// A pure virtual function (its slot holds 0).
    Pure(FnId),
    /// The complete-object destructor: the class's own (`Some`, user-declared) or its
    /// implicit one (`None`, synthesized). The deleting destructor follows it.
    Dtor(Option<FnId>),
    DeletingDtor,
}

/// The virtual functions of a dynamic class.
#[derive(Clone, Debug, Default)]
pub(crate) struct VTable {
    pub slots: Vec<Slot>,
    /// The slot of each virtual function of this class or its bases.
    pub index: HashMap<FnId, usize>,
    /// The `_ZTV` global, once something needs it.
    pub global: Option<GlobalId>,
    /// Virtual functions declared `final` (of this class or its bases).
    pub finals: HashSet<FnId>,
}

impl VTable {
    /// Pure virtual functions without an overrider: the class is abstract.
    fn pure_fns(&self) -> impl Iterator<Item = FnId> + '_ {
        self.slots.iter().filter_map(|s| match s {
            Slot::Pure(f) => Some(*f),
            _ => None,
        })
    }
}

impl Lowerer<'_> {
    /// True when a class with these bases and members is dynamic and needs its own vptr
    /// field (at offset 0, before the bases); reports layouts that need secondary vtables.
    pub fn needs_own_vptr(&mut self, rd: &ast::RecordDecl<'_>, bases: &[RecordId]) -> bool {
        let dynamic_bases: Vec<usize> = (0..bases.len())
            .filter(|&i| self.vtables.contains_key(&bases[i]))
            .collect();
        if dynamic_bases.len() > 1 || dynamic_bases.first().is_some_and(|&i| i != 0) {
            self.error(
                rd.span,
                "a class whose polymorphic base is not its first base (secondary vtables) is not supported yet",
            );
        }
        if !dynamic_bases.is_empty() {
            return false;
        }
        rd.members.iter().any(|m| {
            matches!(&m.decl, ast::Decl::Function(fd) if fd.method.is_virtual || fd.method.is_pure)
        })
    }

    /// Builds the vtable of class `r` from its primary base's and the member functions it
    /// declares (after they are declared, before any body is lowered).
    pub fn build_vtable(&mut self, r: RecordId, declared: &[(FnId, &ast::FunctionDecl<'_>)]) {
        let bases = self
            .classes
            .get(&r)
            .map(|d| d.bases.clone())
            .unwrap_or_default();
        let primary = bases
            .iter()
            .find(|(b, _)| self.vtables.contains_key(b))
            .map(|(b, _)| *b);
        // `virtual` where it is not allowed (static members, constructors) is reported and
        // ignored.
        let is_virtual: Vec<bool> = declared
            .iter()
            .map(|&(fid, fd)| {
                (fd.method.is_virtual && self.check_virtual_allowed(fid, fd)) || fd.method.is_pure
            })
            .collect();
        if primary.is_none() && !is_virtual.contains(&true) {
            for (_, fd) in declared {
                self.report_not_overriding(fd);
            }
            return;
        }
        let mut vt = VTable::default();
        if let Some(p) = primary {
            let base = &self.vtables[&p];
            vt.index = base.index.clone();
            vt.finals = base.finals.clone();
            // The base's destructor slots become this class's (implicit) destructors.
            vt.slots = base
                .slots
                .iter()
                .map(|s| match s {
                    Slot::Dtor(_) => Slot::Dtor(None),
                    s => *s,
                })
                .collect();
        }
        for (&(fid, fd), &virt) in declared.iter().zip(&is_virtual) {
            let info = self.func_info(fid).clone();
            let Some(m) = info.member.clone() else {
                continue;
            };
            if m.is_static || m.is_ctor {
                continue;
            }
            if info.fname == FunctionName::Destructor {
                match vt.slots.iter().position(|s| matches!(s, Slot::Dtor(_))) {
                    Some(k) => {
                        vt.slots[k] = Slot::Dtor(Some(fid));
                        vt.index.insert(fid, k);
                    }
                    None if fd.method.is_virtual => {
                        vt.index.insert(fid, vt.slots.len());
                        vt.slots.push(Slot::Dtor(Some(fid)));
                        vt.slots.push(Slot::DeletingDtor);
                    }
                    None => {}
                }
                continue;
            }
            let slot = if fd.method.is_pure {
                Slot::Pure(fid)
            } else {
                Slot::Func(fid)
            };
            let overridden = vt.slots.iter().position(|s| match s {
                Slot::Func(g) | Slot::Pure(g) => self.overrides(fid, &m, *g),
                _ => false,
            });
            match overridden {
                Some(k) => {
                    if let Slot::Func(g) | Slot::Pure(g) = vt.slots[k] {
                        let g_final = vt.finals.contains(&g);
                        self.check_override(fid, fd, g, g_final);
                    }
                    vt.slots[k] = slot;
                    vt.index.insert(fid, k);
                }
                None if virt => {
                    if fd.method.is_override {
                        self.report_not_overriding(fd);
                    }
                    vt.index.insert(fid, vt.slots.len());
                    vt.slots.push(slot);
                }
                None => {
                    self.report_not_overriding(fd);
                    continue;
                }
            }
            if fd.method.is_final {
                vt.finals.insert(fid);
            }
        }
        self.vtables.insert(r, vt);
    }

    /// True when member function `f` (of kind `m`) overrides `g`: same name, parameter
    /// types and `const`.
    fn overrides(&self, f: FnId, m: &MemberFn, g: FnId) -> bool {
        let (fi, gi) = (self.func_info(f), self.func_info(g));
        fi.name == gi.name
            && fi.params == gi.params
            && gi
                .member
                .as_ref()
                .is_some_and(|gm| gm.is_const == m.is_const)
    }

    /// Reports an object of abstract class type (nvcc's error, naming the first pure
    /// virtual function without an overrider). Returns false when `r` is abstract.
    pub fn check_not_abstract(&mut self, r: RecordId, span: Span) -> bool {
        let Some(pure) = self.vtables.get(&r).and_then(|v| v.pure_fns().next()) else {
            return true;
        };
        let rt = QualType::new(self.types.intern(TypeKind::Record(r)));
        let cls = self.show(rt);
        let owner = self.func_info(pure).member.as_ref().map(|m| m.record);
        let owner = match owner {
            Some(o) => {
                let ot = QualType::new(self.types.intern(TypeKind::Record(o)));
                self.show(ot)
            }
            None => String::new(),
        };
        let f = self.name(self.func_info(pure).name).to_string();
        self.error(
            span,
            format!(
                "object of abstract class type \"{cls}\" is not allowed:\n            pure virtual function \"{owner}::{f}\" has no overrider"
            ),
        );
        false
    }

    /// Stores the vptr of class `r` (`&_ZTV<r> + 16`) into the object at `addr`, if `r` is
    /// dynamic.
    pub fn store_vptr(&mut self, addr: Value, r: RecordId) {
        if !self.vtables.contains_key(&r) {
            return;
        }
        let Some(g) = self.vtable_global(r) else {
            return;
        };
        let ga = self.ins_v(
            InstData::GlobalAddr { global: g },
            Type::Ptr(AddrSpace::Global),
        );
        let gen = self.generic_ptr(ga);
        let vptr = self.ptr_add_const(gen, 16);
        let addr = self.generic_ptr(addr);
        self.ins(
            InstData::Store {
                ptr: addr,
                value: vptr,
                flags: MemFlags {
                    align: 8,
                    volatile: false,
                },
            },
            None,
        );
    }

    /// The `_ZTV` global of dynamic class `r`, created on first use with its slots'
    /// functions (declared in the module; implicit destructors synthesized).
    fn vtable_global(&mut self, r: RecordId) -> Option<GlobalId> {
        if let Some(g) = self.vtables[&r].global {
            return Some(g);
        }
        let slots = self.vtables[&r].slots.clone();
        let rt = QualType::new(self.types.intern(TypeKind::Record(r)));
        let name = format!(
            "_ZTV{}",
            mangle::mangle_type(&self.types, self.interner, rt)
        );
        // The global exists before its slots are filled: a synthesized destructor stores
        // the vptr, i.e. names this very vtable.
        let words = 2 + slots.len() as u64;
        let g = self.module.add_global(GlobalVar {
            name,
            space: AddrSpace::Global,
            elem: Type::I64,
            count: Some(words),
            align: 8,
            init: Some(vec![0; 8 * words as usize]),
            linkage: Linkage::Internal,
            extern_shared: false,
            func_addrs: Vec::new(),
        });
        self.vtables.get_mut(&r).expect("dynamic class").global = Some(g);
        let mut func_addrs = Vec::new();
        let mut d1 = None;
        for (k, s) in slots.iter().enumerate() {
            let off = 16 + 8 * k as u64;
            let f = match *s {
                Slot::Func(f) => self.ensure_ir(f),
                Slot::Pure(_) => None,
                Slot::Dtor(user) => {
                    let f = match user {
                        Some(f) => self.ensure_ir(f),
                        None => Some(self.implicit_dtor(r)),
                    };
                    d1 = f;
                    f
                }
                Slot::DeletingDtor => d1.map(|d| self.deleting_dtor(r, d)),
            };
            if let Some(f) = f {
                func_addrs.push((off, f));
            }
        }
        self.module.globals[g].func_addrs = func_addrs;
        Some(g)
    }

    /// The mangled name of `r`'s complete-object destructor (`_ZN1SD1Ev`).
    fn dtor_symbol(&self, r: RecordId) -> String {
        let e = FunctionEntity::new(
            FunctionEntity::member_scope(&self.types, r),
            FunctionName::Destructor,
            Vec::new(),
        );
        mangle::mangle_function_entity(&self.types, self.interner, &e)
    }

    /// `r`'s implicit destructor `D1`: it only resets the vptr to `r`'s vtable (what a
    /// trivial destructor body leaves observable).
    fn implicit_dtor(&mut self, r: RecordId) -> FuncId {
        let name = self.dtor_symbol(r);
        if let Some(f) = self.module.function_by_name(&name) {
            return f;
        }
        let sig = Signature {
            params: vec![ParamKind::Value(Type::Ptr(AddrSpace::Generic))],
            ret: None,
        };
        let mut f = Function::new(name, sig, FuncKind::Device);
        f.linkage = Linkage::Internal;
        let id = self.module.add_function(f);
        self.synthesize_body(id, r, None);
        id
    }

    /// `r`'s deleting destructor `D0`: the complete-object destructor `d1`, then `free`
    /// (nvcc's `operator delete` in device code).
    fn deleting_dtor(&mut self, r: RecordId, d1: FuncId) -> FuncId {
        let name = self.dtor_symbol(r).replacen("D1E", "D0E", 1);
        if let Some(f) = self.module.function_by_name(&name) {
            return f;
        }
        let sig = Signature {
            params: vec![ParamKind::Value(Type::Ptr(AddrSpace::Generic))],
            ret: None,
        };
        let mut f = Function::new(name, sig, FuncKind::Device);
        f.linkage = Linkage::Internal;
        let id = self.module.add_function(f);
        let free = self.free_decl();
        self.synthesize_body(id, r, Some((d1, free)));
        id
    }

    /// The `free` import (device `operator delete`).
    fn free_decl(&mut self) -> FuncId {
        if let Some(f) = self.module.function_by_name("free") {
            return f;
        }
        let sig = Signature {
            params: vec![ParamKind::Value(Type::Ptr(AddrSpace::Generic))],
            ret: None,
        };
        let mut f = Function::declaration("free", sig, FuncKind::Device);
        f.linkage = Linkage::Import;
        self.module.add_function(f)
    }

    /// Fills a synthesized destructor: `D1` stores `r`'s vptr; `D0` calls `D1` and `free`.
    fn synthesize_body(&mut self, id: FuncId, r: RecordId, deleting: Option<(FuncId, FuncId)>) {
        let vtable = match deleting {
            None => self.vtable_global(r),
            Some(_) => None,
        };
        let f = &mut self.module.functions[id];
        let entry = f.layout[0];
        let this = f.blocks[entry].params[0];
        let mut b = oxicc_ir::FunctionBuilder::new(f);
        b.switch_to_block(entry);
        match deleting {
            None => {
                if let Some(g) = vtable {
                    let ga = b.global_addr(g, AddrSpace::Global);
                    let gen = b.cast(
                        oxicc_ir::CastOp::AddrSpaceCast,
                        ga,
                        Type::Ptr(AddrSpace::Generic),
                    );
                    let sixteen = b.iconst(Type::I64, 16);
                    let vptr = b.ptr_add(gen, sixteen);
                    b.store(
                        this,
                        vptr,
                        MemFlags {
                            align: 8,
                            volatile: false,
                        },
                    );
                }
            }
            Some((d1, free)) => {
                b.call(d1, vec![this], None);
                b.call(free, vec![this], None);
            }
        }
        b.ret(None);
    }

    /// The function a call of member `f` on `this` reaches by virtual dispatch: loads the
    /// vptr (the first word of the object) and the slot; `None` when `f` is not virtual.
    pub fn virtual_target(&mut self, f: FnId, this: Value) -> Option<Value> {
        let r = self.func_info(f).member.as_ref()?.record;
        let k = *self.vtables.get(&r)?.index.get(&f)?;
        let this = self.generic_ptr(this);
        let vptr = self.ins_v(
            InstData::Load {
                ty: Type::Ptr(AddrSpace::Generic),
                ptr: this,
                flags: MemFlags {
                    align: 8,
                    volatile: false,
                },
            },
            Type::Ptr(AddrSpace::Generic),
        );
        let slot = self.ptr_add_const(vptr, 8 * k as u64);
        Some(self.ins_v(
            InstData::Load {
                ty: Type::Ptr(AddrSpace::Generic),
                ptr: slot,
                flags: MemFlags {
                    align: 8,
                    volatile: false,
                },
            },
            Type::Ptr(AddrSpace::Generic),
        ))
    }

    /// True when `e` names a variable of class type (not a reference): its dynamic type is
    /// its declared type, so its virtual functions are called directly.
    pub fn names_complete_object(&mut self, e: &ast::Expr<'_>) -> bool {
        let ast::ExprKind::Ident(name) = e.kind else {
            return false;
        };
        match self.lookup_ordinary(name) {
            Some(super::Binding::Var(v)) if !self.reference_vars.contains(&v.0) => {
                let t = self.var(v).ty;
                matches!(self.types.kind(t.ty), TypeKind::Record(_))
            }
            _ => false,
        }
    }
}
