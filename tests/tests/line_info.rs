//! `-lineinfo`: `.loc`/`.file` directives as nvcc writes them. Every kernel of the C and
//! C++ suites is compiled with and without line information at `-O3` (`-O0` for the C
//! suite too): the PTX with line information must be accepted by ptxas, and with its
//! `.loc` and `.file` lines removed it must be the PTX without line information, byte for
//! byte (line information never changes the code). A small kernel's directives are
//! checked against the lines and columns of its source, counted by hand, and the files
//! they name.

use oxicc_tests::kernels::{c_kernels, cpp_kernels, oxicc_options, KernelSource};
use oxicc_tests::parallel::parallel_map;

fn without_line_info(ptx: &str) -> String {
    ptx.lines()
        .filter(|l| {
            let t = l.trim_start();
            !(t.starts_with(".loc\t") || t.starts_with(".file\t"))
        })
        .map(|l| format!("{l}\n"))
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
