//! The `oxicc` command: a drop-in for `nvcc -ptx`.
//!
//! `oxicc -arch=sm_90 -O3 kernel.cu -o kernel.ptx`. nvcc spells its long options with one dash
//! (`-arch=sm_90`, `-ptx`, `-lineinfo`); clap expects two, so `cli::normalize_args` rewrites
//! the known nvcc spellings before clap parses them. Diagnostics go to stderr in the
//! `file:line:col: error: message` form with the source line and a caret; on error the exit
//! code is 1 and no output file is written (nor left behind from an earlier run).

mod cli;

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::parse_args(std::env::args_os().skip(1));
    let args = match args {
        Ok(a) => a,
        Err(e) => {
            // clap prints help/version through the same error type.
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match cli::run(&args) {
        Ok(out) => {
            let stderr = std::io::stderr();
            let mut err = stderr.lock();
            for d in &out.warnings {
                let _ = writeln!(err, "{d}");
            }
            ExitCode::SUCCESS
        }
        Err(msgs) => {
            let stderr = std::io::stderr();
            let mut err = stderr.lock();
            for m in msgs {
                let _ = writeln!(err, "{m}");
            }
            ExitCode::from(1)
        }
    }
}
