//! sroa (and the inliner's by-value parameters): front-end-shaped structs in stack slots,
//! copied with integer chunks, read with their field types. Results come from the test
//! interpreter before the passes and from plain Rust; shapes are checked by counting slots
//! and memory operations.

use crate::common;

use common::*;
use oxicc_ir::*;

fn bits(x: f32) -> i64 {
    x.to_bits() as i64
}

fn memory_ops(f: &Function) -> usize {
    count_ops(f, &[Opcode::Load, Opcode::Store, Opcode::StackAddr])
}

/// `Complex z(a, b); Complex t = z; return t.re * t.re - t.im * t.im;`, copied as `i32`s.
const COMPLEX_COPY: &str = "device @csq(f32, f32) -> f32 {
    ss0 = slot 8, align 4
    ss1 = slot 8, align 4

block0(v0: f32, v1: f32):
    v2 = stackaddr ss0
    store v0, v2, align 4
    v3 = iconst.i64 4
    v4 = ptradd.ptr.local v2, v3
    store v1, v4, align 4
    v5 = stackaddr ss1
    v6 = load.i32 v2, align 4
    store v6, v5, align 4
    v7 = iconst.i64 4
    v8 = ptradd.ptr.local v2, v7
    v9 = load.i32 v8, align 4
    v10 = iconst.i64 4
    v11 = ptradd.ptr.local v5, v10
    store v9, v11, align 4
    v12 = load.f32 v5, align 4
    v13 = load.f32 v11, align 4
    v14 = fmul.f32 v12, v12
    v15 = fmul.f32 v13, v13
    v16 = fsub.f32 v14, v15
    return v16
}
";

#[test]
fn struct_copied_through_integer_chunks_becomes_ssa() {
    let mut m = parse(COMPLEX_COPY);
    run_passes(&mut m, &["sroa", "mem2reg"]);
    let f = func(&m, "csq");
    assert_eq!(memory_ops(f), 0, "{}", print_module(&m));
    assert!(f.stack_slots.is_empty());
    // The copies took the fields' float type: no bitcasts are left.
    assert_eq!(count_ops(f, &[Opcode::Cast]), 0);
    for (a, b) in [(1.5f32, 0.25f32), (-3.0, 7.5), (0.1, 0.2)] {
        assert_eq!(run_f32(&m, "csq", &[bits(a), bits(b)]), a * a - b * b);
    }
}

/// `float2`-like: 8-byte alignment, so the front end copies it as one `i64`.
const WIDE_COPY: &str = "device @diff(f32, f32) -> f32 {
    ss0 = slot 8, align 8
    ss1 = slot 8, align 8

block0(v0: f32, v1: f32):
    v2 = stackaddr ss0
    store v0, v2, align 8
    v3 = iconst.i64 4
    v4 = ptradd.ptr.local v2, v3
    store v1, v4, align 4
    v5 = stackaddr ss1
    v6 = load.i64 v2, align 8
    store v6, v5, align 8
    v7 = load.f32 v5, align 8
    v8 = iconst.i64 4
    v9 = ptradd.ptr.local v5, v8
    v10 = load.f32 v9, align 4
    v11 = fsub.f32 v7, v10
    return v11
}
";

#[test]
fn wide_copy_is_split_per_field() {
    let mut m = parse(WIDE_COPY);
    run_passes(&mut m, &["sroa", "mem2reg"]);
    let f = func(&m, "diff");
    assert_eq!(memory_ops(f), 0, "{}", print_module(&m));
    for (a, b) in [(1.5f32, 0.25f32), (-3.0, 7.5)] {
        assert_eq!(run_f32(&m, "diff", &[bits(a), bits(b)]), a - b);
    }
}

/// `struct { double d; int i; }` (16 bytes, 4 of padding) copied as two `i64`s.
const PADDED_COPY: &str = "device @padded(f64, i32) -> i32 {
    ss0 = slot 16, align 8
    ss1 = slot 16, align 8

block0(v0: f64, v1: i32):
    v2 = stackaddr ss0
    store v0, v2, align 8
    v3 = iconst.i64 8
    v4 = ptradd.ptr.local v2, v3
    store v1, v4, align 8
    v5 = stackaddr ss1
    v6 = load.i64 v2, align 8
    store v6, v5, align 8
    v7 = iconst.i64 8
    v8 = ptradd.ptr.local v2, v7
    v9 = load.i64 v8, align 8
    v10 = iconst.i64 8
    v11 = ptradd.ptr.local v5, v10
    store v9, v11, align 8
    v12 = load.f64 v5, align 8
    v13 = fptosi.i32 v12
    v14 = load.i32 v11, align 8
    v15 = add.i32 v13, v14
    return v15
}
";

