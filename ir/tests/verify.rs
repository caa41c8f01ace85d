//! Verifier tests: the canonical files verify, and each invariant has a program that breaks
//! it (and only it), checked by invariant tag and message.

use std::fs;
use std::path::Path;

use oxicc_ir::{
    parse_module, verify_module, AddrSpace, FuncKind, Function, FunctionBuilder, InstData,
    Invariant, Module, ParamKind, Signature, Type, Value, ValueDef, VerifyError,
};

fn verify_text(text: &str) -> Result<(), Vec<VerifyError>> {
    let module = parse_module(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    verify_module(&module)
}

/// The program must fail with exactly one error, of `invariant`, whose text contains
/// `needle`; returns the error's full text.
fn expect_one(result: Result<(), Vec<VerifyError>>, invariant: Invariant, needle: &str) -> String {
    let errors = result.expect_err("the program should not verify");
    let texts: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(errors.len(), 1, "{texts:#?}");
    assert_eq!(errors[0].invariant, invariant, "{texts:#?}");
    assert!(texts[0].contains(needle), "{:?} lacks {needle:?}", texts[0]);
    texts[0].clone()
}

fn expect_text(text: &str, invariant: Invariant, needle: &str) -> String {
    expect_one(verify_text(text), invariant, needle)
}

#[test]
fn canonical_files_verify() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oxir");
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let module = parse_module(&fs::read_to_string(&path).unwrap()).unwrap();
        if let Err(errors) = verify_module(&module) {
            panic!("{}: {errors:#?}", path.display());
        }
    }
}

#[test]
fn unreachable_code_is_not_checked_for_dominance() {
    // block1 is unreachable and uses a value defined after it in the same block's
    // nonexistent path; only reachable uses need dominating definitions.
    let text = "device @f() {
block0:
    return

block1:
    v0 = add.i32 v1, v1
    v1 = iconst.i32 2
    return
}
";
    assert_eq!(verify_text(text), Ok(()));
}

#[test]
fn duplicate_symbols() {
    let mut m = Module::new();
    for _ in 0..2 {
        let mut f = Function::new("f", Signature::default(), FuncKind::Device);
        FunctionBuilder::new(&mut f).ret(None);
        m.add_function(f);
    }
    expect_one(
        verify_module(&m),
        Invariant::DuplicateSymbol,
        "`@f` is defined twice",
    );
}

#[test]
fn globals() {
    expect_text(
        "global shared @x: f32, align 4, init x\"00000000\"\n",
        Invariant::Global,
        "shared variables cannot have an initializer",
    );
    expect_text(
        "global global @x: f32, align 3\n",
        Invariant::Global,
        "alignment 3 is not a power of two",
    );
    expect_text(
        "global const @x: i8[2], align 1, init x\"010203\"\n",
        Invariant::Global,
        "initializer of 3 bytes for a 2-byte variable",
    );
    expect_text(
        "global global @x: f32, align 4, dynamic\n",
        Invariant::Global,
        "only shared variables can be dynamic",
    );
}

#[test]
fn missing_entities() {
    let mut m = Module::new();
    let mut f = Function::new("f", Signature::default(), FuncKind::Device);
    let mut b = FunctionBuilder::new(&mut f);
    let ghost = Value::from_u32(999);
    let add = InstData::Binary {
        op: oxicc_ir::BinaryOp::Add,
        lhs: ghost,
        rhs: ghost,
        nsw: false,
    };
    b.ins(add, Some(Type::I32));
    b.ret(None);
    let id = m.add_function(f);
    let errors = verify_module(&m).unwrap_err();
    assert!(errors.iter().all(|e| e.invariant == Invariant::Entity));
    assert!(errors[0]
        .to_string()
        .contains("operand v999 does not exist"));
    assert_eq!(errors[0].func, Some(id));
}

#[test]
fn block_twice_in_layout() {
    let mut m = Module::new();
    let mut f = Function::new("f", Signature::default(), FuncKind::Device);
    let mut b = FunctionBuilder::new(&mut f);
    let next = b.create_block();
    b.jump(next, vec![]);
    b.switch_to_block(next);
    b.ret(None);
    f.layout.push(next);
    m.add_function(f);
    expect_one(
        verify_module(&m),
        Invariant::Layout,
        "appears twice in the layout",
    );
}

