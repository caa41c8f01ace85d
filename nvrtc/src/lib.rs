//! `liboxicc_nvrtc`: oxicc behind NVRTC's C ABI, so that a program that loads
//! `libnvrtc.so` (C, Python `ctypes`, cudarc's dynamic loading, CuPy) can load this
//! library in its place and get PTX from oxicc.
//!
//! The functions, result codes and misuse answers are NVRTC 13's, checked side by side
//! against NVIDIA's `libnvrtc.so.13` (`tests/side_by_side.rs`): a null handle is
//! `NVRTC_ERROR_INVALID_PROGRAM`, a null output pointer `NVRTC_ERROR_INVALID_INPUT`, an
//! unknown option `NVRTC_ERROR_INVALID_OPTION` (with the reason in the log), a name
//! expression added after compiling `…_NO_NAME_EXPRESSIONS_AFTER_COMPILATION`, a lowered
//! name asked for before a successful compile `…_NO_LOWERED_NAMES_BEFORE_COMPILATION`.
//! Before a compile the PTX and the log are empty strings (size 1), as NVIDIA's are.
//! oxicc writes PTX only: the CUBIN, LTO-IR and OptiX-IR getters answer as NVRTC does for
//! a virtual architecture — success, size 0.
//!
//! Options are parsed by `oxicc::options` (the command's parser), which accepts NVRTC's
//! spellings and more (`-O3`, `-std c++17`), and rejects host-only nvcc options as NVRTC
//! does. No panic crosses the boundary: every entry point runs under `catch_unwind` and a
//! panic becomes `NVRTC_ERROR_INTERNAL_ERROR`.

#![allow(clippy::missing_safety_doc)]

