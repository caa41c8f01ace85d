//! nvcc's rules for inline PTX statements (`asm("…" : "=r"(x) : "r"(y), "n"(4) : "memory")`),
//! as pure functions of the written text and the operands' types. The typed analysis
//! (`sema/body/asm.rs`) applies them silently and answers `None` where one fails; the
//! one-walk lowering (`irgen/inline_asm.rs`) applies the same functions and reports each
//! failure in nvcc's wording. `docs/inline-asm.md` has the rules and their sources.

use crate::sema::types::{QualType, TypeTable};
use oxicc_ir::inline_asm::{operand_refs, parse_template};
use oxicc_ir::{AsmPiece, AsmReg};

/// A clobber of the list: `Some(true)` for `memory`, `Some(false)` for a name with nothing
/// to protect (GCC's condition-code `cc`: PTX has no flags register), `None` for a
/// register name PTX does not have.
pub fn clobber(c: &[u8]) -> Option<bool> {
    match c {
        b"memory" => Some(true),
        b"cc" => Some(false),
        _ => None,
    }
}

/// An output constraint (`=r`, `+f`, `=&l`): whether the operand is also read, and its
/// constraint letters. `None`: neither `=` nor `+` comes first.
pub fn output_constraint(c: &[u8]) -> Option<(bool, &[u8])> {
    let read_write = match c.first() {
        Some(b'=') => false,
        Some(b'+') => true,
        _ => return None,
    };
    // `&` (early clobber) needs nothing: outputs never share an input's register.
    Some((read_write, c[1..].strip_prefix(b"&").unwrap_or(&c[1..])))
}

/// An input constraint may not start with an output's `=` or `+`.
pub fn input_constraint_ok(c: &[u8]) -> bool {
    !matches!(c.first(), Some(b'=' | b'+'))
}

/// Why an operand's letters are not one letter.
pub enum LetterError {
    None,
    Several,
}

/// The one constraint letter device code allows per operand.
pub fn one_letter(letters: &[u8]) -> Result<u8, LetterError> {
    match letters {
        [l] => Ok(*l),
        [] => Err(LetterError::None),
        _ => Err(LetterError::Several),
    }
}

/// The register kind of `letter` when a value of type `ty` fits it: exactly the size of
/// the register, of its kind (`h` 2, `r` 4, `l` 8 bytes of integer or pointer, not `bool`;
/// `f` `float`, `d` `double`). `None` for unknown letters, matching constraints (`"0"`)
/// included, as nvcc reports them with the same size message.
pub fn register_for(types: &TypeTable, letter: u8, ty: QualType) -> Option<AsmReg> {
    let t = ty.ty;
    let size = types.size_of(t).unwrap_or(0);
    let reg = AsmReg::from_letter(letter as char)?;
    let fits = if reg.is_float() {
        types.is_float(t) && size == reg.size()
    } else {
        let int = (types.int_kind(t).is_some() && !types.is_bool(t)) || types.is_pointer(t);
        int && size == reg.size()
    };
    fits.then_some(reg)
}

/// The template's operand references (`%N`) that name no operand: their byte ranges.
pub fn bad_operand_refs(template: &str, count: usize) -> Vec<(usize, usize)> {
    operand_refs(template)
        .into_iter()
        .filter(|&(_, _, n)| n >= count as u64)
        .map(|(start, end, _)| (start, end))
        .collect()
}

/// The IR template: outputs keep their numbers, register inputs are numbered after them,
/// and an `n` input (`texts[k]` is `Some`) is replaced by its text. `None` when the
/// template does not parse (an over-long operand number).
pub fn ir_pieces(template: &str, n_out: u32, texts: &[Option<String>]) -> Option<Vec<AsmPiece>> {
    let pieces = parse_template(template).ok()?;
    let mut renumber = Vec::with_capacity(texts.len());
    let mut next = n_out;
    for t in texts {
        renumber.push(match t {
            None => {
                next += 1;
                next - 1
            }
            Some(_) => u32::MAX,
        });
    }
    let mut out: Vec<AsmPiece> = Vec::new();
    let push_text = |out: &mut Vec<AsmPiece>, t: &str| match out.last_mut() {
        Some(AsmPiece::Text(s)) => s.push_str(t),
        _ => out.push(AsmPiece::Text(t.to_string())),
    };
    for p in pieces {
        match p {
            AsmPiece::Text(t) => push_text(&mut out, &t),
            AsmPiece::Operand(n) if n < n_out => out.push(AsmPiece::Operand(n)),
            AsmPiece::Operand(n) => {
                let k = (n - n_out) as usize;
                match texts.get(k)? {
                    Some(t) => push_text(&mut out, t),
                    None => out.push(AsmPiece::Operand(renumber[k])),
                }
            }
        }
    }
    Some(out)
}
