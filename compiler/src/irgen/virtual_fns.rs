//! Virtual functions: the vtables of dynamic classes (Itanium C++ ABI, as nvcc lays them
//! out), built when a class's members are declared.
//!
//! A class is *dynamic* when it declares a virtual function or has a dynamic base. Its
//! primary base is its first dynamic base; it is laid out at offset 0 (before the other
//! bases, whatever their declaration order), and the class shares its vptr. A dynamic class
//! without dynamic bases gets its own vptr at offset 0.
//!
//! The vtable group `_ZTV<class>` is a `.global` array of 64-bit words. The primary vtable:
//! offset-to-top and typeinfo (both 0 in nvcc's device code), then one word per virtual
//! function — the primary base's slots first (overriders replace them), then the class's
//! new virtual functions in declaration order, including overriders of functions of
//! secondary bases only; a virtual destructor takes two slots, the complete-object
//! destructor `D1` and the deleting destructor `D0`; a pure virtual function's slot is 0.
//! Then one *secondary* vtable per dynamic base subobject that does not share the primary
//! vptr (in base declaration order, recursively): offset-to-top = minus the subobject's
//! offset, typeinfo 0, and the base's slots, where an overrider of the derived class is
//! reached through a `this`-adjusting thunk `_ZThn<offset>_<name>`.
//!
//! A virtual call loads the function from the vptr of the subobject of the class that
//! declares the function (`virtual_target`). The `_ZTV` globals, vptr stores, thunks and
//! synthesized destructors are in `vtable_emit.rs`.

use super::class::MemberFn;
use super::{FnId, Lowerer};
use crate::ast;
use crate::sema::entity::FunctionName;
use crate::sema::types::{QualType, RecordId, TypeKind};
use crate::source::Span;
use hashbrown::{HashMap, HashSet};
use oxicc_ir::{AddrSpace, GlobalId, InstData, MemFlags, Type, Value};

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

/// An entry of a secondary vtable: the function, and how far its thunk moves `this` back
/// (0: the function itself is called with the subobject's address).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Entry {
    pub slot: Slot,
    pub adjust: u64,
}

/// The vtable of a dynamic base subobject that does not share the primary vptr.
#[derive(Clone, Debug)]
pub(crate) struct Secondary {
    /// The subobject's offset in the complete object (the vptr's address).
    pub offset: u64,
    pub entries: Vec<Entry>,
}

/// The virtual functions of a dynamic class.
#[derive(Clone, Debug, Default)]
pub(crate) struct VTable {
    /// The primary vtable's slots.
    pub slots: Vec<Slot>,
    pub secondaries: Vec<Secondary>,
    /// The primary slot of each virtual function of this class or its primary bases.
    pub index: HashMap<FnId, usize>,
    /// The `_ZTV` global, once something needs it.
    pub global: Option<GlobalId>,
    /// Virtual functions declared `final` (of this class or its bases).
    pub finals: HashSet<FnId>,
}

impl VTable {
    /// Pure virtual functions without an overrider: the class is abstract.
    fn pure_fns(&self) -> impl Iterator<Item = FnId> + '_ {
        let secondary = self
            .secondaries
            .iter()
            .flat_map(|s| s.entries.iter().map(|e| e.slot));
        self.slots
            .iter()
            .copied()
            .chain(secondary)
            .filter_map(|s| match s {
                Slot::Pure(f) => Some(f),
                _ => None,
            })
    }

    fn has_dtor(&self) -> bool {
        self.slots.iter().any(|s| matches!(s, Slot::Dtor(_)))
    }

    /// Every destructor entry of the secondary vtables becomes `dtor` (the class's own).
    fn set_secondary_dtors(&mut self, dtor: Option<FnId>) {
        for e in self
            .secondaries
            .iter_mut()
            .flat_map(|s| s.entries.iter_mut())
        {
            if let Slot::Dtor(_) = e.slot {
                e.slot = Slot::Dtor(dtor);
            }
        }
    }

    fn secondary_has_dtor(&self) -> bool {
        self.secondaries
            .iter()
            .any(|s| s.entries.iter().any(|e| matches!(e.slot, Slot::Dtor(_))))
    }
}