#[test]
fn instruction_in_two_blocks() {
    let mut m = Module::new();
    let mut f = Function::new("f", Signature::default(), FuncKind::Device);
    let mut b = FunctionBuilder::new(&mut f);
    let next = b.create_block();
    let c = b.iconst(Type::I32, 1);
    b.jump(next, vec![]);
    b.switch_to_block(next);
    b.ret(None);
    let inst = f.def_inst(c).unwrap();
    f.blocks[next].insts.insert(0, inst);
    m.add_function(f);
    let errors = verify_module(&m).unwrap_err();
    assert_eq!(errors[0].invariant, Invariant::Layout, "{errors:#?}");
}

#[test]
fn kernel_returning_a_value() {
    expect_text(
        "kernel @k() -> i32 {\nblock0:\n    v0 = iconst.i32 0\n    return v0\n}\n",
        Invariant::Signature,
        "a kernel cannot return a value",
    );
    expect_text(
        "device @f() {\n    ss0 = slot 4, align 3\n\nblock0:\n    return\n}\n",
        Invariant::Signature,
        "power-of-two alignment",
    );
}

#[test]
fn entry_params_follow_the_signature() {
    expect_text(
        "device @f(i32) {\nblock0:\n    return\n}\n",
        Invariant::EntryParams,
        "the entry block has 0 parameters, the signature 1",
    );
    expect_text(
        "device @f(i32, byval(8, 4)) {\nblock0(v0: i32, v1: ptr.global):\n    return\n}\n",
        Invariant::EntryParams,
        "entry parameter 1 (v1) is ptr.global, the signature says ptr.param",
    );
}

#[test]
fn entry_has_no_predecessors() {
    let msg = expect_text(
        "device @f() {\nblock0:\n    jump block1\n\nblock1:\n    jump block0\n}\n",
        Invariant::EntryPreds,
        "the entry block is branched to from block1",
    );
    assert_eq!(msg, "@f block0: the entry block is branched to from block1");
}

#[test]
fn terminators() {
    expect_text(
        "device @f() {\nblock0:\n    v0 = iconst.i32 1\n}\n",
        Invariant::Terminator,
        "does not end in a terminator",
    );
    expect_text(
        "device @f() {\nblock0:\n    return\n    return\n}\n",
        Invariant::Terminator,
        "terminator in the middle of a block",
    );
    expect_text(
        "device @f() {\nblock0:\n    jump block1\n\nblock1:\n}\n",
        Invariant::Terminator,
        "empty block",
    );
}

#[test]
fn recorded_definitions() {
    let mut m = Module::new();
    let mut f = Function::new("f", Signature::default(), FuncKind::Device);
    let mut b = FunctionBuilder::new(&mut f);
    let c = b.iconst(Type::I32, 1);
    b.ret(None);
    let entry = f.entry();
    f.values[c].def = ValueDef::Param(entry, 0);
    m.add_function(f);
    expect_one(verify_module(&m), Invariant::ValueDef, "records Param");
}

#[test]
fn operands_defined_outside_the_layout() {
    let mut m = Module::new();
    let mut f = Function::new("f", Signature::default(), FuncKind::Device);
    let floating = f.make_inst(
        InstData::IConst {
            ty: Type::I32,
            imm: 3,
        },
        Some(Type::I32),
    );
    let v = f.result(floating);
    let mut b = FunctionBuilder::new(&mut f);
    b.binary(oxicc_ir::BinaryOp::Add, v, v);
    b.ret(None);
    m.add_function(f);
    let errors = verify_module(&m).unwrap_err();
    assert!(
        errors.iter().all(|e| e.invariant == Invariant::Undefined),
        "{errors:#?}"
    );
    assert!(errors[0].to_string().contains("is not defined"));
}

