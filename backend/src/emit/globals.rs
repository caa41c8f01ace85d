//! Module-scope variables as PTX declarations.
//!
//! nvcc prints scalars with their type (`.global .align 4 .u32 gx = 5;`,
//! `.global .align 4 .f32 s = 0f3FC00000;`) and arrays and aggregates as bytes
//! (`.global .align 4 .b8 w[20] = {0, 0, 128, 63, …};`) with trailing zero bytes left out of
//! the initializer. Dynamic shared memory is `.extern .shared .align A .b8 name[];`.
//! A global holding function addresses (function-pointer tables, vtables) is an array of
//! 64-bit words, each a number or a function name, every word printed:
//! `.global .align 8 .u64 _ZTV1S[4] = {0, 0, _ZN1SD1Ev, _ZN1S1fEv};` (nvcc's form; the
//! functions are declared before the globals). Globals keep module order.

use crate::lower_args::mem_type;
use crate::mir::PtxType;
use oxicc_ir::{AddrSpace, FuncId, GlobalVar, Linkage, Type};

fn space_name(s: AddrSpace) -> &'static str {
    match s {
        AddrSpace::Global | AddrSpace::Generic => ".global",
        AddrSpace::Shared => ".shared",
        AddrSpace::Const => ".const",
        AddrSpace::Local => ".local",
        AddrSpace::Param => ".param",
    }
}

/// One global's declaration line (without the newline); `func_name` names the functions
/// whose addresses it holds.
pub fn global_decl<'m>(g: &GlobalVar, func_name: &dyn Fn(FuncId) -> &'m str) -> String {
    // nvcc: `.global .attribute(.managed) .align 4 .u32 counter;`
    let space = if g.managed {
        ".global .attribute(.managed)"
    } else {
        space_name(g.space)
    };
    let align = g.align.max(1);
    let linkage = match (g.linkage, g.space) {
        (_, AddrSpace::Shared) if g.extern_shared => ".extern ",
        (Linkage::Import, _) => ".extern ",
        (Linkage::External, AddrSpace::Global | AddrSpace::Const) => ".visible ",
        _ => "",
    };
    if g.extern_shared {
        return format!("{linkage}{space} .align {align} .b8 {}[];", g.name);
    }
    if !g.func_addrs.is_empty() {
        return words_decl(g, &format!("{linkage}{space} .align {align}"), func_name);
    }
    let init = g.init.as_ref().filter(|b| b.iter().any(|&x| x != 0));
    match g.count {
        None if g.elem != Type::I128 => {
            let ty = match g.elem {
                Type::F32 => PtxType::F32,
                Type::F64 => PtxType::F64,
                t => mem_type(t),
            };
            let mut s = format!(
                "{linkage}{space} .align {align} .{} {}",
                ty.as_str(),
                g.name
            );
            if let Some(bytes) = init {
                let mut raw = [0u8; 8];
                let n = bytes.len().min(8);
                raw[..n].copy_from_slice(&bytes[..n]);
                let v = u64::from_le_bytes(raw);
                let text = match g.elem {
                    Type::F32 => format!("0f{:08X}", v as u32),
                    Type::F64 => format!("0d{v:016X}"),
                    t => {
                        let bits = t.bytes() * 8;
                        let mask = if bits >= 64 {
                            u64::MAX
                        } else {
                            (1u64 << bits) - 1
                        };
                        format!("{}", v & mask)
                    }
                };
                s.push_str(&format!(" = {text}"));
            }
            s.push(';');
            s
        }
        _ => {
            let size = g.size();
            let mut s = format!("{linkage}{space} .align {align} .b8 {}[{size}]", g.name);
            if let Some(bytes) = init {
                let last = bytes.iter().rposition(|&x| x != 0).map_or(0, |p| p + 1);
                let list: Vec<String> = bytes[..last].iter().map(|b| b.to_string()).collect();
                s.push_str(&format!(" = {{{}}}", list.join(", ")));
            }
            s.push(';');
            s
        }
    }
}

/// A global with function addresses as 64-bit words (the verifier guarantees 8-aligned
/// slots in an 8-aligned variable): `… .u64 name[n] = {w0, f, …};`, or `.u64 name = f;`
/// for a scalar.
fn words_decl<'m>(g: &GlobalVar, prefix: &str, func_name: &dyn Fn(FuncId) -> &'m str) -> String {
    let words = g.size().div_ceil(8) as usize;
    let bytes = g.init.as_deref().unwrap_or(&[]);
    let mut list: Vec<String> = (0..words)
        .map(|w| {
            let mut raw = [0u8; 8];
            for (k, r) in raw.iter_mut().enumerate() {
                *r = bytes.get(w * 8 + k).copied().unwrap_or(0);
            }
            u64::from_le_bytes(raw).to_string()
        })
        .collect();
    for &(off, f) in &g.func_addrs {
        list[(off / 8) as usize] = func_name(f).to_string();
    }
    if g.count.is_none() && words == 1 {
        format!("{prefix} .u64 {} = {};", g.name, list[0])
    } else {
        format!(
            "{prefix} .u64 {}[{words}] = {{{}}};",
            g.name,
            list.join(", ")
        )
    }
}
