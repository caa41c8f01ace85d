//! Inline PTX (`asm("…" : outputs : inputs : clobbers)`) as IR data: the parsed template,
//! the register kind of every operand, and whether the statement must stay where it is.
//!
//! An IR instruction defines at most one value, and a statement may have several outputs,
//! so an `InlineAsm` instruction defines its first output and `AsmOutput { asm, index }`
//! projects output `index >= 1` out of it (`asm` is the `InlineAsm`'s result). The backend
//! gives every output its own register at the statement and reads the projections from
//! them. Immediates (`"n"`) are already substituted into the template text by the front end,
//! so every operand here is a register. `+` (read-write) operands are outputs whose initial
//! value travels as an extra *tied* argument after the inputs. See `docs/inline-asm.md`.

use crate::types::Type;

/// The register kind a constraint letter asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AsmReg {
    /// `h`: a 16-bit integer register (`%rs`).
    H,
    /// `r`: a 32-bit integer register (`%r`).
    R,
    /// `l`: a 64-bit integer register (`%rd`).
    L,
    /// `f`: an `f32` register (`%f`).
    F,
    /// `d`: an `f64` register (`%fd`).
    D,
}

impl AsmReg {
    /// The constraint letter.
    pub fn letter(self) -> char {
        match self {
            AsmReg::H => 'h',
            AsmReg::R => 'r',
            AsmReg::L => 'l',
            AsmReg::F => 'f',
            AsmReg::D => 'd',
        }
    }

    pub fn from_letter(c: char) -> Option<AsmReg> {
        Some(match c {
            'h' => AsmReg::H,
            'r' => AsmReg::R,
            'l' => AsmReg::L,
            'f' => AsmReg::F,
            'd' => AsmReg::D,
            _ => return None,
        })
    }

    /// The IR type of a value in such a register.
    pub fn ty(self) -> Type {
        match self {
            AsmReg::H => Type::I16,
            AsmReg::R => Type::I32,
            AsmReg::L => Type::I64,
            AsmReg::F => Type::F32,
            AsmReg::D => Type::F64,
        }
    }

    /// The operand size in bytes the constraint implies.
    pub fn size(self) -> u64 {
        match self {
            AsmReg::H => 2,
            AsmReg::R | AsmReg::F => 4,
            AsmReg::L | AsmReg::D => 8,
        }
    }

    /// True for `f` and `d`.
    pub fn is_float(self) -> bool {
        matches!(self, AsmReg::F | AsmReg::D)
    }
}

/// A piece of a template: literal PTX text or a reference to operand `n` (outputs first,
/// then inputs, as GCC numbers them).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AsmPiece {
    Text(String),
    Operand(u32),
}

/// One inline assembly statement.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AsmBlock {
    pub pieces: Vec<AsmPiece>,
    pub outputs: Vec<AsmReg>,
    pub inputs: Vec<AsmReg>,
    /// For each argument after the inputs: the output (`+` operand) it initializes.
    pub tied: Vec<u32>,
    /// `asm volatile`, or a statement without outputs (which GCC treats as volatile): never
    /// deleted, merged or moved across memory operations.
    pub volatile: bool,
    /// A `"memory"` clobber: the statement may read and write any memory.
    pub memory: bool,
}

impl AsmBlock {
    /// Whether passes must treat it as touching memory and having effects.
    pub fn pinned(&self) -> bool {
        self.volatile || self.memory || self.outputs.is_empty()
    }

    /// The number of operands `%N` may name.
    pub fn numbered(&self) -> usize {
        self.outputs.len() + self.inputs.len()
    }

    /// The template in source syntax (`%N` for operands, `%%` for a literal `%`).
    pub fn template_text(&self) -> String {
        let mut s = String::new();
        for p in &self.pieces {
            match p {
                AsmPiece::Text(t) => s.push_str(&t.replace('%', "%%")),
                AsmPiece::Operand(n) => {
                    s.push('%');
                    s.push_str(&n.to_string());
                }
            }
        }
        s
    }

    /// The PTX text with operand `n` replaced by `operand(n)`.
    pub fn render(&self, mut operand: impl FnMut(u32) -> String) -> String {
        let mut s = String::new();
        for p in &self.pieces {
            match p {
                AsmPiece::Text(t) => s.push_str(t),
                AsmPiece::Operand(n) => s.push_str(&operand(*n)),
            }
        }
        s
    }

    /// The modifier word of the text form: `asm[.volatile][.memory].o<letters>.i<letters>
    /// [.t<k>_<k>…]` (`o`/`i` alone when there are none).
    pub fn word(&self) -> String {
        let mut w = String::from("asm");
        if self.volatile {
            w.push_str(".volatile");
        }
        if self.memory {
            w.push_str(".memory");
        }
        w.push_str(".o");
        w.extend(self.outputs.iter().map(|r| r.letter()));
        w.push_str(".i");
        w.extend(self.inputs.iter().map(|r| r.letter()));
        if !self.tied.is_empty() {
            let t: Vec<String> = self.tied.iter().map(|k| k.to_string()).collect();
            w.push_str(".t");
            w.push_str(&t.join("_"));
        }
        w
    }