#[test]
fn padded_struct_copy_is_split() {
    let mut m = parse(PADDED_COPY);
    run_passes(&mut m, &["sroa", "mem2reg"]);
    let f = func(&m, "padded");
    assert_eq!(memory_ops(f), 0, "{}", print_module(&m));
    for (d, i) in [(2.75f64, 40i32), (-1e3, 7)] {
        let expect = (d as i32).wrapping_add(i);
        assert_eq!(
            run_i(&m, "padded", &[d.to_bits() as i64, i as i64]),
            expect as i64
        );
    }
}

/// A `float` stored and read back as its bits (a union, or `__float_as_int` by pointer).
const PUN: &str = "device @pun(f32) -> i32 {
    ss0 = slot 4, align 4

block0(v0: f32):
    v1 = stackaddr ss0
    store v0, v1, align 4
    v2 = load.i32 v1, align 4
    return v2
}
";

#[test]
fn type_punning_becomes_a_bitcast() {
    let mut m = parse(PUN);
    run_passes(&mut m, &["sroa", "mem2reg"]);
    let f = func(&m, "pun");
    assert_eq!(memory_ops(f), 0, "{}", print_module(&m));
    assert_eq!(count_ops(f, &[Opcode::Cast]), 1);
    for x in [1.0f32, -0.0, 3.25e-20] {
        assert_eq!(run_i(&m, "pun", &[bits(x)]), x.to_bits() as i32 as i64);
    }
}

/// Slots that must stay whole: address passed to a call, indexed by a variable, volatile.
const KEEP: &str = "device internal noinline @sink(ptr.local) -> i32 {
block0(v0: ptr.local):
    v1 = load.i32 v0, align 4
    return v1
}

device @keep(i32, i64) -> i32 {
    ss0 = slot 8, align 4
    ss1 = slot 8, align 4
    ss2 = slot 8, align 4

block0(v0: i32, v1: i64):
    v2 = stackaddr ss0
    store v0, v2, align 4
    v3 = call.i32 @sink(v2)
    v4 = stackaddr ss1
    store v0, v4, align 4
    v5 = ptradd.ptr.local v4, v1
    v6 = load.i32 v5, align 4
    v7 = stackaddr ss2
    store v0, v7, align 4, volatile
    v8 = iconst.i64 4
    v9 = ptradd.ptr.local v7, v8
    v10 = load.i32 v9, align 4
    v17 = add.i32 v3, v6
    v18 = add.i32 v17, v10
    return v18
}
";

#[test]
fn escaping_indexed_and_volatile_slots_stay() {
    let m0 = parse(KEEP);
    let mut m = m0.clone();
    let id = m0.function_by_name("keep").unwrap();
    assert!(!oxicc_passes::sroa::run(&mut m.functions[id]));
    run_passes(&mut m, &["sroa", "mem2reg"]);
    assert_eq!(func(&m, "keep").stack_slots.len(), 3);
    for x in [5i64, -9] {
        // sink reads x, the indexed load (offset 0) reads x, and the volatile slot's second
        // word was never written (0).
        let expect = (x as i32).wrapping_mul(2);
        assert_eq!(run_i(&m, "keep", &[x, 0]), expect as i64);
        assert_eq!(run_i(&m0, "keep", &[x, 0]), expect as i64);
    }
}

/// A union `{ long l; int i[2]; float f; }`: written as `l`, read as `i[1]` and `f`; then
/// `i[0]` written and `l` read back. The wide accesses are cut into and assembled from the
/// two 4-byte partitions with shifts.
const UNION: &str = "device @un(i64, i32) -> i64 {
    ss0 = slot 8, align 8

block0(v0: i64, v1: i32):
    v2 = stackaddr ss0
    store v0, v2, align 8
    v3 = iconst.i64 4
    v4 = ptradd.ptr.local v2, v3
    v5 = load.i32 v4, align 4
    v6 = load.f32 v2, align 8
    v7 = bitcast.i32 v6
    store v1, v2, align 8
    v8 = load.i64 v2, align 8
    v9 = zext.i64 v5
    v10 = zext.i64 v7
    v11 = mul.i64 v9, v10
    v12 = xor.i64 v8, v11
    return v12
}
";

