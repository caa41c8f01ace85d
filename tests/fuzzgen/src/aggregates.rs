//! Aggregates for the generator: classes with constructors and operators (used in
//! expressions and as locals), and the struct family (bit-fields, a pointer and a reference
//! into a struct, copies, an array of structs, structs through function parameters, a
//! union).

use crate::expr::{Callable, Scope};
use crate::gen::Gen;
use crate::print;
use crate::tree::Decl;
use crate::types::Ty;

impl Gen<'_> {
    /// Class definitions (into `globals`) and the expression forms that use them; returns
    /// each class with its member type.
    pub(crate) fn classes(
        &mut self,
        globals: &mut Vec<String>,
        shared_scope: &mut Scope,
    ) -> Vec<(String, Ty)> {
        let mut classes: Vec<(String, Ty)> = Vec::new();
        if self.has("classes") {
            for k in 0..self.rng.range(1, 2) {
                let t = self.eg().arith_ty();
                let c = t.c_name();
                let name = format!("C{k}");
                globals.push(format!(
                "class {name} {{\n  {c} v_;\npublic:\n  __device__ {name}() : v_(({c})1) {{}}\n  \
                 __device__ explicit {name}({c} v) : v_(v) {{}}\n  \
                 __device__ {name} operator+(const {name}& o) const {{ return {name}(ox_add(v_, o.v_)); }}\n  \
                 __device__ {name} operator*(const {name}& o) const {{ return {name}(ox_mul(v_, o.v_)); }}\n  \
                 __device__ {name}& operator-=(const {name}& o) {{ v_ = ox_sub(v_, o.v_); return *this; }}\n  \
                 __device__ bool operator<(const {name}& o) const {{ return v_ < o.v_; }}\n  \
                 __device__ {c} get() const {{ return v_; }}\n}};"
            ));
                classes.push((name.clone(), t));
                let forms = [
                    format!("({name}({{0}}) + {name}({{1}})).get()"),
                    format!("({name}({{0}}) * {name}({{1}}) + {name}()).get()"),
                    format!("({name}({{0}}) -= {name}({{1}})).get()"),
                    format!(
                        "({name}({{0}}) < {name}({{1}}) ? {name}({{0}}) : {name}({{1}})).get()"
                    ),
                ];
                for text in forms {
                    shared_scope.callables.push(Callable {
                        text,
                        ret: t,
                        params: vec![t, t],
                    });
                }
            }
        }
        classes
    }

    /// Class objects as kernel locals, updated through their operators.
    pub(crate) fn class_locals(
        &mut self,
        classes: &[(String, Ty)],
        decls: &mut Vec<Decl>,
        scope: &mut Scope,
    ) {
        for (k, (class, t)) in classes.iter().enumerate() {
            let v = self.lit(*t);
            let name = format!("o{k}");
            decls.push(Decl {
                text: format!("{class} {name}({v});"),
                outputs: vec![(format!("{name}.get()"), *t)],
            });
            scope.readonly.push((format!("{name}.get()"), *t));
            scope
                .stmt_forms
                .push((format!("{name} = {name} + {class}({{0}});"), vec![*t]));
            scope
                .stmt_forms
                .push((format!("{name} -= {class}({{0}});"), vec![*t]));
            scope
                .stmt_forms
                .push((format!("{name} = {class}({{0}}) * {name};"), vec![*t]));
            scope.stmt_forms.push((
                format!("if ({name} < {class}({{0}})) {name} = {class}({{0}});"),
                vec![*t],
            ));
        }
    }

    pub(crate) fn structs(
        &mut self,
        globals: &mut Vec<String>,
        decls: &mut Vec<Decl>,
        scope: &mut Scope,
    ) {
        let n = self.rng.range(2, 4);
        let types: Vec<Ty> = (0..n).map(|_| self.eg().scalar_ty()).collect();
        let mut fields: Vec<String> = types
            .iter()
            .enumerate()
            .map(|(i, t)| format!("{} m{i};", t.c_name()))
            .collect();
        // Bit-fields: written and read like members, never bound to a reference.
        let mut bitfields = Vec::new();
        for i in 0..self.rng.below(3) {
            let (t, w) = match self.rng.below(3) {
                0 => (Ty::U32, self.rng.range(1, 31)),
                1 => (Ty::I32, self.rng.range(2, 31)),
                _ => (Ty::U64, self.rng.range(33, 63)),
            };
            fields.push(format!("{} b{i} : {w};", t.c_name()));
            bitfields.push((format!("b{i}"), t));
        }
        globals.push(format!("struct S0 {{ {} }};", fields.join(" ")));
        let mut inits: Vec<String> = types.iter().map(|&t| self.lit(t)).collect();
        inits.extend(bitfields.iter().map(|_| "0u".to_string()));
        let members: Vec<(String, Ty)> = types
            .iter()
            .enumerate()
            .map(|(i, &t)| (format!("m{i}"), t))
            .chain(bitfields.iter().cloned())
            .collect();
        decls.push(Decl {
            text: format!("S0 s0 = {{{}}}; S0* p0 = &s0;", inits.join(", ")),
            outputs: members
                .iter()
                .map(|(m, t)| (format!("s0.{m}"), *t))
                .collect(),
        });
        decls.push(Decl {
            text: "S0 s1 = s0;".into(),
            outputs: members
                .iter()
                .map(|(m, t)| (format!("s1.{m}"), *t))
                .collect(),
        });
        for (m, t) in &members {
            scope.vars.push((format!("s0.{m}"), *t));
            scope.vars.push((format!("p0->{m}"), *t));
            scope.vars.push((format!("s1.{m}"), *t));
        }
        scope.stmt_forms.push(("s1 = s0;".to_string(), vec![]));
        scope.stmt_forms.push(("*p0 = s1;".to_string(), vec![]));
        // An array of structs, indexed like any array.
        decls.push(Decl {
            text: "S0 sa[3] = {s0, s1, s0};".into(),
            outputs: (0..3)
                .flat_map(|k| {
                    members
                        .iter()
                        .map(move |(m, t)| (format!("sa[{k}].{m}"), *t))
                })
                .collect(),
        });
        for (m, t) in &members {
            scope
                .indexed
                .push((format!("sa[((unsigned int)({{0}})) % 3u].{m}"), *t));
        }
        scope.stmt_forms.push((
            "sa[((unsigned int)({0})) % 3u] = s1;".to_string(),
            vec![Ty::U32],
        ));
        scope.stmt_forms.push((
            "s0 = sa[((unsigned int)({0})) % 3u];".to_string(),
            vec![Ty::U32],
        ));
        // Structs through function parameters: by value and returned (the parameter and
        // return ABI for aggregates), and through a pointer.
        let mut fs = Scope::default();
        for (m, t) in &members {
            fs.vars.push((format!("a.{m}"), *t));
        }
        fs.readonly.push(("k".into(), Ty::I32));
        let mut body = String::new();
        for _ in 0..self.rng.range(1, 3) {
            let (m, t) = self.rng.pick(&members).clone();
            let e = self.eg().expr(t, 2, &fs);
            body.push_str(&format!("a.{m} = {}; ", print::expr(&e)));
        }
        globals.push(format!(
            "__device__ S0 sf0(S0 a, int k) {{ {body}return a; }}"
        ));
        let (m, t) = self.rng.pick(&members).clone();
        let ps = Scope {
            vars: members
                .iter()
                .map(|(m, t)| (format!("q->{m}"), *t))
                .collect(),
            readonly: vec![("k".into(), Ty::I32)],
            ..Scope::default()
        };
        let e = self.eg().expr(t, 2, &ps);
        globals.push(format!(
            "__device__ void pf0(S0* q, int k) {{ q->{m} = {}; }}",
            print::expr(&e)
        ));
        scope
            .stmt_forms
            .push(("s1 = sf0(s0, {0});".to_string(), vec![Ty::I32]));
        scope
            .stmt_forms
            .push(("s0 = sf0(*p0, {0});".to_string(), vec![Ty::I32]));
        scope
            .stmt_forms
            .push(("pf0(&s1, {0});".to_string(), vec![Ty::I32]));
        let r = self.rng.below(n) as usize;
        decls.push(Decl {
            text: format!("{}& ref0 = s0.m{r};", types[r].c_name()),
            outputs: vec![],
        });
        scope.vars.push(("ref0".into(), types[r]));
        // A union: one member written and read (no type punning).
        let ut = self.eg().scalar_ty();
        globals.push(format!(
            "union U0 {{ {} m; unsigned char bytes[8]; }};",
            ut.c_name()
        ));
        let init = self.lit(ut);
        decls.push(Decl {
            text: format!("U0 u0; u0.m = {init};"),
            outputs: vec![("u0.m".into(), ut)],
        });
        scope.vars.push(("u0.m".into(), ut));
    }
}
