//! Every built-in header (`runtime-libs/include`, subfolders included) compiles alone
//! beside a kernel, and the PTX passes ptxas; the POSIX object types a host program declares
//! at file scope have the host C library's sizes, asked of the host `cc` (the independent
//! answer), checked with `static_assert` in a file that oxicc compiles.

use crate::ptxas_support;

use oxicc::pp::BUILTIN_HEADER_NAMES;
use oxicc::{compile, Options};
use std::collections::BTreeSet;
use std::process::Command;

const KERNEL: &str = "__global__ void k(int *x) { x[threadIdx.x] = 1; }\n";

fn errors_of(out: &oxicc::CompileOutput) -> String {
    out.diagnostics
        .iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn each_header_compiles_alone_with_a_kernel() {
    let options = Options::default();
    let mut failures = Vec::new();
    let mut ptx_texts = BTreeSet::new();
    for name in BUILTIN_HEADER_NAMES {
        let src = format!("#include <{name}>\n{KERNEL}");
        let out = compile("alone.cu", &src, &options);
        match &out.text {
            Some(ptx) if out.diagnostics.is_empty() => {
                ptx_texts.insert(ptx.clone());
            }
            _ => failures.push(format!("<{name}>:\n{}", errors_of(&out))),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(BUILTIN_HEADER_NAMES.contains(&"sys/time.h"));
    for ptx in &ptx_texts {
        ptxas_support::assert_ptxas_accepts(ptx, options.sm, "a kernel beside one header");
    }
}

/// A header that oxicc does not have is searched in the host toolchain's folders, after
/// the built-in headers: gcc's own `omp.h` (in `/usr/lib/gcc/<triple>/<version>/include`,
/// where the host `cc` finds it), and the kernel beside it compiles.
#[test]
fn headers_oxicc_lacks_come_from_the_host_toolchain() {
    let src = format!("#include <omp.h>\n{KERNEL}");
    // The command's default; the library's is off, as NVRTC's.
    let options = Options {
        host_headers: true,
        ..Options::default()
    };
    let out = compile("host.cu", &src, &options);
    let ptx = out
        .text
        .as_deref()
        .unwrap_or_else(|| panic!("{}", errors_of(&out)));
    ptxas_support::assert_ptxas_accepts(ptx, options.sm, "a kernel beside <omp.h>");
    let deps = compile(
        "host.cu",
        &src,
        &Options {
            emit: oxicc::Emit::Preprocessed,
            ..options.clone()
        },
    );
    let text = deps.text.unwrap_or_default();
    assert!(
        text.contains("omp_get_num_threads"),
        "omp.h was not the host's"
    );
    assert!(
        !text.contains("/usr/include/stdio.h"),
        "stdio.h was not the built-in one"
    );
}

/// `(type, header)` pairs whose size host code relies on when it declares objects at file
/// scope; the expected sizes come from the host `cc` compiling the same header.
const SIZED_TYPES: &[(&str, &str)] = &[
    ("struct timeval", "sys/time.h"),
    ("struct timespec", "time.h"),
    ("struct tm", "time.h"),
    ("struct stat", "sys/stat.h"),
    ("struct utsname", "sys/utsname.h"),
    ("struct option", "getopt.h"),
    ("pthread_t", "pthread.h"),
    ("pthread_mutex_t", "pthread.h"),
    ("pthread_cond_t", "pthread.h"),
    ("pthread_attr_t", "pthread.h"),
    ("pthread_barrier_t", "pthread.h"),
    ("off_t", "sys/types.h"),
    ("pid_t", "sys/types.h"),
    ("ssize_t", "sys/types.h"),
    ("time_t", "time.h"),
    ("clock_t", "time.h"),
    ("jmp_buf", "setjmp.h"),
    ("mbstate_t", "wchar.h"),
    ("mtx_t", "threads.h"),
    ("cnd_t", "threads.h"),
    ("once_flag", "threads.h"),
    ("thrd_t", "threads.h"),
];

fn host_sizes() -> Vec<usize> {
    let dir = std::env::temp_dir().join(format!("oxicc-host-sizes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut src = String::from("#define _GNU_SOURCE\n#include <stdio.h>\n");
    for (_, h) in SIZED_TYPES {
        src.push_str(&format!("#include <{h}>\n"));
    }
    src.push_str("int main(void) {\n");
    for (t, _) in SIZED_TYPES {
        src.push_str(&format!("    printf(\"%zu\\n\", sizeof({t}));\n"));
    }
    src.push_str("    return 0;\n}\n");
    std::fs::write(dir.join("sizes.c"), src).unwrap();
    let exe = dir.join("sizes");
    let cc = Command::new("cc")
        .arg(dir.join("sizes.c"))
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("the host `cc` runs (gcc is a documented requirement)");
    assert!(
        cc.status.success(),
        "{}",
        String::from_utf8_lossy(&cc.stderr)
    );
    let run = Command::new(&exe).output().expect("the size program runs");
    let _ = std::fs::remove_dir_all(&dir);
    String::from_utf8(run.stdout)
        .unwrap()
        .lines()
        .map(|l| l.parse().unwrap())
        .collect()
}

#[test]
fn posix_object_types_have_the_host_c_library_sizes() {
    let sizes = host_sizes();
    assert_eq!(sizes.len(), SIZED_TYPES.len());
    let mut src = String::new();
    for (_, h) in SIZED_TYPES {
        src.push_str(&format!("#include <{h}>\n"));
    }
    for ((t, _), size) in SIZED_TYPES.iter().zip(&sizes) {
        src.push_str(&format!(
            "static_assert(sizeof({t}) == {size}, \"sizeof({t}) differs from the host's {size}\");\n"
        ));
    }
    src.push_str(KERNEL);
    let out = compile("sizes.cu", &src, &Options::default());
    assert!(
        out.ok() && out.diagnostics.is_empty(),
        "{}",
        errors_of(&out)
    );
}

#[test]
fn host_declarations_at_file_scope_use_the_posix_headers() {
    let src = r#"
#include <sys/time.h>
#include <sys/stat.h>
#include <getopt.h>
#include <pthread.h>
#include <unistd.h>
#include <errno.h>
#include <strings.h>
#include <inttypes.h>
#include <map>
#include <exception>
static struct timeval start_time;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct option long_options[] = {
    {"size", required_argument, 0, 's'},
    {"help", no_argument, 0, 'h'},
    {0, 0, 0, 0},
};
double elapsed(struct timeval *a, struct timeval *b);
uint sum_of(uint a, uint b);
__global__ void k(int *x, uint n) { if (threadIdx.x < n) x[threadIdx.x] = EINVAL; }
int main(int argc, char **argv) {
    int c;
    while ((c = getopt_long(argc, argv, "s:h", long_options, 0)) != -1) {}
    gettimeofday(&start_time, 0);
    printf("%" PRIu64 "\n", (uint64_t)1);
    return errno;
}
"#;
    let out = compile("host.cu", src, &Options::default());
    assert!(
        out.ok() && out.diagnostics.is_empty(),
        "{}",
        errors_of(&out)
    );
    ptxas_support::assert_ptxas_accepts(out.text.as_deref().unwrap(), 75, "host.cu");
}

#[test]
fn vector_types_have_cudas_sizes_and_alignments() {
    // The CUDA C++ Programming Guide's alignment table of the built-in vector types: the
    // 2- and 4-element types are aligned to their size (at most 16), 1- and 3-element
    // types to their element; `long` is 8 bytes (LP64). Every make_ function exists.
    let bases: &[(&str, usize)] = &[
        ("char", 1),
        ("uchar", 1),
        ("short", 2),
        ("ushort", 2),
        ("int", 4),
        ("uint", 4),
        ("long", 8),
        ("ulong", 8),
        ("longlong", 8),
        ("ulonglong", 8),
        ("float", 4),
        ("double", 8),
    ];
    let mut src = String::from("#include <vector_types.h>\n");
    let mut uses = String::new();
    for &(base, elem) in bases {
        for n in 1..=4usize {
            let align = match n {
                2 => (2 * elem).min(16),
                4 => (4 * elem).min(16),
                _ => elem,
            };
            let size = (n * elem).div_ceil(align) * align;
            let t = format!("{base}{n}");
            src.push_str(&format!(
                "static_assert(sizeof({t}) == {size} && alignof({t}) == {align}, \"{t}\");\n"
            ));
            let args = vec!["1"; n].join(", ");
            uses.push_str(&format!(
                "    {t} v_{t} = make_{t}({args}); o[0] += (int)v_{t}.x;\n"
            ));
        }
    }
    src.push_str(&format!("__global__ void k(int *o) {{\n{uses}}}\n"));
    let out = compile("vectors.cu", &src, &Options::default());
    assert!(
        out.ok() && out.diagnostics.is_empty(),
        "{}",
        errors_of(&out)
    );
    ptxas_support::assert_ptxas_accepts(out.text.as_deref().unwrap(), 75, "vectors.cu");
}
