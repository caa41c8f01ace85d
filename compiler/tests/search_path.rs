//! The include search path of a drop-in `nvcc -ptx` (issue 12): `-I`, `-isystem`, the
//! built-in headers, `--cuda-path`'s `include`, the host toolchain's folders (found under
//! `--sysroot`, left out by `-nostdinc`/`-nostdinc++`, only with `--host-headers`), then
//! `-idirafter`; `-v`'s list in gcc's form; a missing header's diagnostic with the include
//! chain. Each effect is shown by which of two same-named headers a file gets, or whether
//! a header is found at all.

use crate::pp_support;

use oxicc::options::{parse, Dialect};
use oxicc::{compile, Emit, Options};
use pp_support::run_with;
use std::path::{Path, PathBuf};
use std::process::Command;

fn dirs(v: &[&str]) -> Vec<PathBuf> {
    v.iter().map(PathBuf::from).collect()
}

#[test]
fn dash_i_then_isystem_then_builtin_then_cuda_path_then_idirafter() {
    let files = [
        ("inc/a.h", "a_from_I\n"),
        ("sys/a.h", "a_from_isystem\n"),
        ("sys/b.h", "b_from_isystem\n"),
        // The built-in `cuda_fp16.h` wins over the toolkit's and `-idirafter`'s.
        ("cuda/include/cuda_fp16.h", "fp16_from_cuda\n"),
        ("after1/cuda_fp16.h", "fp16_from_after\n"),
        ("cuda/include/cublas_v2.h", "cublas_from_cuda\n"),
        ("after1/cublas_v2.h", "cublas_from_after\n"),
        ("after1/c.h", "c_from_after1\n"),
        ("after2/c.h", "c_from_after2\n"),
        ("after2/d.h", "d_from_after2\n"),
    ];
    let src = "#include <a.h>\n#include <b.h>\n#include <cublas_v2.h>\n#include <c.h>\n\
               #include <d.h>\n#include <cuda_fp16.h>\nafter_fp16\n";
    let o = Options {
        include_dirs: dirs(&["inc"]),
        system_include_dirs: dirs(&["sys"]),
        after_include_dirs: dirs(&["after1", "after2"]),
        cuda_path: Some("cuda".into()),
        ..Options::default()
    };
    let r = run_with(src, &files, &o);
    assert!(r.diag_lines().is_empty(), "{:?}", r.diag_lines());
    let text = r.text();
    assert!(
        text.starts_with("a_from_I b_from_isystem cublas_from_cuda c_from_after1 d_from_after2"),
        "{text}"
    );
    assert!(!text.contains("fp16_from"), "{text}");
    assert!(text.ends_with("after_fp16"), "{text}");
}

#[test]
fn isystem_comes_before_the_builtin_headers() {
    let files = [("sys/vector_types.h", "vt_from_isystem\n")];
    let o = Options {
        system_include_dirs: dirs(&["sys"]),
        ..Options::default()
    };
    let r = run_with("#include <vector_types.h>\n", &files, &o);
    assert_eq!(r.text(), "vt_from_isystem");
}

#[test]
fn include_next_goes_from_isystem_on_to_idirafter() {
    let files = [
        ("sys/n.h", "first\n#include_next <n.h>\n"),
        ("after/n.h", "second\n"),
    ];
    let o = Options {
        system_include_dirs: dirs(&["sys"]),
        after_include_dirs: dirs(&["after"]),
        ..Options::default()
    };
    let r = run_with("#include <n.h>\n", &files, &o);
    assert!(r.diag_lines().is_empty(), "{:?}", r.diag_lines());
    assert_eq!(r.text(), "first second");
}

#[test]
fn a_missing_header_is_reported_with_its_include_chain() {
    let files = [
        ("inc/outer.h", "#include \"inner.h\"\n"),
        ("inc/inner.h", "\n#include <absent.h>\n"),
    ];
    let o = Options {
        include_dirs: dirs(&["inc"]),
        ..Options::default()
    };
    let r = run_with("int x;\n#include <outer.h>\n", &files, &o);
    assert_eq!(
        r.diag_lines(),
        vec![
            "inc/inner.h:2:10: error: absent.h: No such file or directory",
            "inc/outer.h:1:10: note: in file included from here",
            "main.cu:2:10: note: in file included from here",
        ]
    );
}

/// A fake host toolchain under a `--sysroot`, laid out as Debian's, each folder holding
/// a header named after it and a `same.h` saying which folder it is.
struct Sysroot(PathBuf);