#[test]
fn union_accesses_of_different_widths_are_cut_with_shifts() {
    let mut m = parse(UNION);
    run_passes(&mut m, &["sroa", "mem2reg"]);
    let f = func(&m, "un");
    assert_eq!(memory_ops(f), 0, "{}", print_module(&m));
    for (l, i) in [(0x1234_5678_9abc_def0u64, 77u32), (u64::MAX, 0)] {
        let (hi, lo) = ((l >> 32) as u32, l as u32);
        let after = ((hi as u64) << 32) | i as u64;
        let expect = after ^ (hi as u64).wrapping_mul(lo as u64);
        assert_eq!(run(&m, "un", &[l as i64, i as i64]), Some(expect));
    }
}

/// A callee reading its by-value struct (`ptr.param`) inlined into a caller that passes a
/// pointer to its local copy: the inlined loads read the caller's slot.
const BYVAL: &str = "device internal @dot(byval(8, 4), byval(8, 4)) -> f32 {
block0(v0: ptr.param, v1: ptr.param):
    v2 = load.f32 v0, align 4
    v3 = iconst.i64 4
    v4 = ptradd.ptr.param v0, v3
    v5 = load.f32 v4, align 4
    v6 = load.f32 v1, align 4
    v7 = ptradd.ptr.param v1, v3
    v8 = load.f32 v7, align 4
    v9 = fmul.f32 v2, v6
    v10 = fmul.f32 v5, v8
    v11 = fadd.f32 v9, v10
    return v11
}

device @main(f32, f32) -> f32 {
    ss0 = slot 8, align 4
    ss1 = slot 8, align 4

block0(v0: f32, v1: f32):
    v2 = stackaddr ss0
    store v0, v2, align 4
    v3 = iconst.i64 4
    v4 = ptradd.ptr.local v2, v3
    store v1, v4, align 4
    v5 = stackaddr ss1
    v6 = addrspacecast.ptr v5
    store v1, v6, align 4
    v7 = ptradd.ptr v6, v3
    store v0, v7, align 4
    v8 = call.f32 @dot(v2, v6)
    return v8
}
";

#[test]
fn byval_callee_is_inlined_and_its_struct_promoted() {
    let m0 = parse(BYVAL);
    let mut m = m0.clone();
    run_level(&mut m, 3);
    let f = func(&m, "main");
    assert_eq!(count_ops(f, &[Opcode::Call]), 0, "{}", print_module(&m));
    assert_eq!(memory_ops(f), 0, "{}", print_module(&m));
    for (a, b) in [(1.5f32, 0.25f32), (-3.0, 7.5)] {
        // a*b + b*a, possibly contracted into one fma: both orders are exact here.
        let expect = a * b + b * a;
        assert_eq!(run_f32(&m, "main", &[bits(a), bits(b)]), expect);
        assert_eq!(run_f32(&m0, "main", &[bits(a), bits(b)]), expect);
    }
}

/// A callee that picks one of its by-value structs with a `select` of `ptr.param`s cannot
/// read the caller's copies through one retyped chain: the call stays.
const BYVAL_SELECT: &str = "device internal @pick(byval(4, 4), byval(4, 4), i1) -> i32 {
block0(v0: ptr.param, v1: ptr.param, v2: i1):
    v3 = select.ptr.param v2, v0, v1
    v4 = load.i32 v3, align 4
    return v4
}

device @main(i32, i32) -> i32 {
    ss0 = slot 4, align 4
    ss1 = slot 4, align 4

block0(v0: i32, v1: i32):
    v2 = stackaddr ss0
    store v0, v2, align 4
    v3 = stackaddr ss1
    store v1, v3, align 4
    v4 = icmp.slt v0, v1
    v5 = call.i32 @pick(v2, v3, v4)
    return v5
}
";

#[test]
fn byval_callee_with_a_param_select_stays_a_call() {
    let mut m = parse(BYVAL_SELECT);
    run_level(&mut m, 3);
    assert_eq!(count_ops(func(&m, "main"), &[Opcode::Call]), 1);
    for (a, b) in [(1i64, 2i64), (9, -4)] {
        assert_eq!(run_i(&m, "main", &[a, b]), a.min(b));
    }
}