    /// Parses the parts of `word` after `asm` and a template; `None` when malformed.
    pub fn from_parts(parts: &[&str], template: &str) -> Option<AsmBlock> {
        let mut it = parts.iter().peekable();
        let volatile = it.next_if(|p| **p == "volatile").is_some();
        let memory = it.next_if(|p| **p == "memory").is_some();
        let letters = |p: &str, head: char| -> Option<Vec<AsmReg>> {
            let rest = p.strip_prefix(head)?;
            rest.chars().map(AsmReg::from_letter).collect()
        };
        let outputs = letters(it.next()?, 'o')?;
        let inputs = letters(it.next()?, 'i')?;
        let tied = match it.next() {
            None => Vec::new(),
            Some(p) => p
                .strip_prefix('t')?
                .split('_')
                .map(|k| k.parse().ok())
                .collect::<Option<Vec<u32>>>()?,
        };
        if it.next().is_some() {
            return None;
        }
        let pieces = parse_template(template).ok()?;
        Some(AsmBlock {
            pieces,
            outputs,
            inputs,
            tied,
            volatile,
            memory,
        })
    }

    /// The first problem with the operand numbers and argument types, if any.
    pub fn problem(&self, arg_types: &[Type]) -> Option<String> {
        let n = self.numbered() as u32;
        for p in &self.pieces {
            if let AsmPiece::Operand(k) = p {
                if *k >= n {
                    return Some(format!("asm operand %{k} out of range ({n} operands)"));
                }
            }
        }
        if arg_types.len() != self.inputs.len() + self.tied.len() {
            return Some(format!(
                "asm has {} arguments, expected {} inputs and {} tied",
                arg_types.len(),
                self.inputs.len(),
                self.tied.len()
            ));
        }
        let tied_regs = self.tied.iter().map(|&k| self.outputs.get(k as usize));
        let want = self.inputs.iter().map(Some).chain(tied_regs);
        for (i, (w, t)) in want.zip(arg_types).enumerate() {
            match w {
                None => return Some(format!("asm argument {i} is tied to a missing output")),
                Some(r) if r.ty() != *t => {
                    return Some(format!(
                        "asm argument {i} is {t}, constraint `{}` needs {}",
                        r.letter(),
                        r.ty()
                    ))
                }
                _ => {}
            }
        }
        None
    }
}

/// Splits a template into text and operand references: `%N` names operand N, `%%` is a
/// `%`, and `%` before anything else stays as written (`%laneid`, as nvcc allows).
/// The error is the byte offset of a `%N` whose number does not fit in `u32`.
pub fn parse_template(t: &str) -> Result<Vec<AsmPiece>, usize> {
    let mut pieces = Vec::new();
    let mut text = String::new();
    let b = t.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 1 < b.len() {
            if b[i + 1] == b'%' {
                text.push('%');
                i += 2;
                continue;
            }
            if b[i + 1].is_ascii_digit() {
                let start = i;
                let mut j = i + 1;
                while j < b.len() && b[j].is_ascii_digit() {
                    j += 1;
                }
                let n: u32 = t[i + 1..j].parse().map_err(|_| start)?;
                if !text.is_empty() {
                    pieces.push(AsmPiece::Text(std::mem::take(&mut text)));
                }
                pieces.push(AsmPiece::Operand(n));
                i = j;
                continue;
            }
        }
        // Copy one whole UTF-8 character.
        let ch = t[i..].chars().next().unwrap_or('\u{fffd}');
        text.push(ch);
        i += ch.len_utf8().max(1);
    }
    if !text.is_empty() {
        pieces.push(AsmPiece::Text(text));
    }
    Ok(pieces)
}

/// The byte offsets of the `%N` references in a template, with their numbers (for
/// diagnostics that point at one).
pub fn operand_refs(t: &str) -> Vec<(usize, usize, u64)> {
    let b = t.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 1 < b.len() {
            if b[i + 1] == b'%' {
                i += 2;
                continue;
            }
            let mut j = i + 1;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            if j > i + 1 {
                let n = t[i + 1..j].parse::<u64>().unwrap_or(u64::MAX);
                out.push((i, j, n));
                i = j;
                continue;
            }
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_split_at_operands() {
        let p = parse_template("mov.u32 %0, %%laneid; add %12,%1").unwrap();
        assert_eq!(
            p,
            vec![
                AsmPiece::Text("mov.u32 ".into()),
                AsmPiece::Operand(0),
                AsmPiece::Text(", %laneid; add ".into()),
                AsmPiece::Operand(12),
                AsmPiece::Text(",".into()),
                AsmPiece::Operand(1),
            ]
        );
        assert_eq!(
            parse_template("mov.u32 %r, %laneid;").unwrap(),
            vec![AsmPiece::Text("mov.u32 %r, %laneid;".into())]
        );
        assert!(parse_template("%99999999999").is_err());
        assert_eq!(
            operand_refs("a %% %3 %x %10"),
            vec![(5, 7, 3), (11, 14, 10)]
        );
    }

    #[test]
    fn word_round_trips() {
        let b = AsmBlock {
            pieces: parse_template("mad.lo.u32 %0, %1, %2, %0; // 100%%").unwrap(),
            outputs: vec![AsmReg::R],
            inputs: vec![AsmReg::R, AsmReg::L],
            tied: vec![0],
            volatile: true,
            memory: false,
        };
        let w = b.word();
        assert_eq!(w, "asm.volatile.or.irl.t0");
        let parts: Vec<&str> = w.split('.').skip(1).collect();
        assert_eq!(AsmBlock::from_parts(&parts, &b.template_text()), Some(b));
    }
}
