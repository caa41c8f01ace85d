//! Round-trip tests of the `.oxir` format: every file in `tests/oxir/` parses, prints back to
//! exactly its own text (the files are written in canonical form), and printing is stable
//! under a second parse.

use std::fs;
use std::path::Path;

use oxicc_ir::{parse_module, print_module, Opcode};

fn oxir_files() -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oxir");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .expect("tests/oxir exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "oxir"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    files
}

#[test]
fn canonical_files_print_back_identically() {
    for path in oxir_files() {
        let text = fs::read_to_string(&path).expect("readable file");
        let module = parse_module(&text).unwrap_or_else(|e| panic!("{}:{e}", path.display()));
        let printed = print_module(&module);
        assert_eq!(printed, text, "{} does not round-trip", path.display());
        let again = print_module(&parse_module(&printed).expect("printed text parses"));
        assert_eq!(again, printed);
    }
}

/// Every opcode, listed through an exhaustive match so that adding an opcode without
/// adding it to `all_insts.oxir` fails to compile here first.
fn all_opcodes() -> Vec<Opcode> {
    let list = [
        Opcode::IConst,
        Opcode::FConst,
        Opcode::Unary,
        Opcode::Binary,
        Opcode::Fma,
        Opcode::ICmp,
        Opcode::FCmp,
        Opcode::Select,
        Opcode::Cast,
        Opcode::Load,
        Opcode::Store,
        Opcode::PtrAdd,
        Opcode::StackAddr,
        Opcode::GlobalAddr,
        Opcode::Call,
        Opcode::FuncAddr,
        Opcode::CallIndirect,
        Opcode::SpecialReg,
        Opcode::Barrier,
        Opcode::WarpSync,
        Opcode::ActiveMask,
        Opcode::Fence,
        Opcode::AtomicRmw,
        Opcode::AtomicCas,
        Opcode::Shuffle,
        Opcode::Vote,
        Opcode::TexFetch,
        Opcode::SurfRead,
        Opcode::SurfWrite,
        Opcode::InlineAsm,
        Opcode::InlineAsmVolatile,
        Opcode::AsmOutput,
        Opcode::Jump,
        Opcode::Branch,
        Opcode::Switch,
        Opcode::Return,
        Opcode::Unreachable,
    ];
    for op in list {
        match op {
            Opcode::IConst
            | Opcode::FConst
            | Opcode::Unary
            | Opcode::Binary
            | Opcode::Fma
            | Opcode::ICmp
            | Opcode::FCmp
            | Opcode::Select
            | Opcode::Cast
            | Opcode::Load
            | Opcode::Store
            | Opcode::PtrAdd
            | Opcode::StackAddr
            | Opcode::GlobalAddr
            | Opcode::Call
            | Opcode::FuncAddr
            | Opcode::CallIndirect
            | Opcode::SpecialReg
            | Opcode::Barrier
            | Opcode::WarpSync
            | Opcode::ActiveMask
            | Opcode::Fence
            | Opcode::AtomicRmw
            | Opcode::AtomicCas
            | Opcode::Shuffle
            | Opcode::Vote
            | Opcode::TexFetch
            | Opcode::SurfRead
            | Opcode::SurfWrite
            | Opcode::InlineAsm
            | Opcode::InlineAsmVolatile
            | Opcode::AsmOutput
            | Opcode::Jump
            | Opcode::Branch
            | Opcode::Switch
            | Opcode::Return
            | Opcode::Unreachable => {}
        }
    }
    list.to_vec()
}

#[test]
fn all_insts_covers_every_opcode() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oxir/all_insts.oxir");
    let module = parse_module(&fs::read_to_string(path).unwrap()).unwrap();
    let mut seen = Vec::new();
    for f in module.functions.values() {
        for &b in &f.layout {
            for &i in &f.blocks[b].insts {
                seen.push(f.insts[i].data.opcode());
            }
        }
    }
    for op in all_opcodes() {
        assert!(seen.contains(&op), "{op:?} is missing from all_insts.oxir");
    }
}

#[test]
fn non_canonical_input_is_renumbered() {
    // Sparse numbers, comments, a forward reference to a block defined later and a call to
    // a function defined later.
    let text = "
; a comment line
device @main(i32) -> i32 {   ; trailing comment
block7(v40: i32):
    jump block3(v40)
block3(v9: i32):
    v12 = call.i32 @callee(v9)
    v100 = iconst.i32 0x10
    v5 = add.i32 v12, v100
    return v5
}
device @callee(i32) -> i32 {
block0(v0: i32):
    return v0
}
";
    let module = parse_module(text).unwrap();
    let printed = print_module(&module);
    insta::assert_snapshot!(printed);
    assert_eq!(print_module(&parse_module(&printed).unwrap()), printed);
}