impl Sysroot {
    fn new(name: &str) -> Sysroot {
        let m = std::env::consts::ARCH;
        let root =
            std::env::temp_dir().join(format!("oxicc-sysroot-{name}-{}", std::process::id()));
        for (dir, tag) in [
            ("usr/include/c++/12".to_string(), "cxx"),
            (format!("usr/lib/gcc/{m}-linux-gnu/12/include"), "gcc"),
            ("usr/local/include".to_string(), "local"),
            (format!("usr/include/{m}-linux-gnu"), "multiarch"),
            ("usr/include".to_string(), "usr"),
        ] {
            let d = root.join(&dir);
            std::fs::create_dir_all(&d).unwrap();
            std::fs::write(
                d.join(format!("only_{tag}.h")),
                format!("int {tag}_only;\n"),
            )
            .unwrap();
            std::fs::write(d.join("same.h"), format!("int same_{tag};\n")).unwrap();
        }
        Sysroot(root)
    }

    fn options(&self) -> Options {
        Options {
            host_headers: true,
            sysroot: Some(self.0.clone()),
            emit: Emit::Preprocessed,
            ..Options::default()
        }
    }
}

impl Drop for Sysroot {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The preprocessed text of `src`, or the errors.
fn preprocessed(src: &str, o: &Options) -> Result<String, String> {
    let out = compile("main.cu", src, o);
    match out.text {
        Some(t) if out.diagnostics.is_empty() => Ok(t),
        _ => Err(out
            .diagnostics
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join("\n")),
    }
}

#[test]
fn host_folders_are_found_under_the_sysroot_in_gcc_order() {
    let s = Sysroot::new("order");
    let all = "#include <only_cxx.h>\n#include <only_gcc.h>\n#include <only_local.h>\n\
               #include <only_multiarch.h>\n#include <only_usr.h>\n#include <same.h>\n";
    let text = preprocessed(all, &s.options()).unwrap();
    for tag in ["cxx", "gcc", "local", "multiarch", "usr"] {
        assert!(text.contains(&format!("{tag}_only")), "{tag}: {text}");
    }
    // Every folder holds `same.h`: the C++ library's comes first.
    assert!(
        text.contains("same_cxx") && !text.contains("same_usr"),
        "{text}"
    );

    // Without the C++ library's folders, gcc's own is next.
    let no_cxx = Options {
        no_std_inc_cxx: true,
        ..s.options()
    };
    let text = preprocessed("#include <same.h>\n", &no_cxx).unwrap();
    assert!(text.contains("same_gcc"), "{text}");
    let err = preprocessed("#include <only_cxx.h>\n", &no_cxx).unwrap_err();
    assert!(
        err.contains("only_cxx.h: No such file or directory"),
        "{err}"
    );

    // `-nostdinc`: none of them, the built-in headers remain.
    let none = Options {
        no_std_inc: true,
        ..s.options()
    };
    let err = preprocessed("#include <only_usr.h>\n", &none).unwrap_err();
    assert!(
        err.contains("only_usr.h: No such file or directory"),
        "{err}"
    );
    assert!(preprocessed("#include <stdio.h>\n#include <cuda_fp16.h>\n", &none).is_ok());

    // The library's default: no host folder (as NVRTC).
    let library = Options {
        host_headers: false,
        ..s.options()
    };
    assert!(preprocessed("#include <only_usr.h>\n", &library).is_err());

    // `-idirafter` comes after all of them.
    let after = Options {
        after_include_dirs: vec![s.0.join("usr/include")],
        ..none
    };
    let text = preprocessed("#include <same.h>\n", &after).unwrap();
    assert!(text.contains("same_usr"), "{text}");
}

#[test]
fn the_option_parser_takes_the_search_flags_in_both_dialects() {
    let args: Vec<String> = [
        "-isystem",
        "s1",
        "-isystems2",
        "-idirafter",
        "a1",
        "--sysroot=/r",
        "-nostdinc",
        "-nostdinc++",
        "--cuda-path",
        "/cuda",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for dialect in [Dialect::Command, Dialect::Library] {
        let o = parse(&args, dialect).unwrap().options;
        assert_eq!(o.system_include_dirs, dirs(&["s1", "s2"]));
        assert_eq!(o.after_include_dirs, dirs(&["a1"]));
        assert_eq!(o.sysroot.as_deref(), Some(Path::new("/r")));
        assert!(o.no_std_inc && o.no_std_inc_cxx);
        assert_eq!(o.cuda_path.as_deref(), Some(Path::new("/cuda")));
    }
    let host = |args: &[&str], d| {
        let a: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        parse(&a, d).unwrap().options.host_headers
    };
    assert!(host(&[], Dialect::Command));
    assert!(!host(&[], Dialect::Library));
    assert!(host(&["--host-headers"], Dialect::Library));
    assert!(!host(&["--host-headers=false"], Dialect::Command));
    // `-v` is the command's.
    assert!(parse(&["-v".to_string()], Dialect::Library).is_err());
    assert!(
        parse(&["-v".to_string()], Dialect::Command)
            .unwrap()
            .verbose
    );
}

#[test]
fn dash_v_prints_the_search_list_as_gcc() {
    let s = Sysroot::new("v");
    let dir = s.0.join("work");
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("k.cu");
    std::fs::write(&input, "__global__ void k(int *p) { *p = 1; }\n").unwrap();
    let run = |extra: &[&str], cuda_home: Option<&str>| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_oxicc"));
        c.env_remove("CUDA_PATH").env_remove("CUDA_HOME");
        if let Some(h) = cuda_home {
            c.env("CUDA_HOME", h);
        }
        let out = c
            .args(["-v", "-I", "inc", "-isystem", "sys", "-idirafter", "aft"])
            .arg(format!("--sysroot={}", s.0.display()))
            .args(extra)
            .arg(&input)
            .arg("-o")
            .arg(dir.join("k.ptx"))
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stderr).unwrap()
    };
    let r = s.0.display().to_string();
    let m = std::env::consts::ARCH;
    let expected = |cuda: Option<&str>| {
        let mut v = vec![
            "#include \"...\" search starts here:".to_string(),
            "#include <...> search starts here:".into(),
            " inc".into(),
            " sys".into(),
            " <oxicc>/ (built-in headers)".into(),
        ];
        v.extend(cuda.map(|c| format!(" {c}/include")));
        v.extend([
            format!(" {r}/usr/include/c++/12"),
            format!(" {r}/usr/lib/gcc/{m}-linux-gnu/12/include"),
            format!(" {r}/usr/local/include"),
            format!(" {r}/usr/include/{m}-linux-gnu"),
            format!(" {r}/usr/include"),
            " aft".into(),
            "End of search list.".into(),
        ]);
        v.join("\n") + "\n"
    };
    assert_eq!(run(&[], None), expected(None));
    // `CUDA_HOME` (the command only), and `--cuda-path` over it.
    assert_eq!(run(&[], Some("/opt/cu")), expected(Some("/opt/cu")));
    assert_eq!(
        run(&["--cuda-path=/opt/other"], Some("/opt/cu")),
        expected(Some("/opt/other"))
    );
    let nostd = run(&["-nostdinc"], None);
    assert!(
        nostd.contains(" <oxicc>/ (built-in headers)\n aft\nEnd of search list."),
        "{nostd}"
    );
}