/// A random struct type (natural alignment, as C lays it out) used by three slots, with
/// field stores computed from the parameter, whole-struct copies in the front end's integer
/// chunks, and a final hash of every field of every slot. Returns the `.oxir` text.
fn random_struct_program(rng: &mut Rng) -> String {
    const TYPES: [Type; 6] = [
        Type::I8,
        Type::I16,
        Type::I32,
        Type::F32,
        Type::I64,
        Type::F64,
    ];
    let nfields = 1 + rng.below(5) as usize;
    let mut fields = Vec::new();
    let (mut off, mut align) = (0u32, 1u32);
    for _ in 0..nfields {
        let t = TYPES[rng.below(6) as usize];
        let a = t.bytes();
        off = off.div_ceil(a) * a;
        fields.push((off, t));
        off += a;
        align = align.max(a);
    }
    let size = off.div_ceil(align) * align;
    // The front end's copy chunk: the widest of 8/4/2/1 dividing size and alignment.
    let chunk = [8u32, 4, 2, 1]
        .into_iter()
        .find(|c| size % c == 0 && align % c == 0)
        .unwrap();
    let chunk_ty = Type::int_with_bits(chunk * 8).unwrap();
    let mut body = String::new();
    let mut n = 1; // next value number (v0 is the parameter)
    let mut val = |body: &mut String, text: String| {
        body.push_str(&format!("    v{n} = {text}\n"));
        n += 1;
        n - 1
    };
    let addrs: Vec<usize> = (0..3)
        .map(|s| val(&mut body, format!("stackaddr ss{s}")))
        .collect();
    let field_ptr =
        |body: &mut String, val: &mut dyn FnMut(&mut String, String) -> usize, s: usize, o: u32| {
            if o == 0 {
                return addrs[s];
            }
            let c = val(body, format!("iconst.i64 {o}"));
            val(body, format!("ptradd.ptr.local v{}, v{c}", addrs[s]))
        };
    let store_field = |body: &mut String,
                       val: &mut dyn FnMut(&mut String, String) -> usize,
                       rng: &mut Rng,
                       s: usize,
                       (o, t): (u32, Type)| {
        let k = val(body, format!("iconst.i64 {}", rng.next() | 1));
        let m = val(body, format!("mul.i64 v0, v{k}"));
        let int_ty = t.as_int();
        let mut v = if int_ty == Type::I64 {
            m
        } else {
            val(body, format!("trunc.{int_ty} v{m}"))
        };
        if t.is_float() {
            v = val(body, format!("bitcast.{t} v{v}"));
        }
        let p = field_ptr(body, val, s, o);
        let align = t.bytes().min(4);
        body.push_str(&format!("    store v{v}, v{p}, align {align}\n"));
    };
    for &fl in &fields {
        store_field(&mut body, &mut val, rng, 0, fl);
    }
    for _ in 0..2 + rng.below(8) {
        let (a, b) = (rng.below(3) as usize, rng.below(3) as usize);
        if size >= 8 && rng.below(5) == 0 {
            // A wide store across fields (a union member over several others).
            let o = 4 * rng.below(((size - 8) / 4 + 1) as u64) as u32;
            store_field(&mut body, &mut val, rng, a, (o, Type::I64));
            continue;
        }
        if rng.below(3) == 0 || a == b {
            let fl = fields[rng.below(nfields as u64) as usize];
            store_field(&mut body, &mut val, rng, a, fl);
            continue;
        }
        let mut o = 0;
        while o < size {
            let src = field_ptr(&mut body, &mut val, a, o);
            let l = val(&mut body, format!("load.{chunk_ty} v{src}, align {chunk}"));
            let dst = field_ptr(&mut body, &mut val, b, o);
            body.push_str(&format!("    store v{l}, v{dst}, align {chunk}\n"));
            o += chunk;
        }
    }
    let mut h = val(&mut body, "iconst.i64 7".to_string());
    for s in 0..3 {
        for &(o, t) in &fields {
            let p = field_ptr(&mut body, &mut val, s, o);
            let mut v = val(&mut body, format!("load.{t} v{p}, align {}", t.bytes()));
            if t.is_float() {
                v = val(&mut body, format!("bitcast.{} v{v}", t.as_int()));
            }
            if t.as_int() != Type::I64 {
                v = val(&mut body, format!("zext.i64 v{v}"));
            }
            let k = val(&mut body, "iconst.i64 31".to_string());
            let m = val(&mut body, format!("mul.i64 v{h}, v{k}"));
            h = val(&mut body, format!("add.i64 v{m}, v{v}"));
        }
    }
    if size >= 8 {
        // And a wide read across fields.
        let o = 4 * rng.below(((size - 8) / 4 + 1) as u64) as u32;
        let p = field_ptr(&mut body, &mut val, rng.below(3) as usize, o);
        let v = val(&mut body, format!("load.i64 v{p}, align 4"));
        h = val(&mut body, format!("xor.i64 v{h}, v{v}"));
    }
    let slots: String = (0..3)
        .map(|s| format!("    ss{s} = slot {size}, align {align}\n"))
        .collect();
    format!("device @f(i64) -> i64 {{\n{slots}\nblock0(v0: i64):\n{body}    return v{h}\n}}\n")
}

