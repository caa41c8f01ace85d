//! Names: function encodings, nested names and their prefixes, local names, template
//! arguments, operator codes, class/enum/closure names.

use super::internal;
use super::mangler::{int_code, Mangler};
use crate::intern::Symbol;
use crate::sema::entity::{
    FunctionEntity, FunctionName, OperatorName, RefQualifier, ScopeComponent, TemplateArg,
};
use crate::sema::types::{EnumId, Qualifiers, RecordId, TypeKind};

/// The last component of a name: what the scope qualifies.
#[derive(Clone, Copy)]
enum Leaf<'a> {
    Function(&'a FunctionEntity),
    Record(RecordId),
    Enum(EnumId),
    Variable(Symbol),
    /// A class template named as a template template argument.
    Template(Symbol),
}

/// The two-letter code of an operator function name.
pub fn operator_code(op: OperatorName) -> &'static str {
    use OperatorName::*;
    match op {
        New => "nw",
        NewArray => "na",
        Delete => "dl",
        DeleteArray => "da",
        UnaryPlus => "ps",
        Negate => "ng",
        AddressOf => "ad",
        Deref => "de",
        Complement => "co",
        Plus => "pl",
        Minus => "mi",
        Mul => "ml",
        Div => "dv",
        Rem => "rm",
        BitAnd => "an",
        BitOr => "or",
        BitXor => "eo",
        Assign => "aS",
        PlusAssign => "pL",
        MinusAssign => "mI",
        MulAssign => "mL",
        DivAssign => "dV",
        RemAssign => "rM",
        AndAssign => "aN",
        OrAssign => "oR",
        XorAssign => "eO",
        Shl => "ls",
        Shr => "rs",
        ShlAssign => "lS",
        ShrAssign => "rS",
        Eq => "eq",
        Ne => "ne",
        Lt => "lt",
        Gt => "gt",
        Le => "le",
        Ge => "ge",
        Not => "nt",
        LogicalAnd => "aa",
        LogicalOr => "oo",
        Increment => "pp",
        Decrement => "mm",
        Comma => "cm",
        ArrowStar => "pm",
        Arrow => "pt",
        Call => "cl",
        Index => "ix",
    }
}

fn is_std(m: &Mangler<'_>, c: &ScopeComponent) -> bool {
    matches!(c, ScopeComponent::Namespace(s) if m.interner.resolve(*s) == "std")
}

