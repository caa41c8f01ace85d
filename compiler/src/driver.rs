//! The compile pipeline: source text through every stage to PTX (or IR text).
//!
//! `api::compile` calls `run` on a thread with a large stack. Each stage reports user errors
//! into one `Diagnostics` sink; the pipeline stops after the first stage that reported an
//! error, so later stages only ever see input that earlier ones accepted. The backend's
//! own errors (an IR construct it cannot lower yet) come back as diagnostics at the start of
//! the file, because they have no better location.

use crate::api::{CompileOutput, Diagnostic, Emit, Options, Severity};
use crate::diag::Diagnostics;
use crate::intern::Interner;
use crate::irgen::{lower_translation_unit, LowerOptions};
use crate::parse::parse_translation_unit;
use crate::pp::{
    preprocess as preprocess_file, FsLoader, PpContext, PpOutput, NVCC_FORCE_INCLUDES,
};
use crate::source::SourceMap;

/// Runs the whole pipeline on one source text.
pub fn run(file_name: &str, source: &str, options: &Options) -> CompileOutput {
    let mut sources = SourceMap::new();
    let mut interner = Interner::new();
    let mut diags = Diagnostics::new();
    let main = sources.add(file_name, source);

    let cached = crate::pp::will_adopt_template(&interner);
    let mut pp = preprocess(main, &mut sources, &mut interner, &mut diags, options);
    if diags.has_errors() {
        return failed(&diags, &sources);
    }
    if options.emit == Emit::Preprocessed {
        return CompileOutput {
            text: Some(crate::pp::preprocessed_text(&pp.tokens, &interner)),
            diagnostics: diags.render(&sources),
            trace: Vec::new(),
        };
    }

    crate::mathlib::link(
        &mut pp,
        &mut sources,
        &mut interner,
        &mut diags,
        options,
        cached,
    );
    if diags.has_errors() {
        return failed(&diags, &sources);
    }

    let arena = bumpalo::Bump::new();
    let first_parse_diag = diags.list.len();
    let tu = parse_translation_unit(&pp.tokens, &arena, &mut interner, &sources, &mut diags);
    if diags.has_errors() {
        add_expansion_notes(&mut diags, &pp, &interner, first_parse_diag);
        return failed(&diags, &sources);
    }

    let lower_opts = LowerOptions {
        sm: options.sm,
        relaxed_constexpr: options.relaxed_constexpr,
        math: crate::irgen::MathOptions {
            prec_div: options.prec_div,
            prec_sqrt: options.prec_sqrt,
            fast_math: options.fast_math,
        },
    };
    let module = lower_translation_unit(&tu, &interner, &sources, &mut diags, &lower_opts);
    add_expansion_notes(&mut diags, &pp, &interner, first_parse_diag);
    let Some(mut module) = module.filter(|_| !diags.has_errors()) else {
        return failed(&diags, &sources);
    };

    let mut trace = Vec::new();
    let pipeline = oxicc_passes::PipelineOptions {
        opt_level: options.opt_level,
        passes: options.passes.clone(),
        verify_each: options.verify_each,
        print_after_all: options.print_after_all,
        time_passes: options.time_passes,
        fmad: options.fmad,
    };
    match oxicc_passes::run_pipeline_with_report(&mut module, &pipeline) {
        Ok(report) => {
            for (pass, text) in &report.trace {
                trace.push(format!("; *** IR after {pass} ***\n{text}"));
            }
            if options.time_passes {
                trace.push(report.timing_report());
            }
        }
        Err(e) => return tool_error(file_name, e.to_string(), &diags, &sources, trace),
    }

    let text = match options.emit {
        Emit::Ir | Emit::Preprocessed => oxicc_ir::text::print_module(&module),
        Emit::Ptx => {
            let target = oxicc_backend::TargetOptions {
                sm: options.sm,
                ptx_version: None,
                ftz: options.ftz,
            };
            match oxicc_backend::emit_ptx(&module, &target) {
                Ok(ptx) => ptx,
                Err(e) => return tool_error(file_name, e.message, &diags, &sources, trace),
            }
        }
    };
    CompileOutput {
        text: Some(text),
        diagnostics: diags.render(&sources),
        trace,
    }
}

/// Preprocesses the main file as nvcc does: `cuda_runtime.h` is included first, implicitly.
fn preprocess(
    main: crate::source::FileId,
    sources: &mut SourceMap,
    interner: &mut Interner,
    diags: &mut Diagnostics,
    options: &Options,
) -> PpOutput {
    let loader = FsLoader;
    let mut ctx = PpContext::new(sources, interner, diags, options, &loader);
    ctx.force_includes = NVCC_FORCE_INCLUDES.iter().map(|s| s.to_string()).collect();
    preprocess_file(main, &mut ctx)
}

/// Adds "in expansion of macro" notes to diagnostics whose location is a macro use.
///
/// Tokens from an expansion carry the span of the macro use, so a diagnostic that starts
/// where such a token starts was caused by that expansion. All tokens of one use share
/// that position; when they come from different (nested) macros, the token the message
/// names in quotes (`identifier "x" is undefined`) decides, else the first one.
fn add_expansion_notes(diags: &mut Diagnostics, pp: &PpOutput, interner: &Interner, from: usize) {
    if pp.expansions.is_empty() || diags.list.len() <= from {
        return;
    }
    let mut by_start: hashbrown::HashMap<_, Vec<&crate::lex::Token>> = hashbrown::HashMap::new();
    for t in &pp.tokens {
        if t.expansion != crate::lex::Token::NO_EXPANSION {
            by_start
                .entry((t.span.file, t.span.start))
                .or_default()
                .push(t);
        }
    }
    for d in &mut diags.list[from..] {
        let Some(toks) = by_start.get(&(d.span.file, d.span.start)) else {
            continue;
        };
        let named = toks.iter().find(|t| {
            t.expansion != toks[0].expansion
                && matches!(t.kind, crate::lex::TokenKind::Ident(_))
                && d.message
                    .contains(&format!("\"{}\"", crate::lex::spelling(t, interner)))
        });
        let e = named.unwrap_or(&toks[0]).expansion;
        d.notes.extend(pp.expansion_notes(e, interner));
    }
}

fn failed(diags: &Diagnostics, sources: &SourceMap) -> CompileOutput {
    CompileOutput {
        text: None,
        diagnostics: diags.render(sources),
        trace: Vec::new(),
    }
}

/// An error without a source location (an unknown pass, an unsupported construct the
/// backend found), reported at the start of the main file.
fn tool_error(
    file_name: &str,
    message: String,
    diags: &Diagnostics,
    sources: &SourceMap,
    trace: Vec<String>,
) -> CompileOutput {
    let mut diagnostics = diags.render(sources);
    diagnostics.push(Diagnostic {
        severity: Severity::Error,
        file: file_name.to_string(),
        line: 1,
        column: 1,
        message,
        source_line: String::new(),
    });
    CompileOutput {
        text: None,
        diagnostics,
        trace,
    }
}