#[test]
fn uses_before_definition_in_layout_order() {
    // block1 is laid out before block2 but uses v7, defined in block2's... nowhere it
    // dominates; the parser accepts it (the verifier rejects it) and prints it faithfully.
    let text = "device @f() {
block0:
    jump block2
block1:
    v3 = add.i32 v7, v7
    return
block2:
    v7 = iconst.i32 1
    jump block1
}
";
    let printed = print_module(&parse_module(text).unwrap());
    assert!(printed.contains("v0 = add.i32 v1, v1"), "{printed}");
    assert!(printed.contains("v1 = iconst.i32 1"), "{printed}");
}

fn parse_err(text: &str) -> String {
    match parse_module(text) {
        Ok(_) => panic!("expected an error for {text:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn errors_carry_line_and_column() {
    assert_eq!(
        parse_err("device @f() {\nblock0:\n    v1 = add.i32 v0, v0\n    return\n}\n"),
        "3:18: v0 is not defined"
    );
    assert_eq!(
        parse_err("device @f() {\nblock0:\n    v1 = frob.i32 v0\n}\n"),
        "3:10: unknown instruction `frob`"
    );
    assert_eq!(
        parse_err("device @f() {\nblock0:\n    jump block9\n}\n"),
        "3:10: block9 is not defined"
    );
    assert_eq!(
        parse_err("device @f() {\nblock0:\n    v0 = iconst.i8 300\n    return\n}\n"),
        "3:20: 300 does not fit in i8"
    );
    assert_eq!(
        parse_err("device @f() {\nblock0:\n    v0 = iconst.i32 1\n    v0 = iconst.i32 2\n}\n"),
        "4:5: v0 is defined twice"
    );
    assert_eq!(
        parse_err("device @f() {\nblock0:\n    call @g()\n    return\n}\n"),
        "3:10: unknown function `@g`"
    );
    assert_eq!(
        parse_err("device @f() {\nblock0:\n    store v1, v2\n}\n"),
        "3:17: a memory access needs `, align N`"
    );
    assert_eq!(
        parse_err("device @f() {\nblock0:\n    add.i32 v1, v2\n}\n"),
        "3:5: `add.i32` defines a value: write `vN = add.i32 …`"
    );
    assert_eq!(
        parse_err("device @f() {\nblock0:\n    v1 = barrier\n}\n"),
        "3:10: `barrier` does not define a value"
    );
    assert_eq!(
        parse_err("global shared @x: f32\n"),
        "1:22: a global needs `, align N`"
    );
    assert_eq!(
        parse_err("kernel @k() {\nblock0:\n    return $\n"),
        "3:12: unexpected character '$'"
    );
    assert_eq!(
        parse_err("kernel @k( {"),
        "1:12: expected a type, found `{`"
    );
    assert_eq!(
        parse_err("device @f() {\nblock0:\n    v0 = sreg %tid.w\n}\n"),
        "3:15: unknown special register `%tid.w`"
    );
    assert_eq!(
        parse_err("device @f() {}\ndevice @f() {}\n"),
        "2:8: function `@f` is defined twice"
    );
}

#[test]
fn truncated_and_mutated_input_never_panics() {
    for path in oxir_files() {
        mutate_file(&fs::read_to_string(path).unwrap());
    }
}

/// Parses (and verifies, and re-prints) truncations and one-character mutations of `text`.
fn mutate_file(text: &str) {
    let boundaries: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
    for &cut in boundaries.iter().step_by(7) {
        if let Ok(m) = parse_module(&text[..cut]) {
            let _ = oxicc_ir::verify_module(&m);
            let printed = print_module(&m);
            assert_eq!(print_module(&parse_module(&printed).unwrap()), printed);
        }
    }
    // Replace single characters with others that are meaningful to the lexer.
    let bytes = text.as_bytes();
    let mut state: u64 = 7;
    for _ in 0..3000 {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let at = (state >> 33) as usize % bytes.len();
        let with = b"v0(),:=@%x\"-.9\n}{[]"[(state >> 20) as usize % 19];
        let mut mutated = bytes.to_vec();
        mutated[at] = with;
        if let Ok(s) = std::str::from_utf8(&mutated) {
            if let Ok(m) = parse_module(s) {
                let _ = oxicc_ir::verify_module(&m);
                let printed = print_module(&m);
                assert_eq!(print_module(&parse_module(&printed).unwrap()), printed);
            }
        }
    }
}
