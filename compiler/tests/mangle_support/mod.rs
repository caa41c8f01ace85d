//! A small builder of mangling descriptions for the mangle API tests: types, records,
//! scopes and function entities over one `TypeTable` and `Interner`, as the lowering builds
//! them, plus the `nvcc` lookup (the same as `oxicc_tests::tools`, which the compiler crate
//! cannot depend on).

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::rc::Rc;

use oxicc::ast::TagKind;
use oxicc::intern::{Interner, Symbol};
use oxicc::mangle::{
    mangle_function_entity, ClosureSig, FunctionEntity, FunctionName, OperatorName, RefQualifier,
    ScopeComponent, TemplateArg,
};
use oxicc::sema::types::{
    EnumId, FloatKind, IntKind, QualType, Qualifiers, RecordId, TypeKind, TypeTable,
};
use oxicc::source::Span;

pub struct B {
    pub types: TypeTable,
    pub interner: Interner,
}

pub const CONST: Qualifiers = Qualifiers {
    konst: true,
    volatile: false,
    restrict: false,
};

pub const RESTRICT: Qualifiers = Qualifiers {
    konst: false,
    volatile: false,
    restrict: true,
};

impl B {
    pub fn new() -> B {
        B {
            types: TypeTable::new(),
            interner: Interner::new(),
        }
    }
    pub fn sym(&mut self, s: &str) -> Symbol {
        self.interner.intern(s)
    }
    pub fn ty(&mut self, k: TypeKind) -> QualType {
        QualType::new(self.types.intern(k))
    }
    pub fn int(&mut self, k: IntKind) -> QualType {
        self.ty(TypeKind::Int(k))
    }
    pub fn i(&mut self) -> QualType {
        self.int(IntKind::Int)
    }
    pub fn f(&mut self) -> QualType {
        self.ty(TypeKind::Float(FloatKind::Float))
    }
    pub fn d(&mut self) -> QualType {
        self.ty(TypeKind::Float(FloatKind::Double))
    }
    pub fn void(&mut self) -> QualType {
        self.ty(TypeKind::Void)
    }
    pub fn ptr(&mut self, t: QualType) -> QualType {
        self.ty(TypeKind::Pointer(t))
    }
    pub fn lref(&mut self, t: QualType) -> QualType {
        self.ty(TypeKind::Reference {
            referent: t,
            rvalue: false,
        })
    }
    pub fn rref(&mut self, t: QualType) -> QualType {
        self.ty(TypeKind::Reference {
            referent: t,
            rvalue: true,
        })
    }
    pub fn tparam(&mut self, i: u32) -> QualType {
        self.ty(TypeKind::TemplateParam(i))
    }
    pub fn konst(t: QualType) -> QualType {
        t.with_quals(CONST)
    }
    pub fn ns(&mut self, names: &[&str]) -> Vec<ScopeComponent> {
        names
            .iter()
            .map(|n| ScopeComponent::Namespace(self.interner.intern(n)))
            .collect()
    }
    /// A struct `name` in `scope` (a class template instance when `args` is `Some`).
    pub fn record(
        &mut self,
        name: &str,
        scope: Vec<ScopeComponent>,
        args: Option<Vec<TemplateArg>>,
    ) -> (RecordId, QualType) {
        let n = self.sym(name);
        let r = self
            .types
            .new_record(TagKind::Struct, Some(n), Span::default());
        let info = self.types.record_mut(r);
        info.scope = scope;
        info.template_args = args;
        let t = self.ty(TypeKind::Record(r));
        (r, t)
    }
    /// The closure type of a lambda local to `func`.
    pub fn closure(
        &mut self,
        func: &FunctionEntity,
        params: Vec<QualType>,
        index: u32,
    ) -> (RecordId, QualType) {
        let r = self
            .types
            .new_record(TagKind::Struct, None, Span::default());
        let info = self.types.record_mut(r);
        info.scope = vec![ScopeComponent::Function(Rc::new(func.clone()))];
        info.closure = Some(ClosureSig { params, index });
        let t = self.ty(TypeKind::Record(r));
        (r, t)
    }
    pub fn enumeration(&mut self, name: &str, scope: Vec<ScopeComponent>) -> (EnumId, QualType) {
        let n = self.sym(name);
        let e = self.types.new_enum(Some(n), IntKind::Int, Span::default());
        self.types.enums[e.0 as usize].scope = scope;
        let t = self.ty(TypeKind::Enum(e));
        (e, t)
    }
    pub fn func(
        &mut self,
        scope: Vec<ScopeComponent>,
        name: &str,
        params: Vec<QualType>,
    ) -> FunctionEntity {
        let n = self.sym(name);
        FunctionEntity::new(scope, FunctionName::Ident(n), params)
    }
    pub fn member(
        &mut self,
        r: RecordId,
        name: FunctionName,
        params: Vec<QualType>,
    ) -> FunctionEntity {
        let scope = FunctionEntity::member_scope(&self.types, r);
        FunctionEntity::new(scope, name, params)
    }
    pub fn op(
        &mut self,
        r: RecordId,
        op: OperatorName,
        params: Vec<QualType>,
        konst: bool,
    ) -> FunctionEntity {
        let mut f = self.member(r, FunctionName::Operator(op), params);
        if konst {
            f.this_quals = CONST;
        }
        f
    }
    pub fn template_fn(
        &mut self,
        scope: Vec<ScopeComponent>,
        name: &str,
        args: Vec<TemplateArg>,
        ret: QualType,
        params: Vec<QualType>,
    ) -> FunctionEntity {
        let mut f = self.func(scope, name, params);
        f.template_args = Some(args);
        f.ret = Some(ret);
        f
    }
    pub fn int_arg(&mut self, k: IntKind, value: i128) -> TemplateArg {
        let t = self.int(k);
        TemplateArg::Value { ty: t.ty, value }
    }
    pub fn mangle(&self, f: &FunctionEntity) -> String {
        mangle_function_entity(&self.types, &self.interner, f)
    }
    pub fn with_ref(mut f: FunctionEntity, r: RefQualifier) -> FunctionEntity {
        f.ref_qual = Some(r);
        f
    }
}

