//! A device use of a declaration oxicc left to the host compiler is an error (issue 12).
//!
//! A system header's host declaration that oxicc cannot form (a type alias, a static data
//! member) is dropped with its errors held back, so nothing was reported when the kernel
//! names it. Before, the name yielded no value quietly and the statement disappeared: `*p =
//! Y::m;` gave an empty kernel and a successful compile. Now the use is an error at its own
//! position, with notes at the dropped declaration and at the first error oxicc met there;
//! declarations that name a dropped one (a host function, a device function) carry the
//! cause on. The positions are counted from the sources below by hand.

use oxicc::{compile, CompileOutput, Options, Severity};
use std::path::PathBuf;

/// `bad<T>` cannot be instantiated (`int::nope`); every declaration naming it is one oxicc
/// cannot form. Line numbers matter to the tests.
const HEADER: &str = "template <class T> struct bad { typedef typename T::nope type; };\n\
                      typedef bad<int>::type dropped_t;\n\
                      struct Y { static const bad<long>::type m = 3; static const int k = 4; };\n";

struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let d = std::env::temp_dir().join(format!("oxicc-dropuse-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join("lib.h"), HEADER).unwrap();
        Dir(d)
    }

    fn header(&self) -> String {
        self.0.join("lib.h").display().to_string()
    }

    fn compile(&self, main: &str) -> CompileOutput {
        let opts = Options {
            system_include_dirs: vec![self.0.clone()],
            ..Options::default()
        };
        compile("main.cu", main, &opts)
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn lines(out: &CompileOutput) -> Vec<String> {
    out.diagnostics
        .iter()
        .map(|d| {
            let sev = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Note => "note",
            };
            format!("{}:{}:{}: {}: {}", d.file, d.line, d.column, sev, d.message)
        })
        .collect()
}

/// The error at `main.cu:line:col` about `name`, then its two notes: the dropped
/// declaration at `decl_line` and the first error there (`lib.h:1:50`, `T::nope`).
fn assert_reported(got: &[String], h: &str, line: u32, col: u32, name: &str, decl: (u32, u32)) {
    let at = got
        .iter()
        .position(|l| {
            l.starts_with(&format!(
                "main.cu:{line}:{col}: error: \"{name}\" was not declared because"
            ))
        })
        .unwrap_or_else(|| panic!("no error for {name} at {line}:{col}: {got:?}"));
    assert_eq!(
        got[at + 1],
        format!(
            "{h}:{}:{}: note: the declaration oxicc left out is here",
            decl.0, decl.1
        )
    );
    assert!(
        got[at + 2].starts_with(&format!("{h}:1:50: note: the first error there:"))
            && got[at + 2].contains("T::nope"),
        "{got:?}"
    );
}

#[test]
fn a_device_use_of_a_dropped_static_data_member_is_an_error() {
    let dir = Dir::new("member");
    let h = dir.header();
    // The kept member still serves: the header alone costs nothing.
    let fine = dir.compile("#include <lib.h>\n__global__ void k(int *p) { *p = Y::k; }\n");
    assert!(fine.ok(), "{:?}", lines(&fine));
    let ptx = fine.text.as_deref().expect("compiles");
    assert!(ptx.contains("st.global.u32"), "{ptx}");
    crate::ptxas_support::assert_ptxas_accepts(ptx, 75, "dropped_uses");

    let out = dir.compile("#include <lib.h>\n__global__ void k(int *p) { *p = Y::m; }\n");
    assert!(!out.ok(), "compiled without Y::m: {:?}", out.text);
    let got = lines(&out);
    // `Y::m` starts at column 34 of line 2; `struct Y { static` puts the member at 3:12.
    assert_reported(&got, &h, 2, 34, "m", (3, 12));
    assert_eq!(
        out.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count(),
        1
    );
}

#[test]
fn a_device_use_of_a_dropped_type_alias_is_an_error() {
    let dir = Dir::new("alias");
    let h = dir.header();
    let out =
        dir.compile("#include <lib.h>\n__global__ void k(int *p) { dropped_t x = 1; *p = x; }\n");
    assert!(!out.ok());
    let got = lines(&out);
    assert_reported(&got, &h, 2, 29, "dropped_t", (2, 1));
    // `x` failed with a reported error: its use stays quiet (one error, not a cascade).
    assert_eq!(
        out.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count(),
        1
    );
}

#[test]
fn declarations_naming_a_dropped_one_carry_its_cause_to_the_device_use() {
    let dir = Dir::new("chain");
    let h = dir.header();
    // A host function may name it (nvcc hands it to the host compiler): fine until device
    // code calls it.
    let host_only = dir.compile(
        "#include <lib.h>\ndropped_t host_fn(int);\n__global__ void k(int *p) { *p = 2; }\n",
    );
    assert!(host_only.ok(), "{:?}", lines(&host_only));

    let out = dir.compile(
        "#include <lib.h>\n\
         dropped_t host_fn(int);\n\
         __global__ void k(int *p) { *p = host_fn(1); }\n",
    );
    assert!(!out.ok());
    let got = lines(&out);
    let at = got
        .iter()
        .position(|l| l.starts_with("main.cu:3:34: error: \"host_fn\" was not declared because"))
        .unwrap_or_else(|| panic!("{got:?}"));
    assert_eq!(
        got[at + 1],
        "main.cu:2:1: note: the declaration oxicc left out is here"
    );
    assert!(
        got[at + 2].starts_with(&format!(
            "{h}:2:1: note: the first error there: it names a type alias"
        )) && got[at + 2].contains("T::nope"),
        "{got:?}"
    );

    // A device function whose declaration names it would be missing from the PTX: an error
    // at its name, even unused.
    let dev = dir.compile(
        "#include <lib.h>\n\
         __device__ int dev_fn(dropped_t);\n\
         __global__ void k(int *p) { *p = 2; }\n",
    );
    assert!(!dev.ok());
    let got = lines(&dev);
    assert!(
        got[0].starts_with("main.cu:2:16: error: \"dev_fn\" cannot be declared"),
        "{got:?}"
    );
    assert_eq!(
        got[1],
        format!("{h}:2:1: note: the type alias oxicc left out is here")
    );
}