#[test]
fn definitions_dominate_uses() {
    // A value from one arm of a diamond used at the join.
    let msg = expect_text(
        "device @f(i1) {
block0(v0: i1):
    brif v0, block1, block2

block1:
    v1 = iconst.i32 1
    jump block3

block2:
    jump block3

block3:
    v2 = add.i32 v1, v1
    return
}
",
        Invariant::Dominance,
        "v1 is used where its definition (in block1) does not dominate",
    );
    assert_eq!(
        msg,
        "@f block3: `v2 = add.i32 v1, v1`: v1 is used where its definition (in block1) does not dominate"
    );
    // Use before definition in one block (an operand used twice is reported once).
    expect_text(
        "device @f() {\nblock0:\n    v0 = add.i32 v1, v1\n    v1 = iconst.i32 2\n    return\n}\n",
        Invariant::Dominance,
        "v1 is used where its definition (in block0) does not dominate",
    );
    // A block parameter used in a block its block does not dominate.
    expect_text(
        "device @f(i1) {
block0(v0: i1):
    brif v0, block1(v0), block2

block1(v1: i1):
    jump block2

block2:
    brif v1, block3, block3

block3:
    return
}
",
        Invariant::Dominance,
        "v1 is used",
    );
}

#[test]
fn branch_arguments_match_targets() {
    expect_text(
        "device @f() {\nblock0:\n    jump block1\n\nblock1(v0: i32):\n    return\n}\n",
        Invariant::BranchTarget,
        "block1 takes 1 arguments, the branch passes 0",
    );
    expect_text(
        "device @f() {\nblock0:\n    v0 = iconst.i64 1\n    jump block1(v0)\n\nblock1(v1: i32):\n    return\n}\n",
        Invariant::BranchTarget,
        "argument 0 to block1 is i64, the parameter is i32",
    );
    expect_text(
        "device @f(i8) {\nblock0(v0: i8):\n    switch v0, default block1, [1: block1, 1: block1]\n\nblock1:\n    return\n}\n",
        Invariant::BranchTarget,
        "case 1 appears twice",
    );
    expect_text(
        "device @f(i8) {\nblock0(v0: i8):\n    switch v0, default block1, [256: block1]\n\nblock1:\n    return\n}\n",
        Invariant::BranchTarget,
        "case 256 does not fit in i8",
    );
    // A target outside the layout (only possible when building by hand).
    let mut m = Module::new();
    let mut f = Function::new("f", Signature::default(), FuncKind::Device);
    let mut b = FunctionBuilder::new(&mut f);
    let orphan = b.create_block();
    b.jump(orphan, vec![]);
    m.add_function(f);
    expect_one(
        verify_module(&m),
        Invariant::BranchTarget,
        "not in the layout",
    );
}

#[test]
fn results_follow_the_opcode() {
    expect_text(
        "global shared @s: f32, align 4\ndevice @f() {\nblock0:\n    v0 = globaladdr.ptr.global @s\n    return\n}\n",
        Invariant::Result,
        "the result is ptr.global, the instruction defines ptr.shared",
    );
    expect_text(
        "device @g() {\nblock0:\n    return\n}\ndevice @f() {\nblock0:\n    v0 = call.i32 @g()\n    return\n}\n",
        Invariant::Result,
        "defines a value, but the instruction has no result",
    );
    expect_text(
        "device @g() -> i32 {\nblock0:\n    v0 = iconst.i32 0\n    return v0\n}\ndevice @f() {\nblock0:\n    call @g()\n    return\n}\n",
        Invariant::Result,
        "defines no value; it should define a i32",
    );
    expect_text(
        "device @f(i32) {\nblock0(v0: i32):\n    v1 = add.i64 v0, v0\n    return\n}\n",
        Invariant::Result,
        "the result is i64, the instruction defines i32",
    );
}

fn body(params: &str, lines: &str) -> String {
    let bp = block_params(params);
    let bp = if bp.is_empty() { bp } else { format!("({bp})") };
    format!("device @f({params}) {{\nblock0{bp}:\n{lines}    return\n}}\n")
}

