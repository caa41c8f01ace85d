//! Links the device math library (`runtime-libs/include/oxicc_math/*.cuh`, CUDA C++) into a
//! compile,
//! lazily and only where it is used (`docs/math.md`).
//!
//! The library is split into small units (a function family each), embedded as built-in
//! headers, so their tokens are lexed once per process (`pp/header_cache.rs`). After the
//! user's file is preprocessed, its tokens are scanned for the names the units define
//! (`sinf`, `pow`, …). The units that define the names found are preprocessed in a fresh
//! preprocessor (the user's macros cannot reach them; the predefined macros and `-D` do,
//! which is how the library specializes on `__CUDA_ARCH__` and the math flags), scanned
//! in turn for the units they use, and their tokens are put in front of the user's, so
//! every library function is defined before the user's code calls it and needs no
//! `#include <math.h>` (as with nvcc). The front end then parses and lowers only those
//! units; their functions are internal, so the ones nobody calls are dropped and the
//! called ones are inlined like any small device function. A compile that calls no
//! library function pays only for the scan.

use hashbrown::{HashMap, HashSet};
use std::sync::OnceLock;

use crate::api::Options;
use crate::diag::Diagnostics;
use crate::intern::Interner;
use crate::lex::{Token, TokenKind};
use crate::pp::{preprocess_library, FsLoader, PpContext, PpOutput};
use crate::source::SourceMap;

/// One unit: its built-in header name, and the names that make a compile need it.
struct Unit {
    header: &'static str,
    names: &'static [&'static str],
}

