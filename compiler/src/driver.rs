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
use crate::irgen::{lower_translation_unit_with_names, LowerOptions};
use crate::parse::parse_translation_unit_with;
use crate::pp::{
    preprocess as preprocess_file, FsLoader, PpContext, PpOutput, NVCC_FORCE_INCLUDES,
};
use crate::source::SourceMap;

/// One compile's input.
pub struct Input<'a> {
    /// The main file's name (diagnostics, `#include "…"` lookups, internal names).
    pub file_name: &'a str,
    pub source: &'a str,
    pub options: &'a Options,
    /// Name expressions whose mangled names to report (`CompileOutput::lowered_names`).
    pub name_expressions: &'a [String],
    /// One file of a linked set: an expression may name something of another file, so
    /// one that names nothing here is left unanswered instead of being an error.
    pub names_in_other_files: bool,
}

/// Runs the whole pipeline on one source text.
pub fn run(file_name: &str, source: &str, options: &Options) -> CompileOutput {
    run_input(&Input {
        file_name,
        source,
        options,
        name_expressions: &[],
        names_in_other_files: false,
    })
}

/// The file name the name expressions' launches are shown under in diagnostics.
const NAME_EXPRESSIONS_FILE: &str = "<name expressions>";

/// Runs the whole pipeline on one input.
pub fn run_input(input: &Input<'_>) -> CompileOutput {
    match lower_input(input) {
        Ok(lowered) => finish(lowered, input.options, input.file_name),
        Err(out) => out,
    }
}

/// What the front end made of one input: the IR module (before the passes) and what the
/// output reports about the input.
pub struct Lowered {
    pub module: oxicc_ir::Module,
    /// The diagnostics so far (warnings only).
    pub diagnostics: Vec<Diagnostic>,
    pub opened_files: Vec<std::path::PathBuf>,
    pub lowered_names: Vec<Option<String>>,
    /// `--emit=sema`: the typed trees as text.
    pub sema_dump: String,
}

