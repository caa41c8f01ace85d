//! The code and data of virtual functions: the `_ZTV` vtable groups (`virtual_fns.rs` builds
//! their slots), the vptr stores of constructors and destructors, `this`-adjusting thunks
//! `_ZThn<offset>_…` of secondary vtables, and the synthesized destructors (`D1` of an
//! implicit destructor, the deleting destructor `D0`, which calls `free` — nvcc's device
//! `operator delete`).

use super::virtual_fns::{Entry, Slot};
use super::Lowerer;
use crate::mangle;
use crate::sema::entity::{FunctionEntity, FunctionName};
use crate::sema::types::{QualType, RecordId, TypeKind};
use oxicc_ir::{
    AddrSpace, FuncId, FuncKind, Function, FunctionBuilder, GlobalId, GlobalVar, InstData, Linkage,
    MemFlags, ParamKind, Signature, Type, Value,
};

const ALIGN8: MemFlags = MemFlags::aligned(8);

impl Lowerer<'_> {
    /// Where the vptrs of a complete object of dynamic class `r` point: `(offset of the
    /// vptr in the object, byte offset of the address point in _ZTV)`, primary first.
    fn address_points(&self, r: RecordId) -> Vec<(u64, u64)> {
        let vt = &self.vtables[&r];
        let mut out = vec![(0, 16)];
        let mut word = 2 + vt.slots.len() as u64;
        for s in &vt.secondaries {
            out.push((s.offset, 8 * (word + 2)));
            word += 2 + s.entries.len() as u64;
        }
        out
    }

    /// Stores the vptrs of class `r` (`&_ZTV<r> + 16`, and the secondary vtables' address
    /// points) into the object at `addr`, if `r` is dynamic.
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
        let addr = self.generic_ptr(addr);
        for (at, point) in self.address_points(r) {
            let vptr = self.ptr_add_const(gen, point);
            let ptr = self.ptr_add_const(addr, at);
            self.ins(
                InstData::Store {
                    ptr,
                    value: vptr,
                    flags: ALIGN8,
                },
                None,
            );
        }
    }

    /// The `_ZTV` global of dynamic class `r`, created on first use with its slots'
    /// functions (declared in the module; implicit destructors and thunks synthesized).
    pub(super) fn vtable_global(&mut self, r: RecordId) -> Option<GlobalId> {
        if let Some(g) = self.vtables[&r].global {
            return Some(g);
        }
        let vt = self.vtables[&r].clone();
        let rt = QualType::new(self.types.intern(TypeKind::Record(r)));
        let name = format!(
            "_ZTV{}",
            mangle::mangle_type(&self.types, self.interner, rt)
        );
        // The words: each vtable's offset-to-top and typeinfo, then its entries.
        let mut sections: Vec<(u64, Vec<Entry>)> = vec![(
            0,
            vt.slots
                .iter()
                .map(|&slot| Entry { slot, adjust: 0 })
                .collect(),
        )];
        sections.extend(vt.secondaries.iter().map(|s| (s.offset, s.entries.clone())));
        let words: u64 = sections.iter().map(|(_, e)| 2 + e.len() as u64).sum();
        let mut init = vec![0u8; 8 * words as usize];
        // The global exists before its slots are filled: a synthesized destructor stores
        // the vptr, i.e. names this very vtable.
        let g = self.module.add_global(GlobalVar {
            name,
            space: AddrSpace::Global,
            elem: Type::I64,
            count: Some(words),
            align: 8,
            init: None,
            linkage: Linkage::Internal,
            extern_shared: false,
            managed: false,
            func_addrs: Vec::new(),
            read_only: false,
        });
        self.vtables.get_mut(&r).expect("dynamic class").global = Some(g);
        let mut func_addrs = Vec::new();
        let mut word = 0u64;
        for (offset, entries) in sections {
            let top = (offset as i64).wrapping_neg().to_le_bytes();
            init[8 * word as usize..8 * word as usize + 8].copy_from_slice(&top);
            word += 2;
            let mut d1 = None;
            for e in entries {
                if let Some(f) = self.entry_function(r, e, &mut d1) {
                    func_addrs.push((8 * word, f));
                }
                word += 1;
            }
        }
        let gv = &mut self.module.globals[g];
        gv.init = Some(init);
        gv.func_addrs = func_addrs;
        Some(g)
    }

    /// The function a vtable entry of class `r` holds (`None`: 0, a pure virtual function):
    /// a thunk when the entry adjusts `this`. `d1` carries the section's complete-object
    /// destructor to the deleting destructor that follows it.
    fn entry_function(&mut self, r: RecordId, e: Entry, d1: &mut Option<FuncId>) -> Option<FuncId> {
        let (f, this_index) = match e.slot {
            Slot::Func(f) => {
                let info = self.func_info(f).clone();
                let sret = self.returns_struct(&info) as usize;
                (self.ensure_ir(f)?, sret)
            }
            Slot::Pure(_) => return None,
            Slot::Dtor(user) => {
                let f = match user {
                    Some(f) => self.ensure_ir(f)?,
                    None => self.implicit_dtor(r),
                };
                *d1 = Some(f);
                (f, 0)
            }
            Slot::DeletingDtor => (self.deleting_dtor(r, (*d1)?), 0),
        };
        Some(match e.adjust {
            0 => f,
            adjust => self.thunk(f, adjust, this_index),
        })
    }

    /// `_ZThn<adjust>_<f>`: moves `this` (IR parameter `this_index`) back by `adjust` bytes
    /// (from a secondary base subobject to the object that declares `f`) and calls `f`.
    fn thunk(&mut self, f: FuncId, adjust: u64, this_index: usize) -> FuncId {
        let target = &self.module.functions[f];
        let encoding = target.name.strip_prefix("_Z").unwrap_or(&target.name);
        let name = format!("_ZThn{adjust}_{encoding}");
        if let Some(t) = self.module.function_by_name(&name) {
            return t;
        }
        let sig = target.sig.clone();
        let mut func = Function::new(name, sig.clone(), FuncKind::Device);
        func.linkage = Linkage::Internal;
        let id = self.module.add_function(func);
        let func = &mut self.module.functions[id];
        let entry = func.layout[0];
        let mut args = func.blocks[entry].params.clone();
        let mut b = FunctionBuilder::new(func);
        b.switch_to_block(entry);
        let back = b.iconst(Type::I64, (adjust as i64).wrapping_neg());
        args[this_index] = b.ptr_add(args[this_index], back);
        let result = b.call(f, args, sig.ret);
        b.ret(result);
        id
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

    /// `r`'s implicit destructor `D1`: it only resets the vptrs to `r`'s vtables (what a
    /// trivial destructor body leaves observable).
    fn implicit_dtor(&mut self, r: RecordId) -> FuncId {
        let name = self.dtor_symbol(r);
        if let Some(f) = self.module.function_by_name(&name) {
            return f;
        }
        let id = self.this_only_function(name);
        let vtable = self.vtable_global(r);
        let points = self.address_points(r);
        let f = &mut self.module.functions[id];
        let entry = f.layout[0];
        let this = f.blocks[entry].params[0];
        let mut b = FunctionBuilder::new(f);
        b.switch_to_block(entry);
        if let Some(g) = vtable {
            let ga = b.global_addr(g, AddrSpace::Global);
            let gen = b.cast(
                oxicc_ir::CastOp::AddrSpaceCast,
                ga,
                Type::Ptr(AddrSpace::Generic),
            );
            for (at, point) in points {
                let point = b.iconst(Type::I64, point as i64);
                let vptr = b.ptr_add(gen, point);
                let at = b.iconst(Type::I64, at as i64);
                let ptr = b.ptr_add(this, at);
                b.store(ptr, vptr, ALIGN8);
            }
        }
        b.ret(None);
        id
    }

    /// `r`'s deleting destructor `D0`: the complete-object destructor `d1`, then `free`
    /// (nvcc's `operator delete` in device code).
    fn deleting_dtor(&mut self, r: RecordId, d1: FuncId) -> FuncId {
        let name = self.dtor_symbol(r).replacen("D1E", "D0E", 1);
        if let Some(f) = self.module.function_by_name(&name) {
            return f;
        }
        let id = self.this_only_function(name);
        let free = self.free_decl();
        let f = &mut self.module.functions[id];
        let entry = f.layout[0];
        let this = f.blocks[entry].params[0];
        let mut b = FunctionBuilder::new(f);
        b.switch_to_block(entry);
        b.call(d1, vec![this], None);
        b.call(free, vec![this], None);
        b.ret(None);
        id
    }

    /// A new internal device function `void name(T* this)` (a synthesized destructor).
    fn this_only_function(&mut self, name: String) -> FuncId {
        let sig = Signature {
            params: vec![ParamKind::Value(Type::Ptr(AddrSpace::Generic))],
            ret: None,
        };
        let mut f = Function::new(name, sig, FuncKind::Device);
        f.linkage = Linkage::Internal;
        self.module.add_function(f)
    }

    /// The `free` import (device `operator delete`).
    pub(super) fn free_decl(&mut self) -> FuncId {
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
}