/// The units of the library (`runtime-libs/include/oxicc_math/`). The half-precision
/// functions of `cuda_fp16.h`/`cuda_bf16.h` (`hsin`, `h2exp`, …) call the float functions,
/// so their names link the float units.
const UNITS: &[Unit] = &[
    Unit {
        header: "oxicc_math/expf.cuh",
        names: &[
            "expf", "exp2f", "exp10f", "exp", "exp2", "exp10", "hexp", "h2exp", "hexp2", "h2exp2",
            "hexp10", "h2exp10",
        ],
    },
    Unit {
        header: "oxicc_math/logf.cuh",
        names: &[
            "logf", "log2f", "log10f", "log", "log2", "log10", "hlog", "h2log", "hlog2", "h2log2",
            "hlog10", "h2log10",
        ],
    },
    Unit {
        header: "oxicc_math/trigf.cuh",
        names: &["__oxm_trig_reduce", "__oxm_sin_poly", "__oxm_cos_poly"],
    },
    Unit {
        header: "oxicc_math/sinf.cuh",
        names: &["sinf", "sin", "hsin", "h2sin"],
    },
    Unit {
        header: "oxicc_math/cosf.cuh",
        names: &["cosf", "cos", "hcos", "h2cos"],
    },
    Unit {
        header: "oxicc_math/tanf.cuh",
        names: &["tanf", "tan"],
    },
    Unit {
        header: "oxicc_math/tanhf.cuh",
        names: &["tanhf", "tanh"],
    },
    Unit {
        header: "oxicc_math/sincosf.cuh",
        names: &["sincosf", "sincos"],
    },
    Unit {
        header: "oxicc_math/misc.cuh",
        names: &["__sincosf", "frexpf", "ldexpf", "scalbnf", "fdimf"],
    },
    Unit {
        header: "oxicc_math/powf.cuh",
        names: &["powf", "pow"],
    },
    Unit {
        header: "oxicc_math/log1pf.cuh",
        names: &["log1pf", "log1p"],
    },
    Unit {
        header: "oxicc_math/ahypf.cuh",
        names: &["asinhf", "asinh", "acoshf", "acosh", "atanhf", "atanh"],
    },
    Unit {
        header: "oxicc_math/normd.cuh",
        names: &[
            "rhypot", "norm3d", "rnorm3d", "norm4d", "rnorm4d", "norm", "rnorm",
        ],
    },
    Unit {
        header: "oxicc_math/normf.cuh",
        names: &[
            "hypotf", "hypot", "rhypotf", "rhypot", "norm3df", "rnorm3df", "norm4df", "rnorm4df",
            "normf", "rnormf",
        ],
    },
    Unit {
        header: "oxicc_math/expm1f.cuh",
        names: &["expm1f", "expm1", "sinhf", "sinh", "coshf", "cosh"],
    },
    Unit {
        header: "oxicc_math/atanf.cuh",
        names: &[
            "atanf", "atan", "atan2f", "atan2", "asinf", "asin", "acosf", "acos",
        ],
    },
    Unit {
        header: "oxicc_math/cbrtf.cuh",
        names: &["cbrtf", "cbrt", "rcbrtf", "rcbrt"],
    },
    Unit {
        header: "oxicc_math/expd.cuh",
        names: &["exp", "exp2", "exp10", "expm1", "sinh", "cosh", "tanh"],
    },
    Unit {
        header: "oxicc_math/logd.cuh",
        names: &[
            "log", "log2", "log10", "log1p", "pow", "asinh", "acosh", "atanh",
        ],
    },
    Unit {
        header: "oxicc_math/trigd.cuh",
        names: &["sin", "cos", "tan", "sincos", "sinpi", "cospi", "sincospi"],
    },
    Unit {
        header: "oxicc_math/trigpif.cuh",
        names: &["sinpif", "cospif", "sincospif", "sinpi", "cospi"],
    },
    Unit {
        header: "oxicc_math/atand.cuh",
        names: &["atan", "atan2", "asin", "acos"],
    },
    Unit {
        header: "oxicc_math/rootd.cuh",
        names: &["cbrt", "rcbrt", "rsqrt", "hypot"],
    },
    Unit {
        header: "oxicc_math/erff.cuh",
        names: &[
            "erff", "erfcf", "erf", "erfc", "normcdff", "normcdf", "erfcxf", "erfcx",
        ],
    },
    Unit {
        header: "oxicc_math/erfd.cuh",
        names: &["erf", "erfc", "erfcx", "normcdf"],
    },
    Unit {
        header: "oxicc_math/erfinvd.cuh",
        names: &["erfinv", "erfcinv", "normcdfinv"],
    },
    Unit {
        header: "oxicc_math/erfinvf.cuh",
        names: &[
            "erfinvf",
            "erfcinvf",
            "normcdfinvf",
            "erfinv",
            "erfcinv",
            "normcdfinv",
        ],
    },
    Unit {
        header: "oxicc_math/gammad.cuh",
        names: &["lgamma", "tgamma"],
    },
    Unit {
        header: "oxicc_math/gammaf.cuh",
        names: &["lgammaf", "lgamma", "tgammaf", "tgamma"],
    },
    Unit {
        header: "oxicc_math/besseld.cuh",
        names: &["cyl_bessel_i0", "cyl_bessel_i1"],
    },
    Unit {
        header: "oxicc_math/besself.cuh",
        names: &["cyl_bessel_i0f", "cyl_bessel_i1f"],
    },
    Unit {
        header: "oxicc_math/besselj.cuh",
        names: &["j0", "j1", "jn", "y0", "y1", "yn"],
    },
    Unit {
        header: "oxicc_math/besseljf.cuh",
        names: &[
            "j0f", "j1f", "jnf", "y0f", "y1f", "ynf", "j0", "j1", "jn", "y0", "y1", "yn",
        ],
    },
    Unit {
        header: "oxicc_math/roundd.cuh",
        names: &[
            "__fsqrt_rz",
            "__fsqrt_ru",
            "__fsqrt_rd",
            "__dsqrt_rz",
            "__dsqrt_ru",
            "__dsqrt_rd",
            "__fmaf_rz",
            "__fmaf_ru",
            "__fmaf_rd",
            "__fma_rz",
            "__fma_ru",
            "__fma_rd",
        ],
    },
    Unit {
        header: "oxicc_math/powid.cuh",
        names: &["powi", "powif", "pow"],
    },
    Unit {
        header: "oxicc_math/remd.cuh",
        names: &[
            "fmod",
            "fmodf",
            "remainder",
            "remainderf",
            "remquo",
            "remquof",
        ],
    },
    Unit {
        header: "oxicc_math/manipd.cuh",
        names: &[
            "frexp",
            "ldexp",
            "scalbn",
            "scalbln",
            "scalblnf",
            "ilogb",
            "ilogbf",
            "logb",
            "logbf",
            "modf",
            "modff",
            "nextafter",
            "nextafterf",
            "fdim",
            "nan",
            "nanf",
        ],
    },
    Unit {
        header: "oxicc_math/classify.cuh",
        names: &[
            "isnan",
            "isinf",
            "isfinite",
            "signbit",
            "__isnanf",
            "__isnan",
            "__isinff",
            "__isinf",
            "__finitef",
            "__finite",
            "__signbitf",
            "__signbitd",
        ],
    },
];

/// Names that link their unit only when followed by `(` (see `needed`).
const CALL_ONLY: &[&str] = &["j0", "j1", "jn", "y0", "y1", "yn"];

/// The units each name needs (a name may be defined for `float` in one unit and for
/// `double` in another).
fn index() -> &'static HashMap<&'static str, Vec<usize>> {
    static INDEX: OnceLock<HashMap<&'static str, Vec<usize>>> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut m: HashMap<&'static str, Vec<usize>> = HashMap::new();
        for (i, u) in UNITS.iter().enumerate() {
            for n in u.names {
                m.entry(*n).or_default().push(i);
            }
        }
        m
    })
}

