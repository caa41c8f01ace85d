//! The `.oxir` parser, instruction part: opcode names with their modifiers and operands.
//!
//! An opcode word is `name[.modifier…][.type]`, e.g. `atomicrmw.add.gpu.i32` or
//! `select.ptr.global`. Each opcode takes a fixed number of modifiers, and whatever follows
//! them is the result type (which may itself contain a dot).

use super::lex::{ParseError, Pos, Tok};
use super::parse::{
    entity_number, placeholder_func, placeholder_global, slot_of, BodyNames, PResult, Parser,
};
use crate::inst::*;
use crate::types::{AddrSpace, Type};

/// One parsed instruction, before its placeholders are resolved.
pub(super) struct ParsedInst {
    pub data: InstData,
    /// The type of the defined value, or `None` when the instruction defines none.
    pub result_ty: Option<Type>,
    pub callee: Option<(String, Pos)>,
    pub global: Option<(String, Pos)>,
}

impl ParsedInst {
    fn new(data: InstData, result_ty: Option<Type>) -> ParsedInst {
        ParsedInst {
            data,
            result_ty,
            callee: None,
            global: None,
        }
    }
}

/// The pieces of an opcode word.
struct OpWord<'a> {
    word: &'a str,
    parts: Vec<&'a str>,
    pos: Pos,
}

impl<'a> OpWord<'a> {
    fn modifier(&self, i: usize, what: &str) -> PResult<&'a str> {
        self.parts
            .get(i + 1)
            .copied()
            .ok_or_else(|| ParseError::at(self.pos, format!("`{}` needs a {what}", self.parts[0])))
    }

    /// The type after `skip` modifiers, if any is written.
    fn opt_type(&self, skip: usize) -> PResult<Option<Type>> {
        let rest = &self.parts[(1 + skip).min(self.parts.len())..];
        if rest.is_empty() {
            return Ok(None);
        }
        let s = rest.join(".");
        Type::parse(&s).map(Some).ok_or_else(|| {
            ParseError::at(self.pos, format!("unknown type `{s}` in `{}`", self.word))
        })
    }

    fn req_type(&self, skip: usize) -> PResult<Type> {
        self.opt_type(skip)?.ok_or_else(|| {
            ParseError::at(
                self.pos,
                format!("`{}` needs a type suffix (`{}.i32`)", self.word, self.word),
            )
        })
    }

    /// Checks that nothing follows the modifiers.
    fn no_type(&self, skip: usize) -> PResult<()> {
        if self.parts.len() > 1 + skip {
            return Err(ParseError::at(
                self.pos,
                format!("unexpected modifiers in `{}`", self.word),
            ));
        }
        Ok(())
    }

    fn parsed<T>(&self, i: usize, what: &str, f: impl Fn(&str) -> Option<T>) -> PResult<T> {
        let m = self.modifier(i, what)?;
        f(m).ok_or_else(|| ParseError::at(self.pos, format!("unknown {what} `{m}`")))
    }
}