impl Lowerer<'_> {
    /// The index in `bases` of the primary base: the first dynamic one.
    pub fn primary_base(&self, bases: &[RecordId]) -> Option<usize> {
        bases.iter().position(|b| self.vtables.contains_key(b))
    }

    /// True when a class with these bases and members is dynamic and needs its own vptr
    /// field (at offset 0, before the bases): it declares virtual functions and has no
    /// dynamic base.
    pub fn needs_own_vptr(&mut self, rd: &ast::RecordDecl<'_>, bases: &[RecordId]) -> bool {
        if self.primary_base(bases).is_some() {
            return false;
        }
        rd.members.iter().any(|m| {
            matches!(&m.decl, ast::Decl::Function(fd) if fd.method.is_virtual || fd.method.is_pure)
        })
    }

    /// Builds the vtable of class `r` from its bases' and the member functions it declares
    /// (after they are declared, before any body is lowered).
    pub fn build_vtable(&mut self, r: RecordId, declared: &[(FnId, &ast::FunctionDecl<'_>)]) {
        let bases = self
            .classes
            .get(&r)
            .map(|d| d.bases.clone())
            .unwrap_or_default();
        let base_ids: Vec<RecordId> = bases.iter().map(|b| b.0).collect();
        let primary = self.primary_base(&base_ids).map(|i| base_ids[i]);
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
        let mut vt = self.inherited_vtable(primary, &bases);
        for (&(fid, fd), &virt) in declared.iter().zip(&is_virtual) {
            let info = self.func_info(fid).clone();
            let Some(m) = info.member.clone() else {
                continue;
            };
            if m.is_static || m.is_ctor {
                continue;
            }
            if info.fname == FunctionName::Destructor {
                self.declare_virtual_dtor(&mut vt, fid, fd.method.is_virtual);
                continue;
            }
            let slot = if fd.method.is_pure {
                Slot::Pure(fid)
            } else {
                Slot::Func(fid)
            };
            let mut overridden = None;
            let in_primary = vt.slots.iter().position(|s| match s {
                Slot::Func(g) | Slot::Pure(g) => self.overrides(fid, &m, *g),
                _ => false,
            });
            if let Some(k) = in_primary {
                if let Slot::Func(g) | Slot::Pure(g) = vt.slots[k] {
                    overridden = Some(g);
                }
                vt.slots[k] = slot;
                vt.index.insert(fid, k);
            }
            // Overriders of secondary bases' functions: reached through thunks.
            for sec in &mut vt.secondaries {
                for e in &mut sec.entries {
                    if let Slot::Func(g) | Slot::Pure(g) = e.slot {
                        if self.overrides(fid, &m, g) {
                            overridden.get_or_insert(g);
                            *e = Entry {
                                slot,
                                adjust: sec.offset,
                            };
                        }
                    }
                }
            }
            if let Some(g) = overridden {
                let g_final = vt.finals.contains(&g);
                self.check_override(fid, fd, g, g_final);
            } else if virt {
                if fd.method.is_override {
                    self.report_not_overriding(fd);
                } else {
                    self.warn_if_hiding(&vt, fid, fd);
                }
            } else {
                self.report_not_overriding(fd);
                self.warn_if_hiding(&vt, fid, fd);
                continue;
            }
            if in_primary.is_none() {
                vt.index.insert(fid, vt.slots.len());
                vt.slots.push(slot);
            }
            if fd.method.is_final {
                vt.finals.insert(fid);
            }
        }
        // The implicit destructor overrides a secondary base's virtual destructor: it is
        // virtual, with slots of its own in the primary vtable (after the declared ones).
        if !vt.has_dtor() && vt.secondary_has_dtor() {
            vt.slots.push(Slot::Dtor(None));
            vt.slots.push(Slot::DeletingDtor);
        }
        self.vtables.insert(r, vt);
    }

    /// The vtable of a class before its own members: the primary base's slots (destructors
    /// becoming the class's implicit ones) and the secondary vtables of every dynamic base
    /// subobject that does not share the primary vptr.
    fn inherited_vtable(&self, primary: Option<RecordId>, bases: &[(RecordId, u64)]) -> VTable {
        let mut vt = VTable::default();
        if let Some(p) = primary {
            let base = &self.vtables[&p];
            vt.index = base.index.clone();
            vt.finals = base.finals.clone();
            vt.slots = base
                .slots
                .iter()
                .map(|s| match s {
                    Slot::Dtor(_) => Slot::Dtor(None),
                    s => *s,
                })
                .collect();
        }
        for &(b, off) in bases {
            let Some(bvt) = self.vtables.get(&b) else {
                continue;
            };
            if Some(b) != primary {
                vt.secondaries.push(Secondary {
                    offset: off,
                    entries: bvt
                        .slots
                        .iter()
                        .map(|&slot| Entry { slot, adjust: 0 })
                        .collect(),
                });
                vt.finals.extend(bvt.finals.iter().copied());
            }
            for s in &bvt.secondaries {
                vt.secondaries.push(Secondary {
                    offset: off + s.offset,
                    entries: s.entries.clone(),
                });
            }
        }
        // The class's (implicit) destructor overrides every base destructor.
        for sec in &mut vt.secondaries {
            for e in &mut sec.entries {
                if let Slot::Dtor(_) | Slot::DeletingDtor = e.slot {
                    e.adjust = sec.offset;
                }
            }
        }
        vt.set_secondary_dtors(None);
        vt
    }

    /// A destructor declared in a dynamic class: it takes the primary destructor slots (new
    /// ones when it is virtual, or overrides a secondary base's virtual destructor).
    fn declare_virtual_dtor(&mut self, vt: &mut VTable, fid: FnId, is_virtual: bool) {
        match vt.slots.iter().position(|s| matches!(s, Slot::Dtor(_))) {
            Some(k) => {
                vt.slots[k] = Slot::Dtor(Some(fid));
                vt.index.insert(fid, k);
            }
            None if is_virtual || vt.secondary_has_dtor() => {
                vt.index.insert(fid, vt.slots.len());
                vt.slots.push(Slot::Dtor(Some(fid)));
                vt.slots.push(Slot::DeletingDtor);
            }
            None => {}
        }
        vt.set_secondary_dtors(Some(fid));
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
                flags: MemFlags::aligned(8),
            },
            Type::Ptr(AddrSpace::Generic),
        );
        let slot = self.ptr_add_const(vptr, 8 * k as u64);
        Some(self.ins_v(
            InstData::Load {
                ty: Type::Ptr(AddrSpace::Generic),
                ptr: slot,
                flags: MemFlags::aligned(8),
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
