//! Friend declarations that only grant access (C++ [class.friend]): `friend class X;`
//! lets every member function of `X` use the private and protected members of the
//! befriending class, `friend T f(…);` the function `f` of the enclosing namespace, and
//! `friend T C::f(…);` the member function `f` of `C`. Friends are matched by name (not by
//! the full signature: every overload of a befriended name is a friend). Friend functions
//! defined in the class body are `Lowerer::friend_of` (see `func.rs`).

use super::Lowerer;
use crate::intern::Symbol;
use crate::sema::types::RecordId;

impl Lowerer<'_> {
    /// Records `friend class C;` (`name: None`) or a friend function of class `r`.
    pub fn record_friend(&mut self, r: RecordId, class: Option<Symbol>, name: Option<Symbol>) {
        self.class_data(r).friends.push((class, name));
    }

    /// The code being lowered is a friend of class `r`: a member function of a befriended
    /// class (or of a class nested in one), or a befriended function.
    pub fn is_friend_here(&self, r: RecordId) -> bool {
        let Some(d) = self.classes.get(&r) else {
            return false;
        };
        if d.friends.is_empty() {
            return false;
        }
        // The class whose member is being lowered, and the classes enclosing it.
        let mut classes: Vec<Symbol> = Vec::new();
        if let Some(c) = self.member_class {
            if let Some(n) = self.types.record(c).name {
                classes.push(n);
            }
            for comp in &self.types.record(c).scope {
                if let crate::sema::entity::ScopeComponent::Record(o) = comp {
                    if let Some(n) = self.types.record(*o).name {
                        classes.push(n);
                    }
                }
            }
        }
        let current_fn = self.f.as_ref().map(|fs| self.func_info(fs.fn_id));
        d.friends.iter().any(|&(class, name)| match (class, name) {
            (Some(c), None) => classes.contains(&c),
            (Some(c), Some(f)) => {
                current_fn.is_some_and(|info| info.name == f && info.member.is_some())
                    && self.member_class.and_then(|m| self.types.record(m).name) == Some(c)
            }
            (None, Some(f)) => {
                current_fn.is_some_and(|info| info.name == f && info.member.is_none())
            }
            (None, None) => false,
        })
    }
}
