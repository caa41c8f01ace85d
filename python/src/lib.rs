//! The native half of the `oxicc` Python package (`oxicc._oxicc`): one function that runs
//! an `oxicc::Program` and hands back plain Python values. The Python half
//! (`pysrc/oxicc/__init__.py`) turns them into the result object or a `CompileError`.

use std::collections::HashMap;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// One diagnostic: (severity, file, line, column, message, source_line).
type Diag = (String, String, u32, u32, String, String);

/// Compiles `source`; returns (ptx or None, log, [(expression, lowered name or None)],
/// [diagnostic]). A bad option raises `ValueError`. The GIL is released while compiling,
/// so Python threads compile in parallel.
#[pyfunction]
#[pyo3(signature = (source, name, options, headers, name_expressions))]
#[allow(clippy::type_complexity)]
fn compile(
    py: Python<'_>,
    source: String,
    name: String,
    options: Vec<String>,
    headers: HashMap<String, String>,
    name_expressions: Vec<String>,
) -> PyResult<(
    Option<String>,
    String,
    Vec<(String, Option<String>)>,
    Vec<Diag>,
)> {
    let mut program = oxicc::Program::new(name, source);
    let mut headers: Vec<(String, String)> = headers.into_iter().collect();
    headers.sort();
    for (n, text) in headers {
        program = program.header(n, text);
    }
    for e in name_expressions {
        program = program.name_expression(e);
    }
    let out = py
        .detach(|| program.compile(&options))
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let diags = out
        .diagnostics
        .iter()
        .map(|d| {
            let sev = match d.severity {
                oxicc::Severity::Error => "error",
                oxicc::Severity::Warning => "warning",
                oxicc::Severity::Note => "note",
            };
            (
                sev.to_string(),
                d.file.clone(),
                d.line,
                d.column,
                d.message.clone(),
                d.source_line.clone(),
            )
        })
        .collect();
    Ok((out.ptx, out.log, out.lowered_names, diags))
}

#[pymodule]
fn _oxicc(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(compile, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
