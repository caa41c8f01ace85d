//! The options that shape the include search (`-isystem`, `-idirafter`, `--sysroot`,
//! `-nostdinc`, `-nostdinc++`, `--cuda-path`, `--host-headers`): what each one applies to
//! [`Parsed`]. The order they give the search is `pp/include.rs`'s.

use std::path::PathBuf;

use super::Parsed;

pub(super) fn system_dir(p: &mut Parsed, v: &str) -> Result<(), String> {
    p.options.system_include_dirs.push(PathBuf::from(v));
    Ok(())
}

pub(super) fn after_dir(p: &mut Parsed, v: &str) -> Result<(), String> {
    p.options.after_include_dirs.push(PathBuf::from(v));
    Ok(())
}

pub(super) fn sysroot(p: &mut Parsed, v: &str) -> Result<(), String> {
    p.options.sysroot = Some(PathBuf::from(v));
    Ok(())
}

pub(super) fn no_std_inc(p: &mut Parsed, _: &str) -> Result<(), String> {
    p.options.no_std_inc = true;
    Ok(())
}

pub(super) fn no_std_inc_cxx(p: &mut Parsed, _: &str) -> Result<(), String> {
    p.options.no_std_inc_cxx = true;
    Ok(())
}

pub(super) fn cuda_path(p: &mut Parsed, v: &str) -> Result<(), String> {
    p.options.cuda_path = Some(PathBuf::from(v));
    Ok(())
}

/// `--host-headers` (on), `--host-headers=true|false`.
pub(super) fn host_headers(p: &mut Parsed, v: &str) -> Result<(), String> {
    p.options.host_headers = match v {
        "" | "true" | "1" | "on" => true,
        "false" | "0" | "off" => false,
        _ => return Err(format!("expected true or false, found '{v}'")),
    };
    Ok(())
}

/// `-v`: the command prints the include search list on stderr, as gcc and nvcc do, and
/// the declarations skipped as host code (`--report-dropped`).
pub(super) fn verbose(p: &mut Parsed, _: &str) -> Result<(), String> {
    p.verbose = true;
    p.options.report_dropped = true;
    Ok(())
}

/// `--report-dropped`: a note for each file-scope declaration skipped as host C++ that
/// oxicc does not parse.
pub(super) fn report_dropped(p: &mut Parsed, v: &str) -> Result<(), String> {
    p.options.report_dropped = match v {
        "" | "true" | "1" | "on" => true,
        "false" | "0" | "off" => false,
        _ => return Err(format!("expected true or false, found '{v}'")),
    };
    Ok(())
}
