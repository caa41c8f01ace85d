//! The injected class name: inside a class template (its body, its member functions, and
//! out-of-class member definitions) the template's bare name `S` means the current
//! instance `S<args>` ([temp.local]/1).
//!
//! The parser marks such uses as `TypeExpr::Named` (it knows which class template bodies
//! are open); here the name still finds the class template, and the instance is the
//! innermost record being defined, or the class of the member function being lowered, that
//! is an instance of that template.

use super::Lowerer;
use crate::intern::Symbol;
use crate::sema::types::{QualType, RecordId, TypeKind};
use crate::source::Span;

impl<'x> Lowerer<'x> {
    /// The instance of class template `c` that its bare name `name` denotes here; outside
    /// the template, nvcc's "argument list for class template "S" is missing".
    pub fn injected_class_name(&mut self, c: u32, name: Symbol, span: Span) -> Option<QualType> {
        match self.current_instance_of(c) {
            Some(r) => Some(QualType::new(self.types.intern(TypeKind::Record(r)))),
            None => {
                let msg = format!(
                    "argument list for class template \"{}\" is missing",
                    self.name(name)
                );
                self.error(span, msg);
                None
            }
        }
    }

    /// The innermost class in scope that is an instance of class template `c`.
    fn current_instance_of(&self, c: u32) -> Option<RecordId> {
        let is_instance = |r: &RecordId| {
            self.templates
                .instance_of
                .get(r)
                .is_some_and(|(t, _)| *t == c)
        };
        self.defining_records
            .iter()
            .rev()
            .chain(self.member_class.iter())
            .chain(self.declaring_class.iter())
            .chain(self.friend_of.iter())
            .copied()
            .find(is_instance)
    }
}
