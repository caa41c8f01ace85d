//! The `oxicc` command: a drop-in for `nvcc -ptx`.
//!
//! `oxicc -arch=sm_90 -O3 kernel.cu -o kernel.ptx`. Options are nvcc's, parsed by
//! `oxicc::options` (one or two dashes, `=value` or the next argument, `@file` response
//! files). Diagnostics go to stderr in the `file:line:col: error: message` form with the
//! source line and a caret (or as JSON lines with `--diagnostics-format=json`); on error
//! the exit code is 1 (2 for a bad command line) and no output file is written (nor left
//! behind from an earlier run).

mod cli;

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let out = cli::main_with(args);
    {
        let stdout = std::io::stdout();
        let mut o = stdout.lock();
        for l in &out.stdout {
            let _ = o.write_all(l.as_bytes());
        }
        let _ = o.flush();
    }
    let stderr = std::io::stderr();
    let mut err = stderr.lock();
    for l in &out.stderr {
        let _ = writeln!(err, "{l}");
    }
    ExitCode::from(out.code)
}
