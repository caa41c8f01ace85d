//! Targets: the SM versions oxicc emits PTX for, the PTX ISA version each needs, and the
//! features each gates.
//!
//! The minimum ISA versions were checked against ptxas 13.5: a module with `.version` one
//! step lower than the table's is rejected for that target. By default oxicc emits the
//! minimum version of the target, raised to [`DEFAULT_PTX_FLOOR`], not the newest ISA
//! (nvcc 13.5 writes `.version 9.5` for every target): everything the backend selects today
//! exists in PTX 6.5, and a lower `.version` lets the PTX load on older drivers, which
//! JIT-compile only the ISA versions they know. When selection starts using a newer
//! instruction, the feature table below says which version it needs.
//!
//! The floor comes from a real GPU run (H100, driver 580.159, 2026-11-26, `tools/gpu-check`):
//! a generated sm_75 kernel computed wrong values from oxicc's PTX under `.version 6.3` and
//! right ones under 6.5 or with plain `bra`. A later run gave wrong values for the same PTX
//! under 6.5 too (docs/testing.md): the outcome varies between runs, so the floor is kept as
//! harmless (the ISA notes of 6.4/6.5 add nothing selection uses) but is not proven to fix
//! anything. Below 6.5 (only by an explicit `--ptx-version`), selection writes plain `bra`
//! ([`Target::uniform_branches`]).

use crate::BackendError;

/// One supported GPU architecture.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SmInfo {
    /// `sm_XX` as the number `XX`.
    pub sm: u32,
    /// The lowest PTX ISA version that can target it, `(major, minor)`.
    pub min_ptx: (u32, u32),
}

/// The supported targets, oldest first. CUDA 13 dropped everything before Turing.
pub const SM_TABLE: &[SmInfo] = &[
    SmInfo {
        sm: 75,
        min_ptx: (6, 3),
    },
    SmInfo {
        sm: 80,
        min_ptx: (7, 0),
    },
    SmInfo {
        sm: 86,
        min_ptx: (7, 1),
    },
    SmInfo {
        sm: 89,
        min_ptx: (7, 8),
    },
    SmInfo {
        sm: 90,
        min_ptx: (7, 8),
    },
    SmInfo {
        sm: 100,
        min_ptx: (8, 6),
    },
    SmInfo {
        sm: 120,
        min_ptx: (8, 7),
    },
];

/// The lowest `.version` oxicc writes by default, whatever the target's minimum (see the
/// file comment).
pub const DEFAULT_PTX_FLOOR: (u32, u32) = (6, 5);

/// The most bytes of kernel parameters every target's ISA allows; more (up to 32764)
/// needs [`LARGE_KERNEL_PARAMS_PTX`] (ptxas: "Kernel parameter size larger than 4352
/// bytes requires PTX ISA .version 8.1").
pub const SMALL_KERNEL_PARAMS: u32 = 4352;
/// The `.version` that allows kernel parameters of up to 32764 bytes.
pub const LARGE_KERNEL_PARAMS_PTX: (u32, u32) = (8, 1);

/// Instructions that inline PTX (oxicc's own headers included) may contain which need a
/// newer `.version` than their targets' minimum, with that version: a module whose inline
/// PTX contains one is printed with at least it (nvcc writes its newest `.version` for every
/// target, so its headers never meet the question). Matched as text in the templates.
pub const INLINE_PTX_VERSIONS: &[(&str, (u32, u32))] = &[
    // sm_80's own minimum is 7.0; the parity forms of the waits came with 7.1, and so did
    // single-bit `mma` with `.and.popc` (ptxas: "Modifier '.and' on 'mma' requires 7.1").
    (".and.popc", (7, 1)),
    ("mbarrier.test_wait.parity", (7, 1)),
    ("mbarrier.try_wait", (7, 8)),
    // cuda_fp8.h's conversions: PTX 7.8 on sm_90, 8.1 on sm_89 (the larger serves both).
    ("e4m3x2", (8, 1)),
    ("e5m2x2", (8, 1)),
    // Vector atomics (`atomicAdd` on float2/float4, sm_90): PTX 8.1.
    (".add.v2.f32", (8, 1)),
    (".add.v4.f32", (8, 1)),
    // `mma.sync` with fp8 inputs (`.f32.e4m3.e4m3.f32`, …) on sm_89: PTX 8.4.
    (".f32.e4m3", (8, 4)),
    (".f32.e5m2", (8, 4)),
    // fp8 `mma.sync` with f16 accumulators, and the fp8 `m16n8k16` shape: PTX 8.7 (ptxas:
    // "requires PTX ISA .version 8.7 or later").
    (".f16.e4m3", (8, 7)),
    (".f16.e5m2", (8, 7)),
    ("m16n8k16.row.col.f32.e", (8, 7)),
];

/// The newest PTX ISA version we know (the one ptxas 13.5 implements).
pub const MAX_PTX: (u32, u32) = (9, 5);

