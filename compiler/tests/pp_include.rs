//! `#include` search order, `#pragma once`, include guards and built-in headers, with an
//! in-memory file loader.

use crate::pp_support;
use oxicc::Options;
use pp_support::{norm, run_with};
use std::path::PathBuf;

fn opts(dirs: &[&str]) -> Options {
    Options {
        include_dirs: dirs.iter().map(PathBuf::from).collect(),
        ..Default::default()
    }
}

#[test]
fn quoted_searches_includer_dir_then_dash_i_then_builtins() {
    let files = [
        ("sub/a.h", "#include \"b.h\"\n"),
        ("sub/b.h", "from_sub_b\n"),
        ("inc1/b.h", "from_inc1_b\n"),
        ("inc1/c.h", "from_inc1_c\n"),
        ("inc2/c.h", "from_inc2_c\n"),
        ("inc2/d.h", "from_inc2_d\n"),
    ];
    let src = "#include \"sub/a.h\"\n#include \"c.h\"\n#include <d.h>\n#include <b.h>\n";
    let r = run_with(src, &files, &opts(&["inc1", "inc2"]));
    assert!(r.diag_lines().is_empty(), "{:?}", r.diag_lines());
    assert_eq!(r.text(), "from_sub_b from_inc1_c from_inc2_d from_inc1_b");
}

#[test]
fn angled_does_not_search_includer_dir() {
    let files = [("x.h", "local\n")];
    let r = run_with("#include <x.h>\n", &files, &opts(&[]));
    assert_eq!(r.text(), "");
    assert_eq!(
        r.diag_lines(),
        vec!["main.cu:1:10: error: x.h: No such file or directory"]
    );
}

#[test]
fn in_memory_headers_come_first() {
    let o = Options {
        headers: vec![("x.h".into(), "from_memory\n".into())],
        include_dirs: vec![PathBuf::from("inc")],
        ..Default::default()
    };
    let r = run_with(
        "#include \"x.h\"\n#include <x.h>\n",
        &[("x.h", "fs"), ("inc/x.h", "fs2")],
        &o,
    );
    assert_eq!(r.text(), "from_memory from_memory");
}

#[test]
fn include_next_continues_the_search() {
    let files = [
        ("inc1/h.h", "one\n#include_next <h.h>\n"),
        ("inc2/h.h", "two\n"),
    ];
    let r = run_with("#include <h.h>\n", &files, &opts(&["inc1", "inc2"]));
    assert!(r.diag_lines().is_empty(), "{:?}", r.diag_lines());
    assert_eq!(r.text(), "one two");
}

#[test]
fn pragma_once_and_guards() {
    let files = [
        ("once.h", "#pragma once\nonce\n"),
        ("guard.h", "#ifndef G_H\n#define G_H\nguarded\n#endif\n"),
        ("plain.h", "plain\n"),
    ];
    let src = "#include \"once.h\"\n#include \"once.h\"\n#include \"guard.h\"\n#include \"./guard.h\"\n#include \"plain.h\"\n#include \"plain.h\"\n";
    let r = run_with(src, &files, &opts(&[]));
    assert_eq!(r.text(), "once guarded plain plain");
}

#[test]
fn builtin_headers_are_found_and_parse_as_plain_declarations() {
    let src = "#include <cstdio>\n#include <cuda_runtime.h>\n#include <stdint.h>\n#include <climits>\nINT_MAX UINT32_MAX\n";
    let r = run_with(src, &[], &opts(&[]));
    assert!(r.diag_lines().is_empty(), "{:?}", r.diag_lines());
    let text = r.text();
    assert!(text.contains(&norm(
        "extern \"C\" __host__ __device__ int printf(const char *format, ...);"
    )));
    assert!(text.ends_with("2147483647 4294967295U"), "{text}");
}

#[test]
fn every_builtin_header_preprocesses_cleanly() {
    for name in oxicc::pp::BUILTIN_HEADER_NAMES {
        let r = run_with(&format!("#include <{name}>\n"), &[], &opts(&[]));
        assert!(r.diag_lines().is_empty(), "{name}: {:?}", r.diag_lines());
    }
}

#[test]
fn computed_include_and_macro_header_names() {
    let files = [("cfg/k.h", "k\n")];
    let r = run_with(
        "#define DIR cfg\n#define H <DIR/k.h>\n#include H\n#define Q \"cfg/k.h\"\n#include Q\n",
        &files,
        &opts(&["."]),
    );
    assert!(r.diag_lines().is_empty(), "{:?}", r.diag_lines());
    assert_eq!(r.text(), "k k");
}

#[test]
fn force_includes_come_before_the_main_file() {
    use oxicc::diag::Diagnostics;
    use oxicc::intern::Interner;
    use oxicc::pp::{preprocess, MemLoader, PpContext};
    use oxicc::source::SourceMap;
    let mut sources = SourceMap::new();
    let mut interner = Interner::new();
    let mut diags = Diagnostics::new();
    let main = sources.add("main.cu", "main_text\n");
    let loader = MemLoader::new();
    let options = Options::default();
    let out = {
        let mut ctx = PpContext::new(&mut sources, &mut interner, &mut diags, &options, &loader);
        ctx.force_includes = oxicc::pp::NVCC_FORCE_INCLUDES
            .iter()
            .map(|s| s.to_string())
            .collect();
        preprocess(main, &mut ctx)
    };
    assert!(diags.list.is_empty());
    let text = oxicc::lex::tokens_to_spaced(&out.tokens, &interner);
    assert!(text.contains("sqrtf"));
    assert!(text.ends_with("main_text"));
}

/// CuPy passes `-I<CUDA toolkit>/include` with every compile. The implicit `cuda_runtime.h`
/// and what oxicc's own headers include (`<vector_types.h>`, `<cuda_runtime_api.h>`, …)
/// must stay oxicc's: a toolkit's headers of the same names need NVIDIA's front end.
#[test]
fn a_toolkit_include_folder_does_not_replace_the_builtin_cuda_headers() {
    let dir = std::env::temp_dir().join(format!("oxicc-toolkit-inc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for name in [
        "cuda_runtime.h",
        "cuda_runtime_api.h",
        "vector_types.h",
        "device_functions.h",
        "device_launch_parameters.h",
    ] {
        std::fs::write(dir.join(name), "#error toolkit header used\n").unwrap();
    }
    std::fs::write(dir.join("mine.h"), "#define MINE 3\n").unwrap();
    let o = Options {
        include_dirs: vec![dir.clone()],
        ..Default::default()
    };
    let src = "#include <mine.h>\n__global__ void k(int *p) { p[threadIdx.x] = MINE; }\n";
    let out = oxicc::compile("k.cu", src, &o);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
    assert!(out.text.unwrap().contains(".entry _Z1kPi"));
}