/// nvcc, found where `tools/install-nvidia-tools.sh` puts it (or under `$OXICC_NVIDIA_ROOT`).
pub fn nvcc() -> PathBuf {
    let root = match std::env::var_os("OXICC_NVIDIA_ROOT") {
        Some(r) if !r.is_empty() => PathBuf::from(r),
        _ => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.tools/nvidia/nvidia/cu13"),
    };
    let p = root.join("bin/nvcc");
    assert!(
        p.is_file(),
        "nvcc not found at {}: run tools/install-nvidia-tools.sh",
        p.display()
    );
    p
}

/// Every `_Z…` symbol defined or declared in nvcc's PTX of `cu` (parameter names left out).
pub fn nvcc_symbols(cu: &Path) -> std::collections::BTreeSet<String> {
    nvcc_symbols_with(cu, &[])
}

/// [`nvcc_symbols`] with extra nvcc flags (`-rdc=true` keeps every external function).
pub fn nvcc_symbols_with(cu: &Path, flags: &[&str]) -> std::collections::BTreeSet<String> {
    let dir = std::env::temp_dir().join(format!(
        "oxicc-mangle-{}-{}",
        std::process::id(),
        cu.file_stem().and_then(|s| s.to_str()).unwrap_or("k")
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let ptx_path = dir.join("k.ptx");
    let out = Command::new(nvcc())
        .args(["-ptx", "-arch=sm_75"])
        .args(flags)
        .arg(cu)
        .arg("-o")
        .arg(&ptx_path)
        .output()
        .expect("nvcc runs");
    assert!(
        out.status.success(),
        "nvcc fails on {}: {}",
        cu.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let ptx = std::fs::read_to_string(&ptx_path).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let mut names = std::collections::BTreeSet::new();
    for word in ptx.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
        if word.starts_with("_Z") && !word.contains("_param_") {
            names.insert(word.to_string());
        }
    }
    names
}