/// The SM numbers in `SM_TABLE`.
pub const SUPPORTED_SMS: &[u32] = &[75, 80, 86, 89, 90, 100, 120];

/// Hardware and ISA features that selection may use, each with what gates it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Feature {
    /// `shfl.sync`, `vote.sync`, `bar.warp.sync`: sm_30+ and PTX 6.0.
    WarpSync,
    /// Scoped atomics (`atom.cta`, `atom.sys`) and `fence.*`: sm_70+, PTX 6.0.
    ScopedAtomics,
    /// `redux.sync` and `cp.async`: sm_80+, PTX 7.0.
    Ampere,
    /// `bf16` arithmetic (`add.bf16`, `fma.rn.bf16`): sm_90+, PTX 7.8.
    Bf16Arith,
    /// Thread-block clusters (`%clusterid`, `.reqnctapercluster`): sm_90+, PTX 7.8.
    Clusters,
    /// Taking the generic address of a kernel parameter (`cvta.param`): sm_70+, PTX 7.7.
    ParamAddress,
    /// `cvt.rn.bf16.f32`: sm_80+, PTX 7.0.
    Bf16Convert,
    /// `bf16` conversions from and to integers and `f64` (`cvt.rn.bf16.s32`): sm_90+, PTX 7.8.
    Bf16ConvertAll,
}

impl Feature {
    /// `(minimum sm, minimum PTX version)`.
    pub fn requirement(self) -> (u32, (u32, u32)) {
        match self {
            Feature::WarpSync => (30, (6, 0)),
            Feature::ScopedAtomics => (70, (6, 0)),
            Feature::Ampere => (80, (7, 0)),
            Feature::Bf16Arith => (90, (7, 8)),
            Feature::Clusters => (90, (7, 8)),
            Feature::ParamAddress => (70, (7, 7)),
            Feature::Bf16Convert => (80, (7, 0)),
            Feature::Bf16ConvertAll => (90, (7, 8)),
        }
    }
}

/// A resolved target: SM and the `.version` to print.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Target {
    pub sm: u32,
    pub ptx: (u32, u32),
}

impl Target {
    /// Checks the options and picks the `.version`.
    pub fn resolve(sm: u32, ptx_override: Option<(u32, u32)>) -> Result<Target, BackendError> {
        let info = SM_TABLE.iter().find(|i| i.sm == sm).ok_or_else(|| {
            BackendError::new(format!(
                "unsupported target sm_{sm}; supported: {}",
                SUPPORTED_SMS
                    .iter()
                    .map(|s| format!("sm_{s}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })?;
        let ptx = match ptx_override {
            None => info.min_ptx.max(DEFAULT_PTX_FLOOR),
            Some(v) => {
                if v < info.min_ptx {
                    return Err(BackendError::new(format!(
                        "PTX ISA {}.{} cannot target sm_{sm}; it needs at least {}.{}",
                        v.0, v.1, info.min_ptx.0, info.min_ptx.1
                    )));
                }
                if v > MAX_PTX {
                    return Err(BackendError::new(format!(
                        "PTX ISA {}.{} is newer than the newest known version {}.{}",
                        v.0, v.1, MAX_PTX.0, MAX_PTX.1
                    )));
                }
                v
            }
        };
        Ok(Target { sm, ptx })
    }

    /// Whether unconditional branches may say `.uni` (as nvcc writes them): not below PTX
    /// 6.5 (see the file comment).
    pub fn uniform_branches(self) -> bool {
        self.ptx >= DEFAULT_PTX_FLOOR
    }

    /// True when the target and the chosen `.version` both allow `f`.
    pub fn has(self, f: Feature) -> bool {
        let (sm, ptx) = f.requirement();
        self.sm >= sm && self.ptx >= ptx
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_version_is_the_minimum_above_the_floor() {
        assert_eq!(Target::resolve(75, None).unwrap().ptx, (6, 5));
        assert_eq!(Target::resolve(80, None).unwrap().ptx, (7, 0));
        assert_eq!(Target::resolve(90, None).unwrap().ptx, (7, 8));
        assert_eq!(Target::resolve(120, None).unwrap().ptx, (8, 7));
    }

    #[test]
    fn rejects_bad_targets_and_versions() {
        assert!(Target::resolve(70, None).is_err());
        assert!(Target::resolve(80, Some((6, 5))).is_err());
        assert!(Target::resolve(80, Some((9, 9))).is_err());
        assert_eq!(Target::resolve(80, Some((9, 5))).unwrap().ptx, (9, 5));
    }

    #[test]
    fn features_follow_sm_and_version() {
        let t = Target::resolve(90, None).unwrap();
        assert!(t.has(Feature::Bf16Arith));
        assert!(t.has(Feature::ParamAddress));
        let t = Target::resolve(75, None).unwrap();
        assert!(!t.has(Feature::ParamAddress));
        assert!(t.has(Feature::ScopedAtomics));
        assert!(t.uniform_branches());
        assert!(!Target::resolve(75, Some((6, 3)))
            .unwrap()
            .uniform_branches());
    }
}
