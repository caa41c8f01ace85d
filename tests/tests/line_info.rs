//! `-lineinfo`: `.loc`/`.file` directives as nvcc writes them. Every kernel of the C and
//! C++ suites is compiled with and without line information at `-O3` (`-O0` for the C
//! suite too): the PTX with line information must be accepted by ptxas, and with its
//! `.loc`, `.file`, `.version` lines and `.debug_str` section removed it must be the PTX
//! without line information, byte for byte (line information never changes the code). A
//! small kernel's directives are checked against the lines and columns of its source,
//! counted by hand, and the files they name; inlined code's `function_name …, inlined_at
//! …` chains against nvcc's.

use oxicc_tests::kernels::{c_kernels, cpp_kernels, oxicc_options, KernelSource};
use oxicc_tests::parallel::parallel_map;

fn without_line_info(ptx: &str) -> String {
    // The `.debug_str` section (names of inlined functions) closes the file.
    let code = ptx.split("\t.section\t.debug_str\n").next().unwrap_or("");
    code.lines()
        .filter(|l| {
            let t = l.trim_start();
            // Inlined positions need PTX 7.0, so `.version` may be higher.
            !(t.starts_with(".loc\t") || t.starts_with(".file\t") || t.starts_with(".version "))
        })
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The strings of the `.debug_str` section by label number (`$L__info_string<n>`).
fn debug_strings(ptx: &str) -> Vec<String> {
    let Some((_, section)) = ptx.split_once("\t.section\t.debug_str\n") else {
        return Vec::new();
    };
    let mut out: Vec<Vec<u8>> = Vec::new();
    for line in section.lines() {
        if line.starts_with("$L__info_string") {
            out.push(Vec::new());
        } else if let (Some(bytes), Some(cur)) = (line.strip_prefix(".b8 "), out.last_mut()) {
            cur.extend(bytes.split(',').map(|b| b.trim().parse::<u8>().unwrap()));
        }
    }
    out.into_iter()
        .map(|b| String::from_utf8(b.strip_suffix(&[0]).unwrap().to_vec()).unwrap())
        .collect()
}

/// Each `.loc` inside inlined code as `line col in <function> at <file line col>`, with the
/// function's name read from the `.debug_str` section.
fn inlined_locs(ptx: &str) -> std::collections::BTreeSet<String> {
    let names = debug_strings(ptx);
    ptx.lines()
        .filter_map(|l| l.trim_start().strip_prefix(".loc\t"))
        .filter_map(|l| {
            let (pos, rest) = l.split_once(", function_name $L__info_string")?;
            let (n, at) = rest.split_once(", inlined_at ")?;
            let name = &names[n.parse::<usize>().unwrap()];
            Some(format!("{pos} in {name} at {at}"))
        })
        .collect()
}

#[test]
fn line_information_changes_no_instruction_and_ptxas_accepts_it() {
    let mut jobs: Vec<(std::path::PathBuf, u8)> = Vec::new();
    for k in c_kernels() {
        jobs.push((k.clone(), 0));
        jobs.push((k, 3));
    }
    for k in cpp_kernels() {
        jobs.push((k, 3));
    }
    let failures: Vec<String> = parallel_map(&jobs, |(path, opt)| {
        let src = KernelSource::load(path);
        let plain = oxicc_options(path, 75, *opt);
        let lined = oxicc::Options {
            line_info: true,
            ..plain.clone()
        };
        let a = oxicc::compile(&src.file_name, &src.text, &plain);
        let b = oxicc::compile(&src.file_name, &src.text, &lined);
        let (a, b) = match (a.text, b.text) {
            (Some(a), Some(b)) => (a, b),
            // Files oxicc cannot compile yet (listed by the suites) fail both ways.
            (None, None) => return None,
            _ => return Some(format!("{} -O{opt}: compiles only one way", src.name)),
        };
        if !b.contains("\t.loc\t") || !b.contains("\t.file\t1 \"") {
            return Some(format!("{} -O{opt}: no .loc/.file", src.name));
        }
        if without_line_info(&b) != without_line_info(&a) || a.contains("\t.loc\t") {
            return Some(format!(
                "{} -O{opt}: line information changed the code",
                src.name
            ));
        }
        oxicc_tests::ptxas_check(&b, 75)
            .err()
            .map(|e| format!("{} -O{opt}: {e}", src.name))
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn loc_directives_name_the_statement_lines_and_columns() {
    let header = "__device__ inline float helper(int i) {\n  return i * 0.5f;\n}\n";
    let src = "#include \"li.h\"\n\
               __device__ float sq(float x) { return x * x; }\n\
               __global__ void k(float *p, int n) {\n\
               \x20 int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
               \x20 if (i < n)\n\
               \x20   p[i] = sq(p[i]) + helper(i);\n\
               }\n";
    let out = oxicc::Program::new("li.cu", src)
        .header("li.h", header)
        .compile(&["-arch=sm_90", "-lineinfo"])
        .unwrap();
    let ptx = out.ptx.unwrap_or_else(|| panic!("{}", out.log));
    oxicc_tests::ptxas_check(&ptx, 90).unwrap();
    let locs: Vec<&str> = ptx
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix(".loc\t"))
        .map(|l| l.split(", function_name").next().unwrap())
        .collect();
    // (file, line, column) of: `int i = …` (line 4, column 3), `if` (5, 3), the
    // assignment (6, 5), `return x * x;` inlined from sq (line 2, column 32), `return i *
    // 0.5f;` inlined from li.h (file 2, 2, 3), and the closing brace (7, 1) for `ret`.
    for want in ["1 4 3", "1 5 3", "1 6 5", "1 2 32", "2 2 3", "1 7 1"] {
        assert!(locs.contains(&want), "no .loc {want} in {locs:?}\n{ptx}");
    }
    assert_eq!(locs.last(), Some(&"1 7 1"));
    assert!(
        ptx.contains("\t.file\t1 \"li.cu\"\n\t.file\t2 \"li.h\"\n"),
        "{ptx}"
    );
}

#[test]
fn inlined_code_names_its_functions_and_call_sites_as_nvcc_does() {
    // Two levels of inlining, one callee called from two statements of its caller.
    let src = "__device__ __forceinline__ float inner(float x) {\n\
               \x20   return x * 3.0f + 1.0f;\n\
               }\n\
               __device__ __forceinline__ float outer(float x) {\n\
               \x20   float y = inner(x);\n\
               \x20   return y * y;\n\
               }\n\
               __global__ void k(float *p) {\n\
               \x20   int i = threadIdx.x;\n\
               \x20   p[i] = outer(p[i]);\n\
               }\n";
    let source = oxicc_tests::nvidia::ScratchFile::new("cu");
    std::fs::write(source.path(), src).unwrap();
    let nvcc = oxicc_tests::nvidia::try_nvcc_ptx_with(source.path(), 90, 3, &["-lineinfo"])
        .unwrap_or_else(|e| panic!("{e}"));
    let out = oxicc::Program::new("k.cu", src)
        .compile(&["-arch=sm_90", "-O3", "-lineinfo"])
        .unwrap();
    let ptx = out.ptx.unwrap_or_else(|| panic!("{}", out.log));
    oxicc_tests::ptxas_check(&ptx, 90).unwrap();
    let want = inlined_locs(&nvcc);
    assert!(
        want.contains("1 2 5 in _Z5innerf at 1 5 5") && want.len() == 3,
        "nvcc's form changed: {want:?}"
    );
    assert_eq!(inlined_locs(&ptx), want, "{ptx}");
    // Without line information there is no `.debug_str` section.
    let plain = oxicc::Program::new("k.cu", src)
        .compile(&["-arch=sm_90", "-O3"])
        .unwrap();
    assert!(!plain.ptx.unwrap().contains(".debug_str"));
}

#[test]
fn the_option_is_spelled_as_nvcc_and_nvrtc_spell_it() {
    let src = "__global__ void k(int *p) { p[0] = 1; }\n";
    for flag in ["-lineinfo", "--generate-line-info"] {
        let out = oxicc::Program::new("k.cu", src)
            .compile(&["-arch=sm_75", flag])
            .unwrap();
        assert!(out.ptx.unwrap().contains("\t.loc\t1 1 "), "{flag}");
    }
    let out = oxicc::Program::new("k.cu", src)
        .compile(&["-arch=sm_75"])
        .unwrap();
    assert!(!out.ptx.unwrap().contains("\t.loc\t"));
}
