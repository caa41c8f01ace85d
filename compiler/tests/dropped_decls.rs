//! Declarations skipped as host code are never lost (issue 12): a file-scope declaration
//! that fails to parse and looks like host C++ becomes `Decl::Unsupported` without an
//! error (nvcc would hand it to the host compiler), but `--report-dropped` (and the
//! command's `-v`) reports each one as a note at the construct oxicc does not parse, with
//! the declaration's start and the include chain, system headers included. By default the
//! compile stays quiet.

use crate::ptxas_support;

use oxicc::{compile, Options, Severity};
use std::path::PathBuf;
use std::process::Command;

/// A folder holding a header with a host class template oxicc does not parse (`?` where a
/// member declaration goes on: not C++ either, so it stays unparsable whatever the parser
/// learns), removed at the end.
struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let d = std::env::temp_dir().join(format!("oxicc-dropped-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(
            d.join("host.h"),
            "// host declarations\n\
             template <class T> struct Bad { T f() ? ; };\n\
             int after_bad;\n",
        )
        .unwrap();
        Dir(d)
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const MAIN: &str = "#include <host.h>\n__global__ void k(int *p) { *p = 1; }\n";

fn lines(out: &oxicc::CompileOutput) -> Vec<String> {
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

#[test]
fn a_dropped_declaration_is_a_note_with_its_include_chain_on_request() {
    let dir = Dir::new("lib");
    let h = dir.0.join("host.h").display().to_string();
    for system in [true, false] {
        let base = if system {
            Options {
                system_include_dirs: vec![dir.0.clone()],
                ..Options::default()
            }
        } else {
            Options {
                include_dirs: vec![dir.0.clone()],
                ..Options::default()
            }
        };
        // Default: quiet, and the kernel compiles.
        let quiet = compile("main.cu", MAIN, &base);
        assert!(quiet.ok(), "{:?}", lines(&quiet));
        assert!(quiet.diagnostics.is_empty(), "{:?}", lines(&quiet));

        let loud = compile(
            "main.cu",
            MAIN,
            &Options {
                report_dropped: true,
                ..base.clone()
            },
        );
        let ptx = loud.text.as_deref().expect("compiles with the notes");
        assert!(ptx.contains(".entry _Z1kPi"), "{ptx}");
        ptxas_support::assert_ptxas_accepts(ptx, 75, "dropped_decls");
        let got = lines(&loud);
        assert_eq!(got.len(), 3, "{got:?}");
        // The first error oxicc met in the declaration: at the `?` (line 2, column 39).
        assert!(
            got[0].starts_with(&format!(
                "{h}:2:39: note: oxicc skipped this template declaration as host code it does not parse: "
            )),
            "{got:?}"
        );
        assert_eq!(
            got[1],
            format!("{h}:2:1: note: the skipped declaration starts here")
        );
        assert_eq!(got[2], "main.cu:1:10: note: in file included from here");
        // Notes only: no error, no warning (`-Werror` does not turn them into failures).
        assert!(loud
            .diagnostics
            .iter()
            .all(|d| d.severity == Severity::Note));
    }
}

#[test]
fn a_device_use_of_a_dropped_class_is_still_an_error() {
    let dir = Dir::new("use");
    let o = Options {
        system_include_dirs: vec![dir.0.clone()],
        ..Options::default()
    };
    let out = compile(
        "main.cu",
        "#include <host.h>\n__global__ void k(int *p) { Bad<int> b; *p = 1; }\n",
        &o,
    );
    assert!(!out.ok());
    let got = lines(&out);
    assert!(
        got.iter()
            .any(|l| l.starts_with("main.cu:2:29: error:") && l.contains("Bad")),
        "{got:?}"
    );
}

#[test]
fn the_command_lists_them_with_report_dropped_and_with_v() {
    let dir = Dir::new("cmd");
    let input = dir.0.join("k.cu");
    std::fs::write(&input, MAIN).unwrap();
    let run = |extra: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_oxicc"))
            .env_remove("CUDA_PATH")
            .env_remove("CUDA_HOME")
            .arg("-isystem")
            .arg(&dir.0)
            .args(extra)
            .arg(&input)
            .arg("-o")
            .arg(dir.0.join("k.ptx"))
            .output()
            .unwrap();
        assert!(out.status.success(), "{extra:?}");
        String::from_utf8(out.stderr).unwrap()
    };
    let skipped = "note: oxicc skipped this template declaration";
    assert!(!run(&[]).contains(skipped));
    assert!(!run(&["--report-dropped=false"]).contains(skipped));
    for flags in [
        &["--report-dropped"][..],
        &["-v"],
        &["-Werror", "--report-dropped"],
    ] {
        let err = run(flags);
        assert!(err.contains(skipped), "{flags:?}: {err}");
        assert!(err.contains("note: in file included from here"), "{err}");
    }
}

/// A header whose type alias names a class template instance that cannot be defined: its
/// allocator is only declared, as libstdc++'s `pmr::string` names
/// `basic_string<char, …, polymorphic_allocator<char>>`. nvcc does not instantiate the
/// class there; oxicc's one-walk lowering does, and fails inside it.
const ALIAS_HEADER: &str = "\
template <class A> struct traits {\n\
  template <class T> struct rebind { typedef typename A::template rebind<T>::other other; };\n\
};\n\
template <class C, class A> class bstr {\n\
  typedef typename traits<A>::template rebind<C>::other char_alloc;\n\
public:\n\
  typedef char_alloc allocator_type;\n\
private:\n\
  struct hider : allocator_type { int x; };\n\
  hider h;\n\
};\n\
template <class T> class palloc;\n\
template <class C> using pstr = bstr<C, palloc<C>>;\n\
using pstring = pstr<char>;\n";

#[test]
fn a_system_header_alias_whose_class_cannot_be_formed_is_dropped_as_host_code() {
    let dir = Dir::new("alias");
    std::fs::write(dir.0.join("alias.h"), ALIAS_HEADER).unwrap();
    let main = "#include <alias.h>\n__global__ void k(int *p) { *p = 1; }\n";
    let system = Options {
        system_include_dirs: vec![dir.0.clone()],
        ..Options::default()
    };
    let quiet = compile("main.cu", main, &system);
    assert!(quiet.diagnostics.is_empty(), "{:?}", lines(&quiet));
    let ptx = quiet.text.as_deref().expect("compiles");
    ptxas_support::assert_ptxas_accepts(ptx, 75, "dropped_alias");

    // Reported on request, at the alias, with the first error behind it.
    let loud = compile(
        "main.cu",
        main,
        &Options {
            report_dropped: true,
            ..system.clone()
        },
    );
    assert!(loud.ok(), "{:?}", lines(&loud));
    let h = dir.0.join("alias.h").display().to_string();
    let got = lines(&loud);
    assert!(
        got.iter().any(|l| l.starts_with(&format!(
            "{h}:14:1: note: oxicc dropped this type alias as host code"
        ))),
        "{got:?}"
    );
    assert!(loud
        .diagnostics
        .iter()
        .all(|d| d.severity == Severity::Note));

    // The user's own header is not host library code: its errors stay errors.
    let user = compile(
        "main.cu",
        main,
        &Options {
            include_dirs: vec![dir.0.clone()],
            ..Options::default()
        },
    );
    assert!(!user.ok(), "{:?}", lines(&user));
}

/// A constructor's member initializer with nested braces around a pack expansion (libstdc++'s
/// `std::thread::_State_impl`: `_M_func{{std::forward<_Args>(__args)...}}`) parses: the
/// class is no longer dropped.
#[test]
fn nested_braces_around_a_pack_in_a_member_initializer_parse() {
    let src = "\
template <class T> T &&fwd(T &t) { return static_cast<T &&>(t); }\n\
template <class F> struct state {\n\
  F f;\n\
  template <class... A> state(A &&...a) : f{{fwd<A>(a)...}} { }\n\
};\n\
__global__ void k(int *p) { *p = 1; }\n";
    let out = compile(
        "main.cu",
        src,
        &Options {
            report_dropped: true,
            ..Options::default()
        },
    );
    assert!(out.diagnostics.is_empty(), "{:?}", lines(&out));
    let ptx = out.text.as_deref().expect("compiles");
    ptxas_support::assert_ptxas_accepts(ptx, 75, "nested_brace_mem_init");
}

/// A class template instance named before the template is defined (`typedef
/// basic_string<char> string;` in libstdc++'s `<bits/stringfwd.h>`) is made when it is next
/// named after the definition; in a system header, one oxicc cannot instantiate is left to
/// the host compiler quietly (noted with `--report-dropped`), as nvcc never instantiates it
/// for device code.
#[test]
fn a_system_class_instance_named_before_its_definition_is_host_code_if_it_fails() {
    let dir = Dir::new("fwd");
    std::fs::write(
        dir.0.join("fwd.h"),
        "template <class C> class str;\n\
         typedef str<char> string;\n\
         template <class C> class str { typename C::missing m; };\n\
         void use(const string &s);\n\
         extern string *global_s;\n",
    )
    .unwrap();
    let main = "#include <fwd.h>\n__global__ void k(int *p) { *p = 1; }\n";
    let system = Options {
        system_include_dirs: vec![dir.0.clone()],
        ..Options::default()
    };
    let quiet = compile("main.cu", main, &system);
    assert!(quiet.diagnostics.is_empty(), "{:?}", lines(&quiet));
    let loud = compile(
        "main.cu",
        main,
        &Options {
            report_dropped: true,
            ..system.clone()
        },
    );
    let got = lines(&loud);
    assert!(
        got.iter()
            .any(|l| l.contains("note: oxicc did not instantiate \"str\"")),
        "{got:?}"
    );
    // The user's own header: the error is reported.
    let user = compile(
        "main.cu",
        main,
        &Options {
            include_dirs: vec![dir.0.clone()],
            ..Options::default()
        },
    );
    assert!(!user.ok(), "{:?}", lines(&user));
}

/// libstdc++'s `chrono::duration` in miniature: a member function whose return type oxicc
/// cannot form (`duration<typename common_type<rep>::type, period> operator+() const`),
/// its out-of-class definition, and a static data member whose value it cannot form
/// (`static constexpr chrono::seconds _S_epoch_diff{…}`). In a system header these host
/// members are left to the host compiler (noted with `--report-dropped`) and the class
/// stays usable; a device use of a dropped member and the same code in the user's own
/// header are errors.
const MEMBERS_HEADER: &str = "template <class T> struct ct;\n\
     template <class R> struct dur {\n\
       R r;\n\
       dur<typename ct<R>::type> operator+() const;\n\
     };\n\
     template <class R> dur<typename ct<R>::type> dur<R>::operator+() const { return *this; }\n\
     typedef dur<long> ns;\n\
     struct clk { static constexpr ns epoch{ct<long>::value}; ns now; };\n";

#[test]
fn a_system_header_member_oxicc_cannot_form_is_left_to_the_host_compiler() {
    let dir = Dir::new("members");
    std::fs::write(dir.0.join("members.h"), MEMBERS_HEADER).unwrap();
    let main = "#include <members.h>\n\
                __global__ void k(long *p) { *p = sizeof(ns) + sizeof(clk); }\n";
    let system = Options {
        system_include_dirs: vec![dir.0.clone()],
        ..Options::default()
    };
    let quiet = compile("main.cu", main, &system);
    assert!(quiet.diagnostics.is_empty(), "{:?}", lines(&quiet));
    let ptx = quiet.text.as_deref().expect("compiles");
    // sizeof(dur<long>) = 8, and `clk` holds one: 16.
    assert!(ptx.contains("st.global.u64 \t[%rd1], 16;"), "{ptx}");
    ptxas_support::assert_ptxas_accepts(ptx, 75, "system_members");

    let loud = compile(
        "main.cu",
        main,
        &Options {
            report_dropped: true,
            ..system.clone()
        },
    );
    let h = dir.0.join("members.h").display().to_string();
    let got = lines(&loud);
    for (line, what) in [(4, "member function"), (8, "static data member")] {
        assert!(
            got.iter().any(|l| l.starts_with(&format!("{h}:{line}:"))
                && l.contains(&format!("note: oxicc dropped this {what} as host code"))),
            "{got:?}"
        );
    }

    let device_use = "#include <members.h>\n\
                      __global__ void k(long *p) { *p = clk::epoch.r; }\n";
    assert!(!compile("main.cu", device_use, &system).ok());
    let user = compile(
        "main.cu",
        main,
        &Options {
            include_dirs: vec![dir.0.clone()],
            ..Options::default()
        },
    );
    assert!(!user.ok(), "{:?}", lines(&user));
}

/// A host class whose member typedef cannot be formed (`undefined_fn` is declared nowhere;
/// `decltype` keeps the line a declaration for the parser) and a data member of that type: the error is at the data member, and with
/// `--report-dropped` a note at the typedef names its own first error (`<future>`'s
/// `_Ptr_type`, whose cause was invisible). Line and column counted from the header text
/// (the string continuations drop the indentation: every line starts in column 1).
const TYPEDEF_HEADER: &str = "// host class\n\
struct holder {\n\
  typedef decltype(undefined_fn()) *ptr_type;\n\
  ptr_type m;\n\
};\n";

#[test]
fn a_member_typedef_that_fails_before_the_data_members_is_noted_on_request() {
    let dir = Dir::new("typedefs");
    std::fs::write(dir.0.join("typedefs.h"), TYPEDEF_HEADER).unwrap();
    let main = "#include <typedefs.h>\n__global__ void k(int *p) { *p = 1; }\n";
    let h = dir.0.join("typedefs.h").display().to_string();
    let loud = compile(
        "main.cu",
        main,
        &Options {
            system_include_dirs: vec![dir.0.clone()],
            report_dropped: true,
            ..Options::default()
        },
    );
    let got = lines(&loud);
    let note = format!(
        "{h}:3:1: note: oxicc could not form this member typedef for the data members after it:"
    );
    assert!(got.iter().any(|l| l.starts_with(&note)), "{got:?}");
    assert!(
        got.iter()
            .any(|l| l.starts_with(&format!("{h}:4:1: error:")) && l.contains("ptr_type")),
        "{got:?}"
    );
    let quiet = compile(
        "main.cu",
        main,
        &Options {
            system_include_dirs: vec![dir.0.clone()],
            ..Options::default()
        },
    );
    assert!(
        !lines(&quiet).iter().any(|l| l.contains("member typedef")),
        "{:?}",
        lines(&quiet)
    );
}
