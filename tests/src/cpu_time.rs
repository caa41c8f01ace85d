//! CPU time (user + system) of a child process, as the kernel accounts it: `wait4`'s
//! resource usage, in microseconds. Wall time on a shared machine counts the time other
//! processes hold the cores; CPU time is what one compile costs.

use std::io;
use std::process::{Command, Stdio};
use std::time::Duration;

/// Runs `command` to its end (output discarded) and returns whether it succeeded and
/// the CPU time it used.
pub fn run_for_cpu_time(command: &mut Command) -> io::Result<(bool, Duration)> {
    let child = command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()?;
    let pid = child.id() as libc::pid_t;
    let mut status: libc::c_int = 0;
    // SAFETY: an all-zero `rusage` is a valid value; `wait4` fills it and `status`.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our own unreaped child; both pointers are to live locals.
    let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    if r != pid {
        return Err(io::Error::last_os_error());
    }
    let micros = |t: libc::timeval| t.tv_sec as u64 * 1_000_000 + t.tv_usec as u64;
    let cpu = Duration::from_micros(micros(usage.ru_utime) + micros(usage.ru_stime));
    let ok = libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
    Ok((ok, cpu))
}