/// Preprocesses, parses and lowers one input to IR. `Err` is the output to return as it
/// is: the errors, or the preprocessed text for `-E`.
pub fn lower_input(input: &Input<'_>) -> Result<Lowered, CompileOutput> {
    let options = input.options;
    let mut sources = SourceMap::new();
    let mut interner = Interner::new();
    let mut diags = Diagnostics::new();
    let main = sources.add(input.file_name, input.source);

    let cached = crate::pp::will_adopt_template(&interner);
    let loader = RecordingLoader::default();
    let mut pp = preprocess(
        main,
        &mut sources,
        &mut interner,
        &mut diags,
        options,
        &loader,
    );
    let opened = loader.opened.into_inner();
    let done = |mut out: CompileOutput| {
        out.opened_files = opened.clone();
        out.lowered_names = vec![None; input.name_expressions.len()];
        out
    };
    if diags.has_errors() {
        return Err(done(failed(&diags, &sources)));
    }
    if options.emit == Emit::Preprocessed {
        return Err(done(CompileOutput {
            text: Some(crate::pp::preprocessed_text(&pp.tokens, &interner)),
            diagnostics: diags.render(&sources),
            ..failed(&diags, &sources)
        }));
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
        return Err(done(failed(&diags, &sources)));
    }

    let names_file =
        name_expression_launches(input.name_expressions, &mut sources, &mut interner, &mut pp);
    let arena = bumpalo::Bump::new();
    let first_parse_diag = diags.list.len();
    // Where the helpers' bodies are lowered on first use (`lazy_header_bodies` below),
    // they are parsed then too.
    let lazy_header_bodies =
        options.fast_headers && options.passes.is_none() && options.emit != Emit::Sema;
    let tu = parse_translation_unit_with(
        &pp.tokens,
        &arena,
        &mut interner,
        &sources,
        &mut diags,
        options.default_device,
        lazy_header_bodies,
    );
    let other_files_answer = |diags: &mut Diagnostics| {
        if let (true, Some((file, _))) = (input.names_in_other_files, &names_file) {
            diags.remove_file(*file);
        }
    };
    if options.report_dropped {
        for d in &tu.dropped {
            diags.push(d.clone());
        }
    }
    other_files_answer(&mut diags);
    if diags.has_errors() {
        add_expansion_notes(&mut diags, &pp, &interner, first_parse_diag);
        return Err(done(failed(&diags, &sources)));
    }

    let lower_opts = LowerOptions {
        sm: options.sm,
        relaxed_constexpr: options.relaxed_constexpr,
        default_device: options.default_device,
        line_info: options.line_info,
        rdc: options.rdc,
        name_expr_file: names_file.as_ref().map(|(f, _)| *f),
        math: crate::irgen::MathOptions {
            prec_div: options.prec_div,
            prec_sqrt: options.prec_sqrt,
            fast_math: options.fast_math,
        },
        typed_bodies: options.typed_bodies,
        dump_sema: options.emit == Emit::Sema,
        // Where `prestrip` removes the unused ones (see `finish`); `--emit=sema` dumps
        // every body.
        lazy_header_bodies,
        report_dropped: options.report_dropped,
    };
    let lowered =
        lower_translation_unit_with_names(&tu, &interner, &sources, &mut diags, &lower_opts);
    add_expansion_notes(&mut diags, &pp, &interner, first_parse_diag);
    let mut lowered_names = vec![None; input.name_expressions.len()];
    if let (Some((_, names, _)), Some((file, starts))) = (&lowered, &names_file) {
        for (span, name) in names {
            if span.file == *file {
                let i = starts.partition_point(|&s| s <= span.start) - 1;
                lowered_names[i] = Some(name.clone());
            }
        }
        for (i, n) in lowered_names.iter().enumerate() {
            if n.is_none() && !input.names_in_other_files {
                let span = crate::source::Span::new(*file, starts[i], starts[i]);
                diags.error(
                    span,
                    format!(
                        "name expression \"{}\" does not name a function or an instance of a function template",
                        input.name_expressions[i].trim()
                    ),
                );
            }
        }
    }
    other_files_answer(&mut diags);
    let Some((mut module, _, sema_dump)) = lowered.filter(|_| !diags.has_errors()) else {
        return Err(done(failed(&diags, &sources)));
    };
    let (opened_files, lowered_names) = (opened.clone(), lowered_names);
    if options.line_info {
        // `Loc` file numbers are `FileId`s.
        module.files = sources.names();
    }
    Ok(Lowered {
        module,
        diagnostics: diags.render(&sources),
        opened_files,
        lowered_names,
        sema_dump,
    })
}

/// Runs the passes and the backend on a lowered module.
pub fn finish(lowered: Lowered, options: &Options, file_name: &str) -> CompileOutput {
    let Lowered {
        mut module,
        diagnostics,
        opened_files,
        lowered_names,
        sema_dump,
    } = lowered;
    if options.emit == Emit::Sema {
        return CompileOutput {
            text: Some(sema_dump),
            diagnostics,
            trace: Vec::new(),
            opened_files,
            lowered_names,
        };
    }
    let mut trace = Vec::new();
    let pipeline = oxicc_passes::PipelineOptions {
        opt_level: options.opt_level,
        passes: options.passes.clone(),
        verify_each: options.verify_each,
        print_after_all: options.print_after_all,
        time_passes: options.time_passes,
        fmad: options.fmad,
    };
    if options.fast_headers && options.passes.is_none() {
        // The built-in headers' unused `static` helpers would be removed by the pipeline's
        // first inlining; removing them before it spares every earlier pass their bodies.
        // Only for a level's own pipeline: an explicit `--passes` list may not inline.
        oxicc_passes::prestrip::remove_isolated_dead_functions(&mut module);
    }
    match oxicc_passes::run_pipeline_with_report(&mut module, &pipeline) {
        Ok(report) => {
            for (pass, text) in &report.trace {
                trace.push(format!("; *** IR after {pass} ***\n{text}"));
            }
            if options.time_passes {
                trace.push(report.timing_report());
            }
        }
        Err(e) => {
            let msg = e.to_string();
            return tool_error(file_name, msg, diagnostics, trace);
        }
    }

    let text = match options.emit {
        Emit::Ir | Emit::Preprocessed | Emit::Sema => oxicc_ir::text::print_module(&module),
        Emit::Ptx => {
            let target = oxicc_backend::TargetOptions {
                sm: options.sm,
                ptx_version: options.ptx_version,
                ftz: options.ftz,
            };
            match oxicc_backend::emit_ptx(&module, &target) {
                Ok(ptx) => ptx,
                Err(e) => return tool_error(file_name, e.message, diagnostics, trace),
            }
        }
    };
    CompileOutput {
        text: Some(text),
        diagnostics,
        trace,
        opened_files,
        lowered_names,
    }
}

