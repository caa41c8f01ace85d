//! Name expressions (NVRTC's `nvrtcAddNameExpression`): which function an expression such
//! as `kernel<float, 4>` or `ns::f` names, so that its mangled name can be reported.
//!
//! The driver turns each expression into a launch `expr<<<1, 1>>>();` in a static host
//! function of its own, in a file of its own (`LowerOptions::name_expr_file`). The launch
//! machinery (`host_launch.rs`) then resolves the name exactly as it resolves a launch in
//! user code — a template-id is instantiated as a launch would instantiate it — and records
//! here which function each launch of that file chose. A plain (non-template) function
//! or a `__device__`/`__constant__` variable is found by ordinary or qualified lookup.

use super::{Binding, FnId, Lowerer, Storage};
use crate::ast::HostLaunch;
use crate::source::Span;
use oxicc_ir::GlobalId;

/// What a name expression names.
#[derive(Clone, Copy, Debug)]
pub(crate) enum NameTarget {
    Fn(FnId),
    Global(GlobalId),
}

impl Lowerer<'_> {
    /// Records that the launch `l` names function `f`, when `l` is a name expression's.
    pub(super) fn note_launch_target(&mut self, l: &HostLaunch<'_>, f: NameTarget) {
        if Some(l.span.file) == self.opts.name_expr_file {
            self.name_targets.push((l.span, f));
        }
    }

    /// A name expression naming a function that is not a template, or a variable.
    pub(super) fn plain_launch_target(&mut self, l: &HostLaunch<'_>) {
        if Some(l.span.file) != self.opts.name_expr_file || l.host_call || l.object.is_some() {
            return;
        }
        let q = l.kernel;
        let found = self.quietly(|s| {
            let b = if q.segments.len() == 1 && !q.global {
                s.lookup_ordinary(q.last().ident()?)
            } else {
                s.lookup_qualified(q)
            };
            match b {
                Some(Binding::Func(f)) => Some(NameTarget::Fn(f)),
                Some(Binding::Var(v)) => match s.vars[v.0 as usize].storage {
                    Storage::Global(g, _) => Some(NameTarget::Global(g)),
                    _ => None,
                },
                _ => None,
            }
        });
        if let Some(f) = found {
            self.note_launch_target(l, f);
        }
    }

    /// The mangled names of the recorded targets (after internal names are final).
    pub(super) fn name_target_names(&self) -> Vec<(Span, String)> {
        self.name_targets
            .iter()
            .filter_map(|&(span, t)| {
                let name = match t {
                    NameTarget::Global(g) => self.module.globals[g].name.clone(),
                    NameTarget::Fn(f) => {
                        let info = &self.fns[f.0 as usize];
                        match info.ir {
                            Some(id) => self.module.functions[id].name.clone(),
                            None => info.mangled.clone()?,
                        }
                    }
                };
                Some((span, name))
            })
            .collect()
    }
}