#[test]
fn random_struct_copies_keep_their_values_and_leave_no_slots() {
    let mut rng = Rng(0x5e0a_1234_9876_abcd);
    for _ in 0..300 {
        let src = random_struct_program(&mut rng);
        let m0 = parse(&src);
        let mut m1 = m0.clone();
        run_passes(&mut m1, &["sroa", "mem2reg"]);
        assert!(
            func(&m1, "f").stack_slots.is_empty(),
            "{src}\n{}",
            print_module(&m1)
        );
        let mut m3 = m0.clone();
        run_level(&mut m3, 3);
        for x in [1i64, -7, 0x1234_5678_9abc] {
            let want = run(&m0, "f", &[x]);
            assert_eq!(run(&m1, "f", &[x]), want, "{src}");
            assert_eq!(run(&m3, "f", &[x]), want, "{src}");
        }
    }
}

/// `Fixed d = y < x ? y : x;` on a class: a load through a `select` of two slot addresses.
const SELECT: &str = "device @pick(i32, i32) -> i32 {
    ss0 = slot 4, align 4
    ss1 = slot 4, align 4
    ss2 = slot 4, align 4

block0(v0: i32, v1: i32):
    v2 = stackaddr ss0
    store v0, v2, align 4
    v3 = stackaddr ss1
    store v1, v3, align 4
    v4 = icmp.slt v1, v0
    v5 = select.ptr.local v4, v3, v2
    v6 = load.i32 v5, align 4
    v7 = stackaddr ss2
    store v6, v7, align 4
    v8 = load.i32 v7, align 4
    return v8
}
";

#[test]
fn loads_through_a_select_of_slots_are_speculated() {
    let mut m = parse(SELECT);
    run_passes(&mut m, &["sroa", "mem2reg"]);
    let f = func(&m, "pick");
    assert_eq!(memory_ops(f), 0, "{}", print_module(&m));
    for (a, b) in [(3i64, 9i64), (9, 3), (-5, 2)] {
        assert_eq!(run_i(&m, "pick", &[a, b]), a.min(b));
    }
}

/// `(c ? a : b) = v;` and a read of one slot through a generic pointer.
const SELECT_STORE: &str = "device @assign(i32, i32) -> i32 {
    ss0 = slot 4, align 4
    ss1 = slot 4, align 4

block0(v0: i32, v1: i32):
    v2 = stackaddr ss0
    v3 = iconst.i32 10
    store v3, v2, align 4
    v4 = stackaddr ss1
    v5 = iconst.i32 20
    store v5, v4, align 4
    v6 = icmp.slt v0, v1
    v7 = select.ptr.local v6, v2, v4
    store v0, v7, align 4
    v8 = addrspacecast.ptr v2
    v9 = load.i32 v8, align 4
    v10 = load.i32 v4, align 4
    v11 = iconst.i32 100
    v12 = mul.i32 v9, v11
    v13 = add.i32 v12, v10
    return v13
}
";

#[test]
fn stores_through_a_select_of_slots_become_selects_of_values() {
    let mut m = parse(SELECT_STORE);
    run_passes(&mut m, &["sroa", "mem2reg"]);
    let f = func(&m, "assign");
    assert_eq!(memory_ops(f), 0, "{}", print_module(&m));
    for (x, y) in [(3i64, 9i64), (9, 3), (-5, -5)] {
        let (mut a, mut b) = (10, 20);
        if x < y {
            a = x;
        } else {
            b = x;
        }
        assert_eq!(run_i(&m, "assign", &[x, y]), a * 100 + b);
    }
}