/// Lowers each file as for separate compilation, links the modules at the IR level
/// (`link.rs`) and runs the passes and the backend on the result: one PTX module.
pub fn run_linked(
    files: &[(&str, &str)],
    options: &Options,
    name_expressions: &[String],
) -> CompileOutput {
    let unit_options = Options {
        rdc: true,
        ..options.clone()
    };
    let mut units = Vec::new();
    let mut diagnostics = Vec::new();
    let mut opened_files = Vec::new();
    let mut stopped = Vec::new();
    let mut lowered_names: Vec<Option<String>> = vec![None; name_expressions.len()];
    for &(file_name, source) in files {
        let input = Input {
            file_name,
            source,
            options: &unit_options,
            name_expressions,
            names_in_other_files: true,
        };
        match lower_input(&input) {
            Ok(l) => {
                // Each expression is answered by the first file that names something.
                for (answer, name) in lowered_names.iter_mut().zip(l.lowered_names) {
                    if answer.is_none() {
                        *answer = name;
                    }
                }
                diagnostics.extend(l.diagnostics);
                opened_files.extend(l.opened_files);
                units.push((file_name.to_string(), l.module));
            }
            Err(out) => {
                diagnostics.extend(out.diagnostics);
                opened_files.extend(out.opened_files);
                stopped.push(out.text);
            }
        }
    }
    if !stopped.is_empty() {
        // Errors, or `-E`: the preprocessed files one after the other.
        let text = if options.emit == Emit::Preprocessed && units.is_empty() {
            stopped
                .into_iter()
                .collect::<Option<Vec<_>>>()
                .map(|t| t.concat())
        } else {
            None
        };
        return CompileOutput {
            text,
            diagnostics,
            trace: Vec::new(),
            opened_files,
            lowered_names: Vec::new(),
        };
    }
    let unanswered: Vec<&String> = name_expressions
        .iter()
        .zip(&lowered_names)
        .filter_map(|(e, n)| n.is_none().then_some(e))
        .collect();
    if stopped.is_empty() && !unanswered.is_empty() {
        for e in unanswered {
            diagnostics.push(Diagnostic {
                severity: Severity::Error,
                file: NAME_EXPRESSIONS_FILE.into(),
                line: 1,
                column: 1,
                message: format!(
                    "name expression \"{}\" names a function or variable in no file of the set",
                    e.trim()
                ),
                source_line: String::new(),
            });
        }
        return failed_set(diagnostics, opened_files, lowered_names);
    }
    let module = match crate::link::link_modules(units, options.rdc) {
        Ok(m) => m,
        Err(errors) => {
            for message in errors {
                diagnostics.push(Diagnostic {
                    severity: Severity::Error,
                    file: "<link>".into(),
                    line: 1,
                    column: 1,
                    message,
                    source_line: String::new(),
                });
            }
            return failed_set(diagnostics, opened_files, Vec::new());
        }
    };
    let lowered = Lowered {
        module,
        diagnostics,
        opened_files,
        lowered_names,
        sema_dump: String::new(),
    };
    finish(lowered, options, files.first().map_or("<link>", |f| f.0))
}

