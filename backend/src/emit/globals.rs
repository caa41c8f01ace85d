//! Module-scope variables as PTX declarations.
//!
//! nvcc prints scalars with their type (`.global .align 4 .u32 gx = 5;`,
//! `.global .align 4 .f32 s = 0f3FC00000;`) and arrays and aggregates as bytes
//! (`.global .align 4 .b8 w[20] = {0, 0, 128, 63, …};`) with trailing zero bytes left out of
//! the initializer. Dynamic shared memory is `.extern .shared .align A .b8 name[];`. The IR
//! has no address relocations in initializers yet, so any order is a dependency order;
//! globals keep module order.

use crate::lower_args::mem_type;
use crate::mir::PtxType;
use oxicc_ir::{AddrSpace, GlobalVar, Linkage, Type};

fn space_name(s: AddrSpace) -> &'static str {
    match s {
        AddrSpace::Global | AddrSpace::Generic => ".global",
        AddrSpace::Shared => ".shared",
        AddrSpace::Const => ".const",
        AddrSpace::Local => ".local",
        AddrSpace::Param => ".param",
    }
}

/// One global's declaration line (without the newline).
pub fn global_decl(g: &GlobalVar) -> String {
    let space = space_name(g.space);
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
