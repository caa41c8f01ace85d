//! nvcc's rule for `constexpr` host functions in device code: without
//! `--expt-relaxed-constexpr`, a call of a `constexpr` function that is not
//! `__device__` from a `__device__`/`__global__` function is an error — whether the call
//! runs on the device or is constant-evaluated (`constexpr int c = sq(5);`, array bounds,
//! template arguments, `static_assert` inside the function) — and from a
//! `__host__ __device__` function a warning. With the flag, such functions are
//! `__host__ __device__` (`exec_space`). Wording checked with nvcc 13.5.

use super::{ExecSpace, FnId, Lowerer};
use crate::ast;
use crate::source::Span;

impl Lowerer<'_> {
    /// The execution space of a function declared with `s` (`-default-device` makes a
    /// function with no specifier `__device__`; an explicit `__host__` stays).
    pub fn exec_space(&self, s: &ast::DeclSpecs) -> ExecSpace {
        match ExecSpace::of(s) {
            ExecSpace::Host if !s.host && self.opts.default_device => ExecSpace::Device,
            ExecSpace::Host if s.is_constexpr && self.opts.relaxed_constexpr => {
                ExecSpace::HostDevice
            }
            space => space,
        }
    }

    /// True when `f` is a `constexpr` host function.
    pub fn is_constexpr_host_fn(&self, f: FnId) -> bool {
        self.func_info(f).space == ExecSpace::Host && self.cx_fn_decl(f).is_some()
    }

    /// The diagnostic for a call of `constexpr` host function `f` from the function being
    /// lowered (a run-time or a compile-time call). Returns false when the call is an error,
    /// true when it may go on (a warning in a `__host__ __device__` caller, or no device
    /// caller at all). Reported once per call site.
    pub fn constexpr_host_call(&mut self, f: FnId, callee_span: Span) -> bool {
        let Some(caller) = self.f.as_ref().map(|s| s.fn_id) else {
            return true;
        };
        let caller_info = self.func_info(caller);
        let caller_space = caller_info.space;
        if !caller_space.on_device() || self.opts.relaxed_constexpr {
            return true;
        }
        let caller_name = self.name(caller_info.name).to_string();
        let info = self.func_info(f);
        let callee = match info.member.as_ref().filter(|m| m.is_ctor) {
            // Constructors are named with their class and parameters (`V::V(int)`).
            Some(_) => {
                let n = self.name(info.name);
                let ps: Vec<String> = info.params.iter().map(|p| self.show(*p)).collect();
                format!("{n}::{n}({})", ps.join(", "))
            }
            None => self.name(info.name).to_string(),
        };
        let msg = format!(
            "calling a constexpr __host__ function(\"{callee}\") from a {} function(\"{caller_name}\") is not allowed. The experimental flag '--expt-relaxed-constexpr' can be used to allow this (note: for a __tile__/__tile_global__ caller, the flag guarantees support only for calls that are required by language rules to be evaluated at compile time).",
            caller_space.words()
        );
        // A quiet query's report is rolled back: the lowering must report it again.
        let first = if self.quiet_queries > 0 {
            !self.cx_host_calls_reported.contains(&callee_span)
        } else {
            self.cx_host_calls_reported.insert(callee_span)
        };
        if caller_space == ExecSpace::HostDevice {
            if first {
                self.warning(callee_span, msg);
            }
            return true;
        }
        if first {
            self.error(callee_span, msg);
        }
        false
    }
}