/// The units named by identifiers in `tokens` that are not in `done`. Under
/// `--use_fast_math` the names that become intrinsics need no unit.
fn needed(
    tokens: &[Token],
    skip_builtin: bool,
    sources: &SourceMap,
    interner: &Interner,
    fast_math: bool,
    done: &HashSet<usize>,
) -> Vec<usize> {
    let idx = index();
    // Whether each file is one of oxicc's built-in headers, by dense file index; the
    // headers' tokens (most of every compile's) are skipped on this check alone.
    let mut builtin_file: Vec<Option<bool>> = Vec::new();
    let mut found: Vec<usize> = Vec::new();
    let mut seen_syms = HashSet::new();
    for (i, t) in tokens.iter().enumerate() {
        let TokenKind::Ident(sym) = t.kind else {
            continue;
        };
        if skip_builtin {
            let file = t.span.file.0 as usize;
            if builtin_file.len() <= file {
                builtin_file.resize(file + 1, None);
            }
            let is_builtin = *builtin_file[file]
                .get_or_insert_with(|| sources.file(t.span.file).name.starts_with("<oxicc>/"));
            if is_builtin {
                continue;
            }
        }
        let name = interner.resolve(sym);
        // `y0`, `j1`, … are common variable names: they link the Bessel unit (and the
        // tables it carries into the PTX) only where they are called.
        if CALL_ONLY.contains(&name)
            && !tokens
                .get(i + 1)
                .is_some_and(|n| n.kind == TokenKind::Punct(crate::lex::Punct::LParen))
        {
            continue;
        }
        if !seen_syms.insert(sym) {
            continue;
        }
        if fast_math && crate::irgen::fast_math_name(name).is_some() {
            continue;
        }
        if let Some(units) = idx.get(name) {
            // In the library's own tokens, a name of a unit already linked is that unit's
            // own definition or a call it already satisfies (sincos in trigd.cuh must not
            // pull in the float sincosf.cuh): library code calls the C names (expf, not
            // exp(float)), so nothing is lost.
            if !skip_builtin && units.iter().any(|u| done.contains(u)) {
                continue;
            }
            for &u in units {
                if !done.contains(&u) && !found.contains(&u) {
                    found.push(u);
                }
            }
        }
    }
    found.sort_unstable();
    found
}

/// Puts the library units the user's tokens need in front of them (before the final
/// `Eof`-terminated stream reaches the parser). `cached`: the first preprocessing adopted
/// the template interner, so the units' cached tokens may be used.
pub fn link(
    pp: &mut PpOutput,
    sources: &mut SourceMap,
    interner: &mut Interner,
    diags: &mut Diagnostics,
    options: &Options,
    cached: bool,
) {
    let mut done: HashSet<usize> = HashSet::new();
    let mut want = needed(
        &pp.tokens,
        true,
        sources,
        interner,
        options.fast_math,
        &done,
    );
    let mut prefix: Vec<Token> = Vec::new();
    // Bounded by the number of units: each round adds at least one new unit.
    while !want.is_empty() {
        done.extend(want.iter().copied());
        let text: String = want
            .iter()
            .map(|&u| format!("#include <{}>\n", UNITS[u].header))
            .collect();
        let main = sources.add("<oxicc>/math-link", text);
        let loader = FsLoader;
        let mut ctx = PpContext::new(sources, interner, diags, options, &loader);
        let mut out = preprocess_library(main, &mut ctx, cached);
        out.tokens.pop(); // the Eof
                          // Units include the units they depend on (so each also compiles alone); those
                          // are linked now and must not be linked again in a later round.
        let mut files: Vec<crate::source::FileId> =
            out.tokens.iter().map(|t| t.span.file).collect();
        files.sort_unstable_by_key(|f| f.0);
        files.dedup();
        for f in files {
            let name = sources.file(f).name.as_str();
            if let Some(u) = UNITS
                .iter()
                .position(|u| name.strip_prefix("<oxicc>/") == Some(u.header))
            {
                done.insert(u);
            }
        }
        for t in &mut out.tokens {
            // The library's macro expansions need no "in expansion of" notes.
            t.expansion = Token::NO_EXPANSION;
        }
        want = needed(
            &out.tokens,
            false,
            sources,
            interner,
            options.fast_math,
            &done,
        );
        // A later round's units are used by earlier ones: they go first.
        out.tokens.append(&mut prefix);
        prefix = out.tokens;
    }
    if !prefix.is_empty() {
        // The library first: the user's code may call it without a declaration.
        prefix.append(&mut pp.tokens);
        pp.tokens = prefix;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_header_names_are_sorted() {
        let names = crate::pp::BUILTIN_HEADER_NAMES;
        assert!(names.windows(2).all(|w| w[0] < w[1]));
    }

    /// Units linked together share one preprocessing, so a macro defined by two library
    /// headers would silently take whichever definition came last.
    #[test]
    fn library_macros_are_defined_once() {
        let mut seen = HashMap::new();
        for name in crate::pp::BUILTIN_HEADER_NAMES {
            if !name.starts_with("oxicc_math/") {
                continue;
            }
            let text = crate::pp::builtin_header(name).expect("embedded");
            for line in text.lines() {
                if let Some(rest) = line.trim_start().strip_prefix("#define ") {
                    let macro_name = rest.split_whitespace().next().unwrap_or("");
                    if let Some(first) = seen.insert(macro_name.to_string(), *name) {
                        panic!("{macro_name} is defined in {first} and in {name}");
                    }
                }
            }
        }
    }

    #[test]
    fn every_unit_is_a_builtin_header() {
        for u in UNITS {
            assert!(
                crate::pp::builtin_header(u.header).is_some(),
                "{} is not embedded",
                u.header
            );
        }
    }
}