impl Mangler<'_> {
    /// `<name> [<return type>] <parameter types>` of a function.
    pub fn encoding(&mut self, f: &FunctionEntity) {
        self.name(&f.scope, Leaf::Function(f), f.this_quals, f.ref_qual);
        let mangles_return = f.template_args.is_some()
            && !matches!(
                f.name,
                FunctionName::Constructor | FunctionName::Destructor | FunctionName::Conversion(_)
            );
        if mangles_return {
            match f.ret {
                Some(ret) => self.qual_type(ret),
                None => self.out.push('v'),
            }
        }
        self.bare_function_type(&f.params, f.variadic);
    }

    /// The name of a variable declared in `scope` (not local to a function).
    pub fn variable_name(&mut self, scope: &[ScopeComponent], name: Symbol) {
        self.name(scope, Leaf::Variable(name), Qualifiers::NONE, None);
    }

    /// The name of a class type (the caller registers the type as a candidate).
    pub fn record_name(&mut self, r: RecordId) {
        let scope = self.types.record(r).scope.clone();
        self.name(&scope, Leaf::Record(r), Qualifiers::NONE, None);
    }

    pub fn enum_name(&mut self, e: EnumId) {
        let scope = self.types.enum_info(e).scope.clone();
        self.name(&scope, Leaf::Enum(e), Qualifiers::NONE, None);
    }

    /// `leaf` qualified by `scope`: a local name, an unscoped name or a nested name.
    fn name(
        &mut self,
        scope: &[ScopeComponent],
        leaf: Leaf<'_>,
        quals: Qualifiers,
        ref_qual: Option<RefQualifier>,
    ) {
        // Everything after the innermost enclosing function is local to it.
        if let Some(k) = scope
            .iter()
            .rposition(|c| matches!(c, ScopeComponent::Function(_)))
        {
            let ScopeComponent::Function(f) = &scope[k] else {
                unreachable!("rposition found a function")
            };
            self.out.push('Z');
            self.encoding(f);
            self.out.push('E');
            self.scoped_name(&scope[k + 1..], k + 1, scope, leaf, quals, ref_qual);
            // The local entity's discriminator follows its whole name (nvcc:
            // `_ZZ1kPiENK1L3getE_0v` for a member of the second local class `L`).
            let local = match (scope.get(k + 1), leaf) {
                (Some(ScopeComponent::Record(r)), _) => Some(*r),
                (None, Leaf::Record(r)) => Some(r),
                _ => None,
            };
            if let Some(r) = local {
                let d = self.types.record(r).discriminator;
                self.discriminator(d);
            }
            return;
        }
        self.scoped_name(scope, 0, scope, leaf, quals, ref_qual);
    }

    /// `rest` is `full[start..]`: the components to write (prefix keys use `full`).
    fn scoped_name(
        &mut self,
        rest: &[ScopeComponent],
        start: usize,
        full: &[ScopeComponent],
        leaf: Leaf<'_>,
        quals: Qualifiers,
        ref_qual: Option<RefQualifier>,
    ) {
        let plain = quals.is_empty() && ref_qual.is_none();
        let unscoped_std = rest.len() == 1 && plain && start == 0 && is_std(self, &rest[0]);
        let nested = !(unscoped_std || rest.is_empty() && plain);
        if nested {
            self.out.push('N');
            if quals.restrict {
                self.out.push('r');
            }
            if quals.volatile {
                self.out.push('V');
            }
            if quals.konst {
                self.out.push('K');
            }
            match ref_qual {
                Some(RefQualifier::LValue) => self.out.push('R'),
                Some(RefQualifier::RValue) => self.out.push('O'),
                None => {}
            }
        }
        // Another instance of the same template named the template already: its
        // substitution stands for the scope and the name.
        let template_key = self.leaf_template_key(full, leaf);
        if let Some(key) = template_key.filter(|k| self.is_candidate(k)) {
            self.try_substitute(&key);
            self.leaf_template_args(leaf);
        } else {
            if unscoped_std {
                self.out.push_str("St");
            } else if nested {
                self.prefix(full, start);
            }
            self.leaf(full, leaf);
        }
        if nested {
            self.out.push('E');
        }
    }

    /// The components `full[start..]` of a nested name, each registered as a candidate,
    /// starting from the longest one that already is a candidate.
    pub(super) fn prefix(&mut self, full: &[ScopeComponent], start: usize) {
        let mut from = start;
        for end in (start + 1..=full.len()).rev() {
            let key = self.prefix_key(&full[..end]);
            if self.try_substitute(&key) {
                from = end;
                break;
            }
            if let ScopeComponent::Record(r) = &full[end - 1] {
                let template = self.record_template_key(&full[..end - 1], *r);
                if let Some(tkey) = template.filter(|k| self.is_candidate(k)) {
                    self.try_substitute(&tkey);
                    let args = self.types.record(*r).template_args.clone();
                    self.template_args(args.as_deref().unwrap_or(&[]));
                    self.add_candidate(key);
                    from = end;
                    break;
                }
            }
        }
        for i in from..full.len() {
            match &full[i] {
                ScopeComponent::Namespace(_) if i == 0 && is_std(self, &full[0]) => {
                    // `St` is an abbreviation, not a candidate.
                    self.out.push_str("St");
                    continue;
                }
                ScopeComponent::Namespace(s) => {
                    let s = self.interner.resolve(*s);
                    self.source_name(s);
                }
                // File-specific names, filled in when the whole file is known.
                ScopeComponent::AnonymousNamespace => {
                    self.out.push(internal::ANONYMOUS_NAMESPACE_PLACEHOLDER)
                }
                ScopeComponent::InternalLinkage => self.out.push(internal::INTERNAL_PLACEHOLDER),
                ScopeComponent::Record(r) => self.record_component(&full[..i], *r),
                ScopeComponent::Function(_) => {}
            }
            let key = self.prefix_key(&full[..=i]);
            self.add_candidate(key);
        }
    }

    /// The template key of a class template instance `r` declared in `scope`.
    fn record_template_key(&self, scope: &[ScopeComponent], r: RecordId) -> Option<String> {
        let info = self.types.record(r);
        info.template_args.as_ref()?;
        let name = info
            .name
            .map(|n| self.interner.resolve(n))
            .unwrap_or("_anon");
        Some(self.template_key(scope, name))
    }

    /// The template key of `leaf` when it is a template instance.
    fn leaf_template_key(&self, scope: &[ScopeComponent], leaf: Leaf<'_>) -> Option<String> {
        match leaf {
            Leaf::Record(r) => self.record_template_key(scope, r),
            Leaf::Function(f) => {
                f.template_args.as_ref()?;
                Some(self.template_key(scope, &self.function_key_name(&f.name)))
            }
            _ => None,
        }
    }

    /// The template arguments of a template-instance leaf.
    fn leaf_template_args(&mut self, leaf: Leaf<'_>) {
        match leaf {
            Leaf::Record(r) => {
                let args = self.types.record(r).template_args.clone();
                self.template_args(args.as_deref().unwrap_or(&[]));
            }
            Leaf::Function(f) => self.template_args(f.template_args.as_deref().unwrap_or(&[])),
            _ => {}
        }
    }

    /// The key of the prefix `path` (a class is keyed by its id, like its type).
    fn prefix_key(&self, path: &[ScopeComponent]) -> String {
        if let Some(ScopeComponent::Record(r)) = path.last() {
            return format!("#R{}", r.0);
        }
        let mut key = String::from("#P");
        for c in path {
            match c {
                ScopeComponent::Namespace(s) => {
                    key.push_str(self.interner.resolve(*s));
                    key.push('/');
                }
                ScopeComponent::AnonymousNamespace => key.push_str("@anon/"),
                ScopeComponent::InternalLinkage => key.push_str("@internal/"),
                ScopeComponent::Record(r) => key.push_str(&format!("#R{}/", r.0)),
                ScopeComponent::Function(f) => {
                    let mut m = Mangler::new(self.types, self.interner);
                    m.encoding(f);
                    key.push_str(&format!("Z{}E/", m.out));
                }
            }
        }
        key
    }

    /// The key of the template named `name` in `scope` (shared by all its instances).
    fn template_key(&self, scope: &[ScopeComponent], name: &str) -> String {
        format!("{}#t{name}", self.prefix_key_always_path(scope))
    }

    fn prefix_key_always_path(&self, scope: &[ScopeComponent]) -> String {
        match scope.last() {
            // A class's key is its id; a member template's key extends it.
            Some(ScopeComponent::Record(r)) => format!("#R{}/", r.0),
            _ => self.prefix_key(scope),
        }
    }

    /// A class as a component: its unqualified name, then its template arguments (the
    /// template name being a candidate of its own).
    fn record_component(&mut self, scope: &[ScopeComponent], r: RecordId) {
        let info = self.types.record(r);
        if let Some(closure) = info.closure.clone() {
            self.out.push_str("Ul");
            if closure.params.is_empty() {
                self.out.push('v');
            }
            for p in &closure.params {
                self.qual_type(p.unqual());
            }
            self.out.push('E');
            if closure.index > 0 {
                self.out.push_str(&(closure.index - 1).to_string());
            }
            self.out.push('_');
            return;
        }
        let name = match info.name {
            Some(n) => self.interner.resolve(n).to_string(),
            None => "_anon".to_string(),
        };
        let args = info.template_args.clone();
        self.source_name(&name);
        if let Some(args) = args {
            let key = self.template_key(scope, &name);
            self.add_candidate(key);
            self.template_args(&args);
        }
    }

    /// The last component; `scope` is the full scope it is declared in.
    fn leaf(&mut self, scope: &[ScopeComponent], leaf: Leaf<'_>) {
        match leaf {
            Leaf::Record(r) => self.record_component(scope, r),
            Leaf::Enum(e) => {
                let name = match self.types.enum_info(e).name {
                    Some(n) => self.interner.resolve(n).to_string(),
                    None => "_anon".to_string(),
                };
                self.source_name(&name);
            }
            Leaf::Variable(name) => {
                let name = self.interner.resolve(name);
                self.source_name(name);
            }
            Leaf::Template(name) => {
                let name = self.interner.resolve(name);
                self.source_name(name);
            }
            Leaf::Function(f) => {
                self.unqualified_function_name(&f.name);
                if let Some(args) = &f.template_args {
                    let key = self.template_key(scope, &self.function_key_name(&f.name));
                    self.add_candidate(key);
                    self.template_args(args);
                }
            }
        }
    }

    fn function_key_name(&self, name: &FunctionName) -> String {
        match name {
            FunctionName::Ident(s) => self.interner.resolve(*s).to_string(),
            FunctionName::Operator(op) => format!("#op{}", operator_code(*op)),
            FunctionName::Constructor => "#C".to_string(),
            FunctionName::Destructor => "#D".to_string(),
            FunctionName::Conversion(t) => format!("#cv{}", self.type_key(*t)),
        }
    }

    fn unqualified_function_name(&mut self, name: &FunctionName) {
        match name {
            FunctionName::Ident(s) => {
                let s = self.interner.resolve(*s);
                self.source_name(s);
            }
            FunctionName::Operator(op) => self.out.push_str(operator_code(*op)),
            FunctionName::Constructor => self.out.push_str("C1"),
            FunctionName::Destructor => self.out.push_str("D1"),
            FunctionName::Conversion(t) => {
                self.out.push_str("cv");
                self.qual_type(*t);
            }
        }
    }

    /// `I <arg>… E`.
    pub(super) fn template_args(&mut self, args: &[TemplateArg]) {
        self.out.push('I');
        for a in args {
            self.template_arg(a);
        }
        self.out.push('E');
    }

    pub(super) fn template_arg(&mut self, arg: &TemplateArg) {
        match arg {
            TemplateArg::Type(t) => self.qual_type(*t),
            TemplateArg::Value { ty, value } => {
                self.out.push('L');
                match self.types.kind(*ty).clone() {
                    TypeKind::Int(k) => {
                        self.out.push_str(int_code(k));
                    }
                    _ => self.qual_type(crate::sema::types::QualType::new(*ty)),
                }
                if *value < 0 {
                    self.out.push('n');
                }
                self.out.push_str(&value.unsigned_abs().to_string());
                self.out.push('E');
            }
            TemplateArg::ValueParam(i) => {
                // An expression naming a template parameter (not a substitution candidate).
                self.out.push_str("XT");
                if *i > 0 {
                    self.out.push_str(&super::mangler::base36(*i as usize - 1));
                }
                self.out.push_str("_E");
            }
            TemplateArg::Expr(e) => {
                self.out.push('X');
                self.expression(e);
                self.out.push('E');
            }
            TemplateArg::Entity { symbol, addr } => {
                // `L <mangled-name> E`: the variable's encoding after `_Z` (a global
                // namespace variable, unmangled as a symbol, is `_Z <source-name>`).
                if *addr {
                    self.out.push_str("Xad");
                }
                self.out.push_str("L_Z");
                match symbol.strip_prefix("_Z") {
                    Some(enc) => self.out.push_str(enc),
                    None => {
                        self.out.push_str(&symbol.len().to_string());
                        self.out.push_str(symbol);
                    }
                }
                self.out.push('E');
                if *addr {
                    self.out.push('E');
                }
            }
            TemplateArg::Pack(args) => {
                self.out.push('J');
                for a in args {
                    self.template_arg(a);
                }
                self.out.push('E');
            }
            TemplateArg::Template { scope, name } => {
                let key = self.template_key(scope, self.interner.resolve(*name));
                if self.try_substitute(&key) {
                    return;
                }
                self.name(scope, Leaf::Template(*name), Qualifiers::NONE, None);
                self.add_candidate(key);
            }
        }
    }
}
