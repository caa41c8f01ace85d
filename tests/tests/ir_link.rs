//! Several `.cu` files linked at the IR level into one PTX module
//! (`oxicc::compile_linked`, or `oxicc a.cu b.cu -o out.ptx`): `tests/kernels/link/a.cu`
//! calls a function and reads a table that `b.cu` defines, and both files have a `static`
//! helper of the same name. The linked PTX is assembled by ptxas, has no call left (the
//! function of b.cu is inlined into the kernel of a.cu), and runs in the interpreter with
//! the results of the same arithmetic in plain Rust; each file's own helper is the one it
//! calls. A symbol defined in two files is an error, and so is one that a file uses and
//! no file defines, unless the result is relocatable.

use oxicc_emu::{Arg, Buffer, Launch, Module, RunOptions, Ty};

fn read(name: &str) -> (String, String) {
    let path = oxicc_tests::kernels::kernels_root().join("link").join(name);
    (
        path.to_string_lossy().into_owned(),
        std::fs::read_to_string(&path).unwrap(),
    )
}

fn linked(names: &[&str], options: &oxicc::Options) -> oxicc::CompileOutput {
    let files: Vec<(String, String)> = names.iter().map(|n| read(n)).collect();
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(n, s)| (n.as_str(), s.as_str()))
        .collect();
    oxicc::compile_linked(&refs, options)
}

/// `out[i] = in[i] * weight(i) + bias[i & 3] + helper_a(i)` with b.cu's `weight` and
/// `bias` and a.cu's helper; every value is exact in f32, so fusing changes nothing.
fn expected(input: &[f32]) -> Vec<f32> {
    let bias = [1, -2, 3, -4];
    input
        .iter()
        .enumerate()
        .map(|(i, &x)| {
            let weight = 0.5f32 + (10 * (i as i32 & 7)) as f32 * 0.25;
            x * weight + bias[i & 3] as f32 + (i as i32 + 1) as f32
        })
        .collect()
}

#[test]
fn two_files_link_into_one_module_with_inlining_across_them() {
    for opt_level in [0u8, 3] {
        let out = linked(
            &["a.cu", "b.cu"],
            &oxicc::Options {
                opt_level,
                ..Default::default()
            },
        );
        let ptx = out
            .text
            .unwrap_or_else(|| panic!("-O{opt_level}: {:?}", out.diagnostics));
        oxicc_tests::ptxas_check(&ptx, 75).unwrap();
        if opt_level == 3 {
            assert!(!ptx.contains("call"), "not inlined across files:\n{ptx}");
            assert!(!ptx.contains(".visible .func"), "{ptx}");
        }
        let module = Module::parse(&ptx).unwrap();
        let n = 200usize;
        let input: Vec<f32> = (0..n).map(|i| (i % 13) as f32 - 6.0).collect();
        let launch = Launch {
            kernel: Some("_Z5applyPfPKfi".to_string()),
            grid: [2, 1, 1],
            block: [128, 1, 1],
            dynamic_shared_bytes: 0,
            cooperative: false,
            args: vec![
                Arg::Buffer(0),
                Arg::Buffer(1),
                Arg::Scalar(Ty::S32, n as u64),
            ],
            buffers: vec![
                Buffer {
                    name: "out".into(),
                    ty: Ty::F32,
                    data: vec![0; 4 * n],
                },
                Buffer {
                    name: "in".into(),
                    ty: Ty::F32,
                    data: input.iter().flat_map(|v| v.to_le_bytes()).collect(),
                },
            ],
            globals: Vec::new(),
            images: Vec::new(),
        };
        let r = oxicc_emu::run(&module, &launch, &RunOptions::default()).unwrap();
        let got: Vec<f32> = r.buffers[0]
            .data
            .chunks(4)
            .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        assert_eq!(got, expected(&input), "-O{opt_level}");
    }
}

#[test]
fn a_symbol_defined_in_two_files_is_an_error() {
    let out = linked(&["a.cu", "b.cu", "b.cu"], &oxicc::Options::default());
    assert!(out.text.is_none());
    let messages: Vec<String> = out.diagnostics.iter().map(|d| d.to_string()).collect();
    assert!(
        messages
            .iter()
            .any(|m| m.starts_with("<link>:1:1: error: multiple definition of '_Z6weighti'")),
        "{messages:?}"
    );
}

