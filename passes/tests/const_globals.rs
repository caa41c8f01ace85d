//! `const-globals`: loads from read-only globals. IR in, IR out: loads at constant offsets
//! inside the initializer become the constants that plain Rust reads from the same bytes
//! (`to_le_bytes` of the source values), other loads from a `.global` pointer into the
//! object are marked `invariant`; loads that must stay (volatile, past the end, a writable
//! global, `__constant__`) are checked to stay as they were.

use crate::common;

use common::*;
use oxicc_ir::*;

/// The initializer of `@tab`: `{3, -1, 4, 1, -5, 9}` as `int`, then `2.5f`, then `-0.125`
/// as `double` (28 + 4 bytes of padding + 8 = 40 bytes, but the global is 48 bytes long,
/// so the last 8 are zero).
fn tab_bytes() -> Vec<u8> {
    let mut b = Vec::new();
    for v in [3i32, -1, 4, 1, -5, 9] {
        b.extend_from_slice(&v.to_le_bytes());
    }
    b.extend_from_slice(&2.5f32.to_le_bytes());
    b.extend_from_slice(&[0; 4]);
    b.extend_from_slice(&(-0.125f64).to_le_bytes());
    b
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A module with the read-only `@tab` (48 bytes), a writable `@mut` and a read-only
/// `__constant__` `@ctab` with the same bytes, and a kernel whose body is `body`
/// (`v10` = `@tab`'s address, `v11` = `@mut`'s, `v12` = `@ctab`'s, `v0` an `i64` index).
fn module(body: &str) -> Module {
    let init = hex(&tab_bytes());
    parse(&format!(
        "global internal global @tab: i8[48], align 8, readonly, init x\"{init}\"
global internal global @mut: i8[48], align 8, init x\"{init}\"
global internal const @ctab: i8[48], align 8, readonly, init x\"{init}\"

kernel @k(i64, ptr) {{
block0(v0: i64, v1: ptr):
    v10 = globaladdr.ptr.global @tab
    v11 = globaladdr.ptr.global @mut
    v12 = globaladdr.ptr.const @ctab
    v2 = addrspacecast.ptr.global v1
{body}
    return
}}
"
    ))
}

/// The stored values of `k` in order: `Ok(bits)` for a constant, `Err(flags)` for a load
/// (whether it is invariant).
fn stored(m: &Module) -> Vec<Result<(Type, u64), bool>> {
    let f = func(m, "k");
    let mut out = Vec::new();
    for d in insts(f) {
        if let InstData::Store { value, .. } = d {
            let def = f.def_inst(*value).expect("an instruction result");
            out.push(match f.insts[def].data {
                InstData::IConst { ty, imm } => Ok((ty, imm)),
                InstData::FConst { ty, bits } => Ok((ty, bits)),
                InstData::Load { flags, .. } => Err(flags.invariant),
                ref d => panic!("unexpected {d:?}"),
            });
        }
    }
    out
}

/// `v{n} = ptradd v{base}, off; v{n+1} = load.ty v{n}; store v{n+1}, v2`.
fn load_at(n: u32, base: u32, off: i64, ty: &str, extra: &str) -> String {
    format!(
        "    v{c} = iconst.i64 {off}\n    v{n} = ptradd.ptr.global v{base}, v{c}\n    \
         v{l} = load.{ty} v{n}, align 1{extra}\n    store v{l}, v2, align 8\n",
        c = n + 100,
        l = n + 1
    )
}

#[test]
fn loads_at_constant_offsets_become_the_initializer_bytes() {
    let body = [
        load_at(20, 10, 0, "i32", ""),
        load_at(22, 10, 4, "i32", ""),
        load_at(24, 10, 20, "i32", ""),
        load_at(26, 10, 24, "f32", ""),
        load_at(28, 10, 32, "f64", ""),
        load_at(30, 10, 4, "i16", ""),
        load_at(32, 10, 16, "i8", ""),
        load_at(34, 10, 0, "i64", ""),
        // Past the initializer but inside the object: zero.
        load_at(36, 10, 40, "i64", ""),
    ]
    .concat();
    let mut m = module(&body);
    run_passes(&mut m, &["const-globals", "dce"]);
    let b = tab_bytes();
    let word = |o: usize, n: usize| {
        let mut v = 0u64;
        for k in 0..n {
            v |= u64::from(*b.get(o + k).unwrap_or(&0)) << (8 * k);
        }
        v
    };
    assert_eq!(
        stored(&m),
        vec![
            Ok((Type::I32, 3)),
            Ok((Type::I32, (-1i32) as u32 as u64)),
            Ok((Type::I32, 9)),
            Ok((Type::F32, u64::from(2.5f32.to_bits()))),
            Ok((Type::F64, (-0.125f64).to_bits())),
            Ok((Type::I16, 0xffff)),
            Ok((Type::I8, (-5i8) as u8 as u64)),
            Ok((Type::I64, word(0, 8))),
            Ok((Type::I64, 0)),
        ],
        "{}",
        print_module(&m)
    );
    // The independent reading: `{3, -1}` as one little-endian `i64`.
    assert_eq!(word(0, 8), (3u64) | (0xffff_ffffu64 << 32));
}

#[test]
fn loads_that_may_change_or_fall_outside_stay() {
    let body = [
        // volatile
        load_at(20, 10, 0, "i32", ", volatile"),
        // straddles the end of the 48-byte object
        load_at(22, 10, 44, "i64", ""),
        // negative offset
        load_at(24, 10, -4, "i32", ""),
        // a writable global
        load_at(26, 11, 0, "i32", ""),
    ]
    .concat();
    let mut m = module(&body);
    let before = print_module(&m);
    run_passes(&mut m, &["const-globals"]);
    // The volatile load stays as it is; the others are not folded, and only the two whose
    // object is the read-only `@tab` go through the read-only cache.
    assert_eq!(
        stored(&m),
        vec![Err(false), Err(true), Err(true), Err(false)],
        "before:\n{before}\nafter:\n{}",
        print_module(&m)
    );
}

#[test]
fn constant_space_globals_are_not_folded() {
    // nvcc reads `__constant__` objects with `ld.const` even at constant indices.
    let body = "    v20 = iconst.i64 4\n    v21 = ptradd.ptr.const v12, v20\n    \
                v22 = load.i32 v21, align 4\n    store v22, v2, align 4\n";
    let mut m = module(body);
    run_passes(&mut m, &["const-globals"]);
    assert_eq!(stored(&m), vec![Err(false)]);
}

#[test]
fn variable_offsets_are_read_through_the_read_only_cache() {
    // `tab[i]` (through a generic cast and back, as the front end writes it): invariant,
    // and `mut[i]` is not.
    let body = "    v30 = iconst.i64 2\n    v20 = shl.i64 v0, v30\n    \
                v21 = addrspacecast.ptr v10\n    v22 = ptradd.ptr v21, v20\n    \
                v23 = addrspacecast.ptr.global v22\n    v24 = load.i32 v23, align 4\n    \
                store v24, v2, align 4\n    \
                v25 = ptradd.ptr.global v11, v20\n    v26 = load.i32 v25, align 4\n    \
                store v26, v2, align 4\n";
    let mut m = module(body);
    run_passes(&mut m, &["const-globals"]);
    assert_eq!(stored(&m), vec![Err(true), Err(false)]);
}

#[test]
fn a_folded_load_feeds_constant_folding_at_o3() {
    // Horner over `@tab`'s first three ints with `x = v0`: after -O3 no load is left and
    // the coefficients are immediates.
    let body = [
        "    v40 = load.i32 v10, align 4\n    v41 = sext.i64 v40\n",
        "    v42 = iconst.i64 4\n    v43 = ptradd.ptr.global v10, v42\n",
        "    v44 = load.i32 v43, align 4\n    v45 = sext.i64 v44\n",
        "    v46 = mul.i64 v41, v0\n    v47 = add.i64 v46, v45\n",
        "    store v47, v2, align 8\n",
    ]
    .concat();
    let mut m = module(&body);
    run_level(&mut m, 3);
    let f = func(&m, "k");
    assert_eq!(count_ops(f, &[Opcode::Load]), 0, "{}", print_module(&m));
    // 3 * v0 + (-1): the multiply by the folded 3 and the folded -1 remain as constants.
    let text = print_module(&m);
    assert!(text.contains("iconst.i64 3"), "{text}");
}
