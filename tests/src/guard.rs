//! Runs one oxicc compile so that a compiler bug cannot take a whole suite down: a panic
//! becomes an error message, and a compile that does not finish within a time limit is
//! reported (its thread is left behind and dies with the test process).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc;
use std::time::Duration;

use crate::kernels::KernelSource;

/// How long one compile may take before it is reported as a hang. Generous, because
/// debug builds on a loaded 2-core CI machine are slow, yet far below the CI limit.
pub const COMPILE_TIME_LIMIT: Duration = Duration::from_secs(120);

/// Compiles `kernel` with `options`; `Ok` holds the output text, `Err` the diagnostics,
/// the panic message, or the time-out.
pub fn compile_guarded(kernel: &KernelSource, options: &oxicc::Options) -> Result<String, String> {
    let (sender, receiver) = mpsc::channel();
    let file_name = kernel.file_name.clone();
    let text = kernel.text.clone();
    let options = options.clone();
    std::thread::Builder::new()
        .name(format!("oxicc {}", kernel.name))
        .spawn(move || {
            let result = catch_unwind(AssertUnwindSafe(|| {
                oxicc::compile(&file_name, &text, &options)
            }));
            let _ = sender.send(result);
        })
        .expect("cannot spawn a compile thread");
    match receiver.recv_timeout(COMPILE_TIME_LIMIT) {
        Ok(Ok(output)) => match output.text {
            Some(text) => Ok(text),
            None => Err(describe_diagnostics(&output.diagnostics)),
        },
        Ok(Err(panic)) => Err(format!("oxicc panicked: {}", panic_message(&*panic))),
        Err(mpsc::RecvTimeoutError::Timeout) => Err(format!(
            "oxicc did not finish within {} s",
            COMPILE_TIME_LIMIT.as_secs()
        )),
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            Err("oxicc's compile thread died without a result".to_string())
        }
    }
}

/// The first few diagnostics, one per line (a stub or a broken front end can report many).
pub fn describe_diagnostics(diagnostics: &[oxicc::Diagnostic]) -> String {
    const SHOWN: usize = 3;
    if diagnostics.is_empty() {
        return "oxicc failed without a diagnostic".to_string();
    }
    let mut text: Vec<String> = diagnostics
        .iter()
        .take(SHOWN)
        .map(|d| d.to_string())
        .collect();
    if diagnostics.len() > SHOWN {
        text.push(format!("... and {} more", diagnostics.len() - SHOWN));
    }
    text.join("\n")
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "(non-text panic payload)".to_string()
    }
}