fn block_params(params: &str) -> String {
    params
        .split(", ")
        .filter(|p| !p.is_empty())
        .enumerate()
        .map(|(i, t)| format!("v{i}: {t}"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[test]
fn operand_types() {
    let cases = [
        (
            "i32, i64",
            "    v2 = add.i32 v0, v1\n",
            "add operands differ: i32 and i64",
        ),
        (
            "i32, i32",
            "    v2 = fadd.i32 v0, v1\n",
            "fadd needs float operands, not i32",
        ),
        (
            "f32, f32",
            "    v2 = xor.f32 v0, v1\n",
            "xor needs integer operands, not f32",
        ),
        (
            "f32",
            "    v1 = popc.f32 v0\n",
            "popc needs an integer operand",
        ),
        (
            "i32",
            "    v1 = fsqrt.i32 v0\n",
            "fsqrt needs a float operand",
        ),
        (
            "f32, f32",
            "    v2 = icmp.eq v0, v1\n",
            "icmp needs two integers or pointers",
        ),
        (
            "i32, i32",
            "    v2 = fcmp.olt v0, v1\n",
            "fcmp needs two floats",
        ),
        (
            "i32, i32",
            "    v2 = select.i32 v0, v1, v1\n",
            "select condition is i32, not i1",
        ),
        (
            "f32, f64, f32",
            "    v3 = fma.f32 v0, v1, v2\n",
            "fma needs three operands",
        ),
        (
            "i32",
            "    v1 = zext.i16 v0\n",
            "zext/sext need a wider integer",
        ),
        (
            "i32",
            "    v1 = trunc.i64 v0\n",
            "trunc needs a narrower integer",
        ),
        (
            "f32",
            "    v1 = bitcast.i64 v0\n",
            "bitcast keeps the width",
        ),
        (
            "ptr.global",
            "    v1 = addrspacecast.ptr.shared v0\n",
            "addrspacecast converts",
        ),
        (
            "ptr.global",
            "    v1 = ptrtoint.i32 v0\n",
            "ptrtoint converts a pointer to an i64",
        ),
        (
            "i32",
            "    v1 = sitofp.i32 v0\n",
            "sitofp/uitofp convert an integer to a float",
        ),
        (
            "i64",
            "    v1 = load.i32 v0, align 4\n",
            "load through i64, not a pointer",
        ),
        (
            "ptr.global, i32",
            "    v2 = ptradd.ptr.global v0, v1\n",
            "ptradd offset is i32, not i64",
        ),
        (
            "i32, i64",
            "    v2 = shfl.idx.i64 v0, v1, v0, v0\n",
            "shuffle value is i64",
        ),
        (
            "i32, i32",
            "    v2 = vote.any v0, v1\n",
            "vote predicate is i32, not i1",
        ),
        (
            "ptr.global, f32",
            "    v2 = atomicrmw.add.gpu.f32 v0, v1\n",
            "atomicrmw.add does not work on f32",
        ),
        (
            "ptr.global, i32, i64",
            "    v3 = atomiccas.gpu.i32 v0, v1, v2\n",
            "atomiccas needs two",
        ),
        (
            "i32, f32",
            "    v2 = tex.2d.plain.f32.f32.c0 (v0, v1, v1)\n",
            "texture handle is i32, not i64",
        ),
        (
            "i64, f32",
            "    v2 = tex.2d.plain.f32.f32.c0 (v0, v1)\n",
            "takes 3 operands, not 2",
        ),
        (
            "i64, f32",
            "    v2 = tex.a2d.plain.f32.f32.c0 (v0, v1, v1, v1)\n",
            "texture operand 1 is f32, not i32",
        ),
        (
            "i64, f32",
            "    v2 = suld.2d.b32.v1.c0.trap (v0, v1, v1)\n",
            "surface coordinate is f32, not i32",
        ),
        (
            "i64, i32, i64",
            "    sust.1d.b32.v1.zero (v0, v1, v2)\n",
            "surface value is i64, not i32",
        ),
    ];
    for (params, lines, needle) in cases {
        expect_text(&body(params, lines), Invariant::Operands, needle);
    }
    expect_text(
        "device @f(i32) {\nblock0(v0: i32):\n    brif v0, block1, block1\n\nblock1:\n    return\n}\n",
        Invariant::Operands,
        "brif condition is i32, not i1",
    );
    expect_text(
        "device @f(f32) {\nblock0(v0: f32):\n    switch v0, default block1, []\n\nblock1:\n    return\n}\n",
        Invariant::Operands,
        "switch on f32",
    );
    // Constants with bits above their type (only possible when building by hand).
    let mut m = Module::new();
    let mut f = Function::new("f", Signature::default(), FuncKind::Device);
    let mut b = FunctionBuilder::new(&mut f);
    b.ins(
        InstData::IConst {
            ty: Type::I8,
            imm: 0x100,
        },
        Some(Type::I8),
    );
    b.ret(None);
    m.add_function(f);
    expect_one(verify_module(&m), Invariant::Operands, "has bits above i8");
}

#[test]
fn memory_rules() {
    expect_text(
        &body("ptr.const, f32", "    store v1, v0, align 4\n"),
        Invariant::Memory,
        "store writes the read-only const space",
    );
    expect_text(
        &body("ptr.global, f32", "    store v1, v0, align 3\n"),
        Invariant::Memory,
        "alignment 3 is not a power of two",
    );
    expect_text(
        &body("ptr.param, i32", "    v2 = atomicrmw.add.gpu.i32 v0, v1\n"),
        Invariant::Memory,
        "atomicrmw writes the read-only param space",
    );
}

#[test]
fn calls_match_the_callee() {
    let callee = "device @g(i32) -> i32 {\nblock0(v0: i32):\n    return v0\n}\n";
    expect_text(
        &format!("{callee}{}", body("", "    v0 = call.i32 @g()\n")),
        Invariant::Call,
        "`@g` takes 1 arguments, not 0",
    );
    expect_text(
        &format!("{callee}{}", body("f32", "    v1 = call.i32 @g(v0)\n")),
        Invariant::Call,
        "argument 0 is f32, `@g` takes i32",
    );
    expect_text(
        &format!(
            "kernel @k() {{\nblock0:\n    return\n}}\n{}",
            body("", "    call @k()\n")
        ),
        Invariant::Call,
        "`@k` is a kernel and cannot be called",
    );
}

#[test]
fn returns_match_the_signature() {
    expect_text(
        "device @f(i32) {\nblock0(v0: i32):\n    return v0\n}\n",
        Invariant::Return,
        "returns a value from a function that returns nothing",
    );
    expect_text(
        "device @f(i32) -> i32 {\nblock0(v0: i32):\n    return\n}\n",
        Invariant::Return,
        "returns nothing, the signature says i32",
    );
    expect_text(
        "device @f(i64) -> i32 {\nblock0(v0: i64):\n    return v0\n}\n",
        Invariant::Return,
        "returns i64, the signature says i32",
    );
}

#[test]
fn builder_output_verifies() {
    // saxpy as the front end would build it: i = ctaid.x * ntid.x + tid.x; if (i < n)
    // y[i] = a * x[i] + y[i].
    let sig = Signature {
        params: vec![
            ParamKind::Value(Type::I32),
            ParamKind::Value(Type::F32),
            ParamKind::Value(Type::Ptr(AddrSpace::Global)),
            ParamKind::Value(Type::Ptr(AddrSpace::Global)),
        ],
        ret: None,
    };
    let mut f = Function::new("_Z5saxpyifPKfPf", sig, FuncKind::Kernel);
    let p = f.params().to_vec();
    let mut b = FunctionBuilder::new(&mut f);
    use oxicc_ir::{BinaryOp, BlockCall, CastOp, Dim, IntCC, MemFlags, SpecialReg};
    let ctaid = b.special_reg(SpecialReg::CtaId(Dim::X));
    let ntid = b.special_reg(SpecialReg::NTid(Dim::X));
    let tid = b.special_reg(SpecialReg::Tid(Dim::X));
    let m = b.binary(BinaryOp::Mul, ctaid, ntid);
    let i = b.binary(BinaryOp::Add, m, tid);
    let lt = b.icmp(IntCC::Slt, i, p[0]);
    let body_block = b.create_block();
    let exit = b.create_block();
    b.branch(lt, BlockCall::plain(body_block), BlockCall::plain(exit));
    b.switch_to_block(body_block);
    let wide = b.cast(CastOp::SExt, i, Type::I64);
    let four = b.iconst(Type::I64, 4);
    let off = b.binary(BinaryOp::Mul, wide, four);
    let xp = b.ptr_add(p[2], off);
    let yp = b.ptr_add(p[3], off);
    let x = b.load(Type::F32, xp, MemFlags::aligned(4));
    let y = b.load(Type::F32, yp, MemFlags::aligned(4));
    let r = b.fma(p[1], x, y);
    b.store(yp, r, MemFlags::aligned(4));
    b.jump(exit, vec![]);
    b.switch_to_block(exit);
    b.ret(None);
    let mut module = Module::new();
    module.add_function(f);
    assert_eq!(verify_module(&module), Ok(()));
    let text = oxicc_ir::print_module(&module);
    insta::assert_snapshot!(text);
    assert_eq!(oxicc_ir::print_module(&parse_module(&text).unwrap()), text);
}