use std::ffi::{c_char, c_int, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// `nvrtcResult`.
pub type NvrtcResult = c_int;
pub const NVRTC_SUCCESS: NvrtcResult = 0;
pub const NVRTC_ERROR_OUT_OF_MEMORY: NvrtcResult = 1;
pub const NVRTC_ERROR_PROGRAM_CREATION_FAILURE: NvrtcResult = 2;
pub const NVRTC_ERROR_INVALID_INPUT: NvrtcResult = 3;
pub const NVRTC_ERROR_INVALID_PROGRAM: NvrtcResult = 4;
pub const NVRTC_ERROR_INVALID_OPTION: NvrtcResult = 5;
pub const NVRTC_ERROR_COMPILATION: NvrtcResult = 6;
pub const NVRTC_ERROR_BUILTIN_OPERATION_FAILURE: NvrtcResult = 7;
pub const NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION: NvrtcResult = 8;
pub const NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION: NvrtcResult = 9;
pub const NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID: NvrtcResult = 10;
pub const NVRTC_ERROR_INTERNAL_ERROR: NvrtcResult = 11;

/// NVRTC's names of the result codes, by value (13.5 has 19).
const ERROR_STRINGS: &[&CStr] = &[
    c"NVRTC_SUCCESS",
    c"NVRTC_ERROR_OUT_OF_MEMORY",
    c"NVRTC_ERROR_PROGRAM_CREATION_FAILURE",
    c"NVRTC_ERROR_INVALID_INPUT",
    c"NVRTC_ERROR_INVALID_PROGRAM",
    c"NVRTC_ERROR_INVALID_OPTION",
    c"NVRTC_ERROR_COMPILATION",
    c"NVRTC_ERROR_BUILTIN_OPERATION_FAILURE",
    c"NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION",
    c"NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION",
    c"NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID",
    c"NVRTC_ERROR_INTERNAL_ERROR",
    c"NVRTC_ERROR_TIME_FILE_WRITE_FAILED",
    c"NVRTC_ERROR_NO_PCH_CREATE_ATTEMPTED",
    c"NVRTC_ERROR_PCH_CREATE_HEAP_EXHAUSTED",
    c"NVRTC_ERROR_PCH_CREATE",
    c"NVRTC_ERROR_CANCELLED",
    c"NVRTC_ERROR_TIME_TRACE_FILE_WRITE_FAILED",
    c"NVRTC_ERROR_BUSY",
];

/// The NVRTC version this library answers as (the one whose behaviour it follows).
const VERSION: (c_int, c_int) = (13, 5);

/// What an `nvrtcProgram` handle points to.
pub struct ProgramState {
    program: oxicc::Program,
    /// Set by the first `nvrtcCompileProgram`, successful or not.
    compiled: bool,
    /// The PTX of the last successful compile (empty otherwise).
    ptx: CString,
    log: CString,
    /// Each name expression and its lowered name, after a successful compile.
    lowered: Vec<(String, CString)>,
}

/// `nvrtcProgram`.
pub type NvrtcProgram = *mut ProgramState;

/// Runs an entry point's body; a panic is an internal error, never an unwind into C.
fn guard(f: impl FnOnce() -> NvrtcResult) -> NvrtcResult {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or(NVRTC_ERROR_INTERNAL_ERROR)
}

/// A C string argument, lossily as UTF-8.
unsafe fn text(p: *const c_char) -> String {
    CStr::from_ptr(p).to_string_lossy().into_owned()
}

/// A C string without interior NULs (the PTX and log never hold one; drop any).
fn c_string(s: String) -> CString {
    CString::new(s).unwrap_or_else(|e| {
        let mut v = e.into_vec();
        v.retain(|&b| b != 0);
        CString::new(v).unwrap_or_default()
    })
}

#[no_mangle]
pub extern "C" fn nvrtcGetErrorString(result: NvrtcResult) -> *const c_char {
    let s = usize::try_from(result)
        .ok()
        .and_then(|i| ERROR_STRINGS.get(i))
        .copied()
        .unwrap_or(c"NVRTC_ERROR unknown");
    s.as_ptr()
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcVersion(major: *mut c_int, minor: *mut c_int) -> NvrtcResult {
    guard(|| {
        if major.is_null() || minor.is_null() {
            return NVRTC_ERROR_INVALID_INPUT;
        }
        *major = VERSION.0;
        *minor = VERSION.1;
        NVRTC_SUCCESS
    })
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetNumSupportedArchs(num_archs: *mut c_int) -> NvrtcResult {
    guard(|| {
        if num_archs.is_null() {
            return NVRTC_ERROR_INVALID_INPUT;
        }
        *num_archs = oxicc::supported_sms().len() as c_int;
        NVRTC_SUCCESS
    })
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetSupportedArchs(archs: *mut c_int) -> NvrtcResult {
    guard(|| {
        if archs.is_null() {
            return NVRTC_ERROR_INVALID_INPUT;
        }
        for (i, &sm) in oxicc::supported_sms().iter().enumerate() {
            *archs.add(i) = sm as c_int;
        }
        NVRTC_SUCCESS
    })
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcCreateProgram(
    prog: *mut NvrtcProgram,
    src: *const c_char,
    name: *const c_char,
    num_headers: c_int,
    headers: *const *const c_char,
    include_names: *const *const c_char,
) -> NvrtcResult {
    guard(|| {
        if prog.is_null() {
            return NVRTC_ERROR_INVALID_PROGRAM;
        }
        if src.is_null() || num_headers < 0 {
            return NVRTC_ERROR_INVALID_INPUT;
        }
        if num_headers > 0 && (headers.is_null() || include_names.is_null()) {
            return NVRTC_ERROR_INVALID_INPUT;
        }
        // NVRTC's name for an unnamed program.
        let name = if name.is_null() {
            "default_program".to_string()
        } else {
            text(name)
        };
        let mut program = oxicc::Program::new(name, text(src));
        for i in 0..num_headers as usize {
            let (h, n) = (*headers.add(i), *include_names.add(i));
            if h.is_null() || n.is_null() {
                return NVRTC_ERROR_INVALID_INPUT;
            }
            program = program.header(text(n), text(h));
        }
        let state = Box::new(ProgramState {
            program,
            compiled: false,
            ptx: CString::default(),
            log: CString::default(),
            lowered: Vec::new(),
        });
        *prog = Box::into_raw(state);
        NVRTC_SUCCESS
    })
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcDestroyProgram(prog: *mut NvrtcProgram) -> NvrtcResult {
    guard(|| {
        if prog.is_null() || (*prog).is_null() {
            return NVRTC_ERROR_INVALID_PROGRAM;
        }
        drop(Box::from_raw(*prog));
        *prog = std::ptr::null_mut();
        NVRTC_SUCCESS
    })
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcAddNameExpression(
    prog: NvrtcProgram,
    name_expression: *const c_char,
) -> NvrtcResult {
    guard(|| {
        let Some(p) = prog.as_mut() else {
            return NVRTC_ERROR_INVALID_PROGRAM;
        };
        if name_expression.is_null() {
            return NVRTC_ERROR_INVALID_INPUT;
        }
        if p.compiled {
            return NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION;
        }
        let program = std::mem::take(&mut p.program);
        p.program = program.name_expression(text(name_expression));
        NVRTC_SUCCESS
    })
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcCompileProgram(
    prog: NvrtcProgram,
    num_options: c_int,
    options: *const *const c_char,
) -> NvrtcResult {
    guard(|| {
        let Some(p) = prog.as_mut() else {
            return NVRTC_ERROR_INVALID_PROGRAM;
        };
        if num_options < 0 || (num_options > 0 && options.is_null()) {
            return NVRTC_ERROR_INVALID_OPTION;
        }
        let mut opts = Vec::with_capacity(num_options as usize);
        for i in 0..num_options as usize {
            let o = *options.add(i);
            if o.is_null() {
                return NVRTC_ERROR_INVALID_OPTION;
            }
            opts.push(text(o));
        }
        p.compiled = true;
        p.ptx = CString::default();
        p.lowered.clear();
        match p.program.compile(&opts) {
            Err(e) => {
                p.log = c_string(format!("oxicc: error: {e}\n"));
                NVRTC_ERROR_INVALID_OPTION
            }
            Ok(out) => {
                p.log = c_string(out.log);
                let Some(ptx) = out.ptx else {
                    return NVRTC_ERROR_COMPILATION;
                };
                p.ptx = c_string(ptx);
                p.lowered = out
                    .lowered_names
                    .into_iter()
                    .filter_map(|(e, n)| Some((e, c_string(n?))))
                    .collect();
                NVRTC_SUCCESS
            }
        }
    })
}

/// Size (with the NUL) and copy of one of the program's strings.
unsafe fn string_size(
    prog: NvrtcProgram,
    ret: *mut usize,
    which: fn(&ProgramState) -> &CString,
) -> NvrtcResult {
    guard(|| {
        let Some(p) = prog.as_ref() else {
            return NVRTC_ERROR_INVALID_PROGRAM;
        };
        if ret.is_null() {
            return NVRTC_ERROR_INVALID_INPUT;
        }
        *ret = which(p).as_bytes_with_nul().len();
        NVRTC_SUCCESS
    })
}

unsafe fn string_copy(
    prog: NvrtcProgram,
    out: *mut c_char,
    which: fn(&ProgramState) -> &CString,
) -> NvrtcResult {
    guard(|| {
        let Some(p) = prog.as_ref() else {
            return NVRTC_ERROR_INVALID_PROGRAM;
        };
        if out.is_null() {
            return NVRTC_ERROR_INVALID_INPUT;
        }
        let bytes = which(p).as_bytes_with_nul();
        std::ptr::copy_nonoverlapping(bytes.as_ptr() as *const c_char, out, bytes.len());
        NVRTC_SUCCESS
    })
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetPTXSize(prog: NvrtcProgram, size: *mut usize) -> NvrtcResult {
    string_size(prog, size, |p| &p.ptx)
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetPTX(prog: NvrtcProgram, ptx: *mut c_char) -> NvrtcResult {
    string_copy(prog, ptx, |p| &p.ptx)
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetProgramLogSize(
    prog: NvrtcProgram,
    size: *mut usize,
) -> NvrtcResult {
    string_size(prog, size, |p| &p.log)
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetProgramLog(prog: NvrtcProgram, log: *mut c_char) -> NvrtcResult {
    string_copy(prog, log, |p| &p.log)
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetLoweredName(
    prog: NvrtcProgram,
    name_expression: *const c_char,
    lowered_name: *mut *const c_char,
) -> NvrtcResult {
    guard(|| {
        let Some(p) = prog.as_ref() else {
            return NVRTC_ERROR_INVALID_PROGRAM;
        };
        if name_expression.is_null() || lowered_name.is_null() {
            return NVRTC_ERROR_INVALID_INPUT;
        }
        if p.ptx.is_empty() {
            return NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION;
        }
        let e = text(name_expression);
        match p.lowered.iter().find(|(x, _)| *x == e) {
            Some((_, n)) => {
                *lowered_name = n.as_ptr();
                NVRTC_SUCCESS
            }
            None => NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID,
        }
    })
}

/// The getters of outputs oxicc does not produce: size 0, as NVRTC answers for a program
/// compiled for a virtual architecture.
unsafe fn no_binary_size(prog: NvrtcProgram, size: *mut usize) -> NvrtcResult {
    guard(|| {
        if prog.is_null() {
            return NVRTC_ERROR_INVALID_PROGRAM;
        }
        if size.is_null() {
            return NVRTC_ERROR_INVALID_INPUT;
        }
        *size = 0;
        NVRTC_SUCCESS
    })
}

unsafe fn no_binary(prog: NvrtcProgram, out: *mut c_char) -> NvrtcResult {
    guard(|| {
        if prog.is_null() {
            return NVRTC_ERROR_INVALID_PROGRAM;
        }
        if out.is_null() {
            return NVRTC_ERROR_INVALID_INPUT;
        }
        NVRTC_SUCCESS
    })
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetCUBINSize(prog: NvrtcProgram, size: *mut usize) -> NvrtcResult {
    no_binary_size(prog, size)
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetCUBIN(prog: NvrtcProgram, cubin: *mut c_char) -> NvrtcResult {
    no_binary(prog, cubin)
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetLTOIRSize(prog: NvrtcProgram, size: *mut usize) -> NvrtcResult {
    no_binary_size(prog, size)
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetLTOIR(prog: NvrtcProgram, ltoir: *mut c_char) -> NvrtcResult {
    no_binary(prog, ltoir)
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetOptiXIRSize(prog: NvrtcProgram, size: *mut usize) -> NvrtcResult {
    no_binary_size(prog, size)
}

#[no_mangle]
pub unsafe extern "C" fn nvrtcGetOptiXIR(prog: NvrtcProgram, optixir: *mut c_char) -> NvrtcResult {
    no_binary(prog, optixir)
}
