//! Friend functions defined inside class templates (hidden friends such as
//! `friend Cplx operator*(Cplx a, Cplx b) { … }`): each instance of the class template
//! declares its own namespace-scope function, with the instance's template arguments bound
//! (so `Cplx` and `T` mean the instance's types). nvcc mangles it as a plain function of
//! the enclosing namespace (`_Z4conjRK7ComplexIfE`); it is found only by argument-dependent
//! lookup (`adl.rs`), through `ClassData::hidden_friends` of the instance.

use super::{FnId, Lowerer};
use crate::ast;
use crate::sema::types::RecordId;

impl<'x> Lowerer<'x> {
    /// Declares the hidden friends `fds` of class `r` (after its members are declared) and
    /// lowers their bodies.
    pub(super) fn define_hidden_friends(&mut self, r: RecordId, fds: &[&ast::FunctionDecl<'_>]) {
        if fds.is_empty() {
            return;
        }
        // A namespace-scope function: neither a member nor declared in the class's scope.
        let saved_decl = self.declaring_class.take();
        let saved_member = self.member_class.take();
        let mut declared: Vec<(FnId, &ast::FunctionDecl<'_>)> = Vec::new();
        for &fd in fds {
            if fd.qual.is_some_and(|q| q.global || q.segments.len() > 1) {
                self.error(
                    fd.name_span,
                    "a qualified friend function definition is not supported",
                );
                continue;
            }
            self.scopes.push();
            let fid = self.declare_function(fd);
            self.scopes.pop_take();
            let Some(fid) = fid else { continue };
            self.adl.names.insert(fd.name);
            self.has_operator_fns = true;
            self.class_data(r).hidden_friends.push(fid);
            declared.push((fid, fd));
        }
        for (fid, fd) in declared {
            let saved = self.save_fn();
            self.define_function(fid, fd);
            self.restore_fn(saved);
        }
        self.declaring_class = saved_decl;
        self.member_class = saved_member;
    }
}