impl Parser {
    /// Parses the operands of the instruction named `word` (already consumed).
    pub(super) fn operands(
        &mut self,
        names: &mut BodyNames,
        word: &str,
        pos: Pos,
    ) -> PResult<ParsedInst> {
        let op = OpWord {
            word,
            parts: word.split('.').collect(),
            pos,
        };
        let head = op.parts[0];
        if let Some(u) = UnaryOp::from_name(head) {
            let ty = op.req_type(0)?;
            let arg = self.value_use(names)?;
            return Ok(ParsedInst::new(InstData::Unary { op: u, arg }, Some(ty)));
        }
        if let Some(b) = BinaryOp::from_name(head) {
            let nsw = op.parts.get(1) == Some(&"nsw");
            let ty = op.req_type(usize::from(nsw))?;
            let (lhs, rhs) = self.two_values(names)?;
            return Ok(ParsedInst::new(
                InstData::Binary {
                    op: b,
                    lhs,
                    rhs,
                    nsw,
                },
                Some(ty),
            ));
        }
        if let Some(c) = CastOp::from_name(head) {
            let to = op.req_type(0)?;
            let arg = self.value_use(names)?;
            return Ok(ParsedInst::new(InstData::Cast { op: c, arg, to }, Some(to)));
        }
        let parsed = match head {
            "iconst" => {
                let ty = op.req_type(0)?;
                let (v, vpos) = self.expect_int()?;
                let imm = int_imm(ty, v)
                    .ok_or_else(|| ParseError::at(vpos, format!("{v} does not fit in {ty}")))?;
                ParsedInst::new(InstData::IConst { ty, imm }, Some(ty))
            }
            "fconst" => {
                let ty = op.req_type(0)?;
                let vpos = self.pos();
                let Tok::Number(text) = self.peek().clone() else {
                    return self.unexpected("a float constant");
                };
                self.advance();
                let bits = float_imm(ty, &text)
                    .ok_or_else(|| ParseError::at(vpos, format!("bad {ty} constant `{text}`")))?;
                ParsedInst::new(InstData::FConst { ty, bits }, Some(ty))
            }
            "fma" => {
                let ty = op.req_type(0)?;
                let (a, b, c) = self.three_values(names)?;
                ParsedInst::new(InstData::Fma { a, b, c }, Some(ty))
            }
            "icmp" => {
                let cond = op.parsed(0, "integer condition", IntCC::from_name)?;
                op.no_type(1)?;
                let (lhs, rhs) = self.two_values(names)?;
                ParsedInst::new(InstData::ICmp { cond, lhs, rhs }, Some(Type::I1))
            }
            "fcmp" => {
                let cond = op.parsed(0, "float condition", FloatCC::from_name)?;
                op.no_type(1)?;
                let (lhs, rhs) = self.two_values(names)?;
                ParsedInst::new(InstData::FCmp { cond, lhs, rhs }, Some(Type::I1))
            }
            "select" => {
                let ty = op.req_type(0)?;
                let (cond, if_true, if_false) = self.three_values(names)?;
                let data = InstData::Select {
                    cond,
                    if_true,
                    if_false,
                };
                ParsedInst::new(data, Some(ty))
            }
            "load" => {
                let ty = op.req_type(0)?;
                let ptr = self.value_use(names)?;
                let flags = self.mem_flags()?;
                ParsedInst::new(InstData::Load { ty, ptr, flags }, Some(ty))
            }
            "store" => {
                op.no_type(0)?;
                let (value, ptr) = self.two_values(names)?;
                let flags = self.mem_flags()?;
                ParsedInst::new(InstData::Store { ptr, value, flags }, None)
            }
            "ptradd" => {
                let ty = op.req_type(0)?;
                let (ptr, offset) = self.two_values(names)?;
                ParsedInst::new(InstData::PtrAdd { ptr, offset }, Some(ty))
            }
            "stackaddr" => {
                op.no_type(0)?;
                let spos = self.pos();
                let slot = self
                    .peek_ident()
                    .and_then(|s| entity_number(s, "ss"))
                    .ok_or_else(|| ParseError::at(spos, "expected a stack slot `ssN`"))?;
                self.advance();
                let slot = slot_of(names, slot)
                    .ok_or_else(|| ParseError::at(spos, format!("ss{slot} is not defined")))?;
                ParsedInst::new(
                    InstData::StackAddr { slot },
                    Some(Type::Ptr(AddrSpace::Local)),
                )
            }
            "globaladdr" => {
                let ty = op.req_type(0)?;
                let (name, npos) = self.expect_symbol()?;
                let global = placeholder_global();
                let mut p = ParsedInst::new(InstData::GlobalAddr { global }, Some(ty));
                p.global = Some((name, npos));
                p
            }
            "call" => {
                let ty = op.opt_type(0)?;
                let (name, npos) = self.expect_symbol()?;
                let args = self.value_list(names)?;
                let callee = placeholder_func();
                let mut p = ParsedInst::new(InstData::Call { callee, args }, ty);
                p.callee = Some((name, npos));
                p
            }
            "funcaddr" => {
                op.no_type(0)?;
                let (name, npos) = self.expect_symbol()?;
                let func = placeholder_func();
                let mut p = ParsedInst::new(
                    InstData::FuncAddr { func },
                    Some(Type::Ptr(AddrSpace::Generic)),
                );
                p.callee = Some((name, npos));
                p
            }
            "callind" => {
                let ret = op.opt_type(0)?;
                let target = self.value_use(names)?;
                let args = self.value_list(names)?;
                self.expect_punct(':')?;
                let params = self.param_kinds()?;
                let sig = crate::Signature { params, ret };
                ParsedInst::new(InstData::CallIndirect { target, sig, args }, ret)
            }
            "sreg" => {
                op.no_type(0)?;
                let rpos = self.pos();
                let Tok::SReg(name) = self.peek().clone() else {
                    return self.unexpected("a special register `%tid.x`");
                };
                self.advance();
                let reg = SpecialReg::from_name(&name).ok_or_else(|| {
                    ParseError::at(rpos, format!("unknown special register `%{name}`"))
                })?;
                ParsedInst::new(InstData::SpecialReg { reg }, Some(Type::I32))
            }
            "barrier" => {
                op.no_type(0)?;
                ParsedInst::new(InstData::Barrier, None)
            }
            "warpsync" => {
                op.no_type(0)?;
                let mask = self.value_use(names)?;
                ParsedInst::new(InstData::WarpSync { mask }, None)
            }
            "activemask" => {
                op.no_type(0)?;
                ParsedInst::new(InstData::ActiveMask, Some(Type::I32))
            }
            "fence" => {
                let scope = op.parsed(0, "scope", Scope::from_name)?;
                op.no_type(1)?;
                ParsedInst::new(InstData::Fence { scope }, None)
            }
            "atomicrmw" => {
                let aop = op.parsed(0, "atomic operation", AtomicOp::from_name)?;
                let scope = op.parsed(1, "scope", Scope::from_name)?;
                let ty = op.req_type(2)?;
                let (ptr, value) = self.two_values(names)?;
                let data = InstData::AtomicRmw {
                    op: aop,
                    ptr,
                    value,
                    scope,
                };
                ParsedInst::new(data, Some(ty))
            }
            "atomiccas" => {
                let scope = op.parsed(0, "scope", Scope::from_name)?;
                let ty = op.req_type(1)?;
                let (ptr, expected, new) = self.three_values(names)?;
                let data = InstData::AtomicCas {
                    ptr,
                    expected,
                    new,
                    scope,
                };
                ParsedInst::new(data, Some(ty))
            }
            "shfl" => {
                let mode = op.parsed(0, "shuffle mode", ShuffleMode::from_name)?;
                let ty = op.req_type(1)?;
                let (mask, value, lane) = self.three_values(names)?;
                self.expect_punct(',')?;
                let clamp = self.value_use(names)?;
                let data = InstData::Shuffle {
                    mode,
                    mask,
                    value,
                    lane,
                    clamp,
                };
                ParsedInst::new(data, Some(ty))
            }
            "vote" => {
                let mode = op.parsed(0, "vote mode", VoteMode::from_name)?;
                op.no_type(1)?;
                let (mask, pred) = self.two_values(names)?;
                let ty = if mode == VoteMode::Ballot {
                    Type::I32
                } else {
                    Type::I1
                };
                ParsedInst::new(InstData::Vote { mode, mask, pred }, Some(ty))
            }
            "tex" => {
                let t = TexOp::from_parts(&op.parts[1..]).ok_or_else(|| {
                    ParseError::at(pos, format!("malformed texture fetch `{word}`"))
                })?;
                let args = self.value_list(names)?;
                ParsedInst::new(InstData::TexFetch { op: t, args }, Some(t.result_type()))
            }
            "suld" | "sust" => {
                let store = head == "sust";
                let s = SurfOp::from_parts(&op.parts[1..], store).ok_or_else(|| {
                    ParseError::at(pos, format!("malformed surface access `{word}`"))
                })?;
                let args = self.value_list(names)?;
                if store {
                    ParsedInst::new(InstData::SurfWrite { op: s, args }, None)
                } else {
                    ParsedInst::new(InstData::SurfRead { op: s, args }, Some(s.value_type()))
                }
            }
            "asm" => {
                let Tok::Bytes(bytes) = self.peek().clone() else {
                    return self.unexpected("the template as a byte string `x\"…\"`");
                };
                self.advance();
                let text = String::from_utf8(bytes)
                    .map_err(|_| ParseError::at(pos, "asm template is not UTF-8"))?;
                let asm = AsmBlock::from_parts(&op.parts[1..], &text)
                    .ok_or_else(|| ParseError::at(pos, format!("malformed inline asm `{word}`")))?;
                let args = self.value_list(names)?;
                let ty = asm.outputs.first().map(|r| r.ty());
                ParsedInst::new(
                    InstData::InlineAsm {
                        asm: Box::new(asm),
                        args,
                    },
                    ty,
                )
            }
            "asmout" => {
                let index = op.parsed(0, "output index", |s| s.parse::<u32>().ok())?;
                let ty = op.req_type(1)?;
                let asm = self.value_use(names)?;
                ParsedInst::new(InstData::AsmOutput { asm, index }, Some(ty))
            }
            "jump" => {
                op.no_type(0)?;
                let dest = self.block_call(names)?;
                ParsedInst::new(InstData::Jump { dest }, None)
            }
            "brif" => {
                op.no_type(0)?;
                let cond = self.value_use(names)?;
                self.expect_punct(',')?;
                let then_dest = self.block_call(names)?;
                self.expect_punct(',')?;
                let else_dest = self.block_call(names)?;
                let data = InstData::Branch {
                    cond,
                    then_dest,
                    else_dest,
                };
                ParsedInst::new(data, None)
            }
            "switch" => {
                op.no_type(0)?;
                let arg = self.value_use(names)?;
                self.expect_punct(',')?;
                self.expect_keyword("default")?;
                let default = self.block_call(names)?;
                self.expect_punct(',')?;
                self.expect_punct('[')?;
                let mut cases = Vec::new();
                if !self.eat_punct(']') {
                    loop {
                        let k = self.expect_u64()?;
                        self.expect_punct(':')?;
                        cases.push((k, self.block_call(names)?));
                        if self.eat_punct(']') {
                            break;
                        }
                        self.expect_punct(',')?;
                    }
                }
                let data = InstData::Switch {
                    arg,
                    cases,
                    default,
                };
                ParsedInst::new(data, None)
            }
            "return" => {
                op.no_type(0)?;
                let value = match self.peek() {
                    Tok::Ident(s) if entity_number(s, "v").is_some() => {
                        Some(self.value_use(names)?)
                    }
                    _ => None,
                };
                ParsedInst::new(InstData::Return { value }, None)
            }
            "unreachable" => {
                op.no_type(0)?;
                ParsedInst::new(InstData::Unreachable, None)
            }
            _ => return Err(ParseError::at(pos, format!("unknown instruction `{head}`"))),
        };
        Ok(parsed)
    }