#[test]
fn warnings_in_system_headers_are_not_reported_errors_are() {
    let redefine = "#define A 1\n#define A 2\n";
    let files = [
        ("inc/user.h", redefine),
        ("sys/sys.h", redefine),
        (
            "after/late.h",
            "#define B 1\n#define B 2\n#error in_system\n",
        ),
    ];
    let o = Options {
        include_dirs: dirs(&["inc"]),
        system_include_dirs: dirs(&["sys"]),
        after_include_dirs: dirs(&["after"]),
        ..Options::default()
    };
    let lines = |src: &str| run_with(src, &files, &o).diag_lines();
    let user = lines("#include <user.h>\n");
    assert!(user[0].contains("warning: \"A\" redefined"), "{user:?}");
    assert_eq!(lines("#include <sys.h>\n"), Vec::<String>::new());
    assert_eq!(
        lines("#include <late.h>\n"),
        vec![
            "after/late.h:3:2: error: #error in_system",
            "main.cu:1:10: note: in file included from here",
        ]
    );
}

#[test]
fn cuda_path_adds_the_toolkits_cccl_folder() {
    let root = std::env::temp_dir().join(format!("oxicc-cudapath-{}", std::process::id()));
    std::fs::create_dir_all(root.join("include/cccl/thrust")).unwrap();
    std::fs::write(
        root.join("include/cccl/thrust/version.h"),
        "int thrust_v;\n",
    )
    .unwrap();
    std::fs::write(root.join("include/cublas_v2.h"), "int cublas_v;\n").unwrap();
    let o = Options {
        cuda_path: Some(root.clone()),
        emit: Emit::Preprocessed,
        ..Options::default()
    };
    let list = oxicc::pp::search_list(&o);
    let text = preprocessed("#include <thrust/version.h>\n#include <cublas_v2.h>\n", &o);
    std::fs::remove_dir_all(&root).unwrap();
    let text = text.unwrap();
    assert!(
        text.contains("thrust_v") && text.contains("cublas_v"),
        "{text}"
    );
    let r = root.display();
    assert_eq!(
        list,
        vec![
            "<oxicc>/ (built-in headers)".to_string(),
            format!("{r}/include"),
            format!("{r}/include/cccl"),
        ]
    );
}