#[test]
fn a_program_set_links_as_the_files_do() {
    let (a_name, a_src) = read("a.cu");
    let (b_name, b_src) = read("b.cu");
    let set = [
        oxicc::Program::new(a_name.as_str(), a_src.as_str()),
        oxicc::Program::new(b_name.as_str(), b_src.as_str()),
    ];
    let out = oxicc::Program::link(&set, &["-arch=sm_80", "-O3"]).unwrap();
    let ptx = out.ptx.unwrap_or_else(|| panic!("{}", out.log));
    oxicc_tests::ptxas_check(&ptx, 80).unwrap();
    let direct = linked(
        &["a.cu", "b.cu"],
        &oxicc::Options {
            sm: 80,
            ..Default::default()
        },
    );
    assert_eq!(Some(ptx), direct.text);
    // The same set with one program twice: the log names the duplicate symbol.
    let twice = oxicc::Program::link(&[set[1].clone(), set[1].clone()], &["-arch=sm_80"]).unwrap();
    assert!(twice.ptx.is_none());
    assert!(
        twice.log.contains("multiple definition of '_Z6weighti'"),
        "{}",
        twice.log
    );
}

#[test]
fn line_information_follows_code_inlined_from_the_other_file() {
    let out = linked(
        &["a.cu", "b.cu"],
        &oxicc::Options {
            line_info: true,
            ..Default::default()
        },
    );
    let ptx = out.text.unwrap();
    oxicc_tests::ptxas_check(&ptx, 75).unwrap();
    // b.cu's `weight` (line 4) and `helper` (line 3), inlined into a.cu's kernel.
    assert!(
        ptx.contains("\t.loc\t2 4 ") && ptx.contains("\t.loc\t2 3 "),
        "{ptx}"
    );
    assert!(
        ptx.contains("/link/a.cu\"\n\t.file\t2 \"") && ptx.contains("/link/b.cu\"\n"),
        "{ptx}"
    );
}

#[test]
fn a_symbol_no_file_defines_is_an_error_unless_the_result_is_relocatable() {
    let user = (
        "user.cu",
        "extern __device__ int g(int);\n\
         extern __device__ int table[4];\n\
         __global__ void k(int *p) { p[0] = g(p[1]) + table[2]; printf(\"%d\\n\", p[0]); }\n",
    );
    let other = ("other.cu", "__device__ int h(int x) { return x + 1; }\n");
    let out = oxicc::compile_linked(&[user, other], &oxicc::Options::default());
    assert!(out.text.is_none());
    let messages: Vec<&str> = out.diagnostics.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(
        messages[0].starts_with("undefined reference to function '_Z1gi' (used in user.cu"),
        "{messages:?}"
    );
    assert!(
        messages[1].starts_with("undefined reference to variable 'table' (used in user.cu"),
        "{messages:?}"
    );
    // `vprintf` comes from the driver; with -rdc=true the unresolved symbols stay external.
    let out = oxicc::compile_linked(
        &[user, other],
        &oxicc::Options {
            rdc: true,
            ..Default::default()
        },
    );
    let ptx = out.text.unwrap_or_else(|| panic!("{:?}", out.diagnostics));
    assert!(
        ptx.contains(".extern .func  (.param .b32 func_retval0) _Z1gi"),
        "{ptx}"
    );
    oxicc_tests::nvidia::ptxas_check_relocatable(&ptx, 75).unwrap();
}

#[test]
fn name_expressions_of_a_set_are_answered_by_the_file_that_names_them() {
    let a = oxicc::Program::new(
        "a.cu",
        "extern __device__ int twice(int);\n\
         template <class T, int N> __global__ void scale(T *p) { p[0] *= N + twice(1); }\n",
    )
    .name_expression("scale<float, 4>");
    let b = oxicc::Program::new(
        "b.cu",
        "__device__ int twice(int x) { return 2 * x; }\n\
         __global__ void plain(int *p) { p[0] = twice(p[0]); }\n",
    )
    .name_expression("plain")
    .name_expression("scale<float, 4>");
    let out = oxicc::Program::link(&[a.clone(), b.clone()], &["-arch=sm_80"]).unwrap();
    let ptx = out.ptx.clone().unwrap_or_else(|| panic!("{}", out.log));
    oxicc_tests::ptxas_check(&ptx, 80).unwrap();
    // Itanium mangling: `void scale<float, 4>(float *)` and `void plain(int *)`.
    assert_eq!(
        out.lowered_name("scale<float, 4>"),
        Some("_Z5scaleIfLi4EEvPT_")
    );
    assert_eq!(out.lowered_name("plain"), Some("_Z5plainPi"));
    assert_eq!(out.lowered_names.len(), 2);
    let entries = oxicc_tests::entry_names(&ptx);
    assert!(entries.contains("_Z5scaleIfLi4EEvPT_") && entries.contains("_Z5plainPi"));
    // An expression that no file answers is an error that names it.
    let c = b.clone().name_expression("missing<int>");
    let out = oxicc::Program::link(&[a, c], &["-arch=sm_80"]).unwrap();
    assert!(out.ptx.is_none());
    assert!(
        out.log
            .contains("name expression \"missing<int>\" names a function or variable in no file"),
        "{}",
        out.log
    );
}