    fn two_values(&mut self, names: &mut BodyNames) -> PResult<(crate::Value, crate::Value)> {
        let a = self.value_use(names)?;
        self.expect_punct(',')?;
        let b = self.value_use(names)?;
        Ok((a, b))
    }

    fn three_values(
        &mut self,
        names: &mut BodyNames,
    ) -> PResult<(crate::Value, crate::Value, crate::Value)> {
        let (a, b) = self.two_values(names)?;
        self.expect_punct(',')?;
        let c = self.value_use(names)?;
        Ok((a, b, c))
    }
}

/// The `imm` bits of an integer constant written as `v` for type `ty`: types printed
/// signed (`i8`…`i64`, pointers) accept both signed and unsigned spellings of their
/// width; `i1`, `i128` and others take any `u64`.
fn int_imm(ty: Type, v: i128) -> Option<u64> {
    let bits = match ty {
        Type::I8 | Type::I16 | Type::I32 | Type::I64 | Type::Ptr(_) => ty.bits(),
        _ => return u64::try_from(v).ok(),
    };
    let min = -(1i128 << (bits - 1));
    let max = (1i128 << bits) - 1;
    if v < min || v > max {
        return None;
    }
    let mask = if bits == 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    Some((v as u64) & mask)
}

/// The bits of a float constant: hex is raw bits (any type), decimal is read as `f32` or
/// `f64` with correct rounding.
fn float_imm(ty: Type, text: &str) -> Option<u64> {
    if let Some(hex) = text.strip_prefix("0x") {
        if hex.is_empty() || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        return u64::from_str_radix(hex, 16).ok();
    }
    // Only plain decimal spellings: Rust's parser would also take `inf` and `NaN`, which the
    // format writes as hex bits.
    let ok = text
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-'));
    if !ok || !text.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    match ty {
        Type::F32 => text.parse::<f32>().ok().map(|f| f.to_bits() as u64),
        Type::F64 => text.parse::<f64>().ok().map(f64::to_bits),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse::parse_int;
    use super::*;

    #[test]
    fn integer_immediates() {
        assert_eq!(int_imm(Type::I32, -1), Some(0xffff_ffff));
        assert_eq!(int_imm(Type::I32, 0xffff_ffff), Some(0xffff_ffff));
        assert_eq!(int_imm(Type::I32, 1 << 32), None);
        assert_eq!(int_imm(Type::I8, -129), None);
        assert_eq!(int_imm(Type::I64, -1), Some(u64::MAX));
        assert_eq!(int_imm(Type::I1, 1), Some(1));
        assert_eq!(int_imm(Type::I128, -1), None);
        assert_eq!(parse_int("0x10"), Some(16));
        assert_eq!(parse_int("-0x10"), Some(-16));
        assert_eq!(parse_int("0x-5"), None);
        assert_eq!(parse_int("+5"), None);
    }

    #[test]
    fn float_immediates() {
        assert_eq!(float_imm(Type::F32, "1.5"), Some(1.5f32.to_bits() as u64));
        assert_eq!(float_imm(Type::F64, "-0.0"), Some((-0.0f64).to_bits()));
        assert_eq!(float_imm(Type::F32, "0x7fc00001"), Some(0x7fc0_0001));
        assert_eq!(float_imm(Type::F16, "1.0"), None);
        assert_eq!(float_imm(Type::F32, "e"), None);
    }
}