/// The output of a linked set that stopped with errors.
fn failed_set(
    diagnostics: Vec<Diagnostic>,
    opened_files: Vec<std::path::PathBuf>,
    lowered_names: Vec<Option<String>>,
) -> CompileOutput {
    CompileOutput {
        text: None,
        diagnostics,
        trace: Vec::new(),
        opened_files,
        lowered_names,
    }
}

/// Reads include files from the file system and remembers which it read.
#[derive(Default)]
struct RecordingLoader {
    opened: std::cell::RefCell<Vec<std::path::PathBuf>>,
}

impl crate::pp::FileLoader for RecordingLoader {
    fn load(&self, path: &std::path::Path) -> Option<String> {
        let text = FsLoader.load(path)?;
        self.opened.borrow_mut().push(path.to_path_buf());
        Some(text)
    }
}

/// Appends one launch per name expression (`expr<<<1, 1>>>();`, each in a static host
/// function on a line of its own, in a file of its own) to the token stream, so that the
/// lowering resolves and instantiates what each names (`irgen/name_expr.rs`). Returns the
/// file and the byte offset where each expression's line starts. The expressions are
/// lexed, not preprocessed: macros in them are not expanded.
fn name_expression_launches(
    exprs: &[String],
    sources: &mut SourceMap,
    interner: &mut Interner,
    pp: &mut PpOutput,
) -> Option<(crate::source::FileId, Vec<u32>)> {
    if exprs.is_empty() {
        return None;
    }
    let mut text = String::new();
    let mut starts = Vec::new();
    for (i, e) in exprs.iter().enumerate() {
        starts.push(text.len() as u32);
        // One line each, in an explicitly `__host__` function (so `-default-device` leaves it
        // on the host); what would end the statement early is left for the parser to
        // reject (the launch then names nothing, which is reported).
        let e = e.trim();
        let e = e.strip_prefix('&').unwrap_or(e).replace(['\n', '\r'], " ");
        text.push_str(&format!(
            "static __host__ void __oxicc_name_expression_{i}(void) {{ {e}<<<1, 1>>>(); }}\n"
        ));
    }
    let file = sources.add(NAME_EXPRESSIONS_FILE, &text);
    let toks = crate::lex::lex_file(file, &text, interner);
    let eof = pp.tokens.pop();
    pp.tokens.extend(
        toks.into_iter()
            .filter(|t| t.kind != crate::lex::TokenKind::Eof),
    );
    pp.tokens.extend(eof);
    Some((file, starts))
}

/// Preprocesses the main file as nvcc does: `cuda_runtime.h` is included first, implicitly.
fn preprocess(
    main: crate::source::FileId,
    sources: &mut SourceMap,
    interner: &mut Interner,
    diags: &mut Diagnostics,
    options: &Options,
    loader: &dyn crate::pp::FileLoader,
) -> PpOutput {
    let mut ctx = PpContext::new(sources, interner, diags, options, loader);
    ctx.force_includes = NVCC_FORCE_INCLUDES.iter().map(|s| s.to_string()).collect();
    ctx.force_includes
        .extend(options.pre_includes.iter().cloned());
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
        opened_files: Vec::new(),
        lowered_names: Vec::new(),
    }
}

/// An error without a source location (an unknown pass, an unsupported construct the
/// backend found), reported at the start of the main file.
fn tool_error(
    file_name: &str,
    message: String,
    mut diagnostics: Vec<Diagnostic>,
    trace: Vec<String>,
) -> CompileOutput {
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
        opened_files: Vec::new(),
        lowered_names: Vec::new(),
    }
}
