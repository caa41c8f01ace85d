//! PTX text to a light syntax tree: module directives, variable declarations, functions with
//! their parameters, register declarations, labels and instructions with raw operands.
//!
//! The tree keeps names as strings; `decode` resolves them into compact instructions. The
//! parser accepts what `nvcc -ptx` emits (including inline-asm `{ }` scopes and call
//! sequences) and reports anything else as an error with its line.

use crate::EmuError;

/// One lexical token with its 1-based line.
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    /// Identifiers, directives, opcodes, registers: `ld.global.u32`, `%r1`, `.reg`, `$L__BB0_2`.
    Word(String),
    /// An integer literal (two's complement bits for negative values come later).
    Int(u64),
    /// `0f...` single-precision bits.
    F32(u32),
    /// `0d...` double-precision bits (also decimal float literals).
    F64(u64),
    Str(String),
    Punct(char),
}

fn lex(src: &str) -> Result<Vec<(Tok, u32)>, EmuError> {
    let b = src.as_bytes();
    let mut i = 0;
    let mut line = 1u32;
    let mut out = Vec::new();
    let word_start = |c: u8| c.is_ascii_alphabetic() || matches!(c, b'_' | b'$' | b'%' | b'.');
    let word_char = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.');
    while i < b.len() {
        let c = b[i];
        if c == b'\n' {
            line += 1;
            i += 1;
        } else if c.is_ascii_whitespace() {
            i += 1;
        } else if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            i += 2;
            while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                if b[i] == b'\n' {
                    line += 1;
                }
                i += 1;
            }
            i += 2;
        } else if c == b'"' {
            let start = i + 1;
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += 1;
            }
            out.push((Tok::Str(src[start..i.min(b.len())].to_string()), line));
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'.') {
                i += 1;
            }
            // Exponent signs of decimal floats.
            while i < b.len()
                && matches!(b[i], b'+' | b'-')
                && matches!(b[i - 1], b'e' | b'E')
                && !src[start..i].starts_with("0x")
            {
                i += 1;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
            }
            let text = &src[start..i];
            out.push((
                parse_number(text).ok_or_else(|| err(line, format!("bad number `{text}`")))?,
                line,
            ));
        } else if word_start(c) {
            let start = i;
            i += 1;
            loop {
                while i < b.len() && word_char(b[i]) {
                    i += 1;
                }
                // State-space and completion qualifiers are part of the opcode:
                // `mbarrier.arrive.shared::cta.b64`, `.mbarrier::complete_tx::bytes`.
                if b.get(i) == Some(&b':')
                    && b.get(i + 1) == Some(&b':')
                    && b.get(i + 2).is_some_and(|&c| word_char(c))
                {
                    i += 2;
                } else {
                    break;
                }
            }
            out.push((Tok::Word(src[start..i].to_string()), line));
        } else {
            out.push((Tok::Punct(c as char), line));
            i += 1;
        }
    }
    Ok(out)
}

fn parse_number(t: &str) -> Option<Tok> {
    let lower = t.to_ascii_lowercase();
    if let Some(h) = lower.strip_prefix("0f") {
        return u32::from_str_radix(h, 16).ok().map(Tok::F32);
    }
    if let Some(h) = lower.strip_prefix("0d") {
        return u64::from_str_radix(h, 16).ok().map(Tok::F64);
    }
    let t = lower.trim_end_matches('u');
    if let Some(h) = t.strip_prefix("0x") {
        return u64::from_str_radix(h, 16).ok().map(Tok::Int);
    }
    if t.contains('.') || t.contains('e') {
        return t.parse::<f64>().ok().map(|v| Tok::F64(v.to_bits()));
    }
    if t.len() > 1 && t.starts_with('0') && t.bytes().all(|c| c.is_ascii_digit()) {
        return u64::from_str_radix(&t[1..], 8).ok().map(Tok::Int);
    }
    t.parse::<u64>().ok().map(Tok::Int)
}

fn err(line: u32, msg: String) -> EmuError {
    EmuError(format!("line {line}: {msg}"))
}

/// An instruction operand as written.
#[derive(Clone, Debug, PartialEq)]
pub enum Operand {
    /// A register, special register or symbol name.
    Name(String),
    /// `!%p`.
    Not(String),
    Int(i64),
    F32(u32),
    F64(u64),
    /// `[base+off]`: base is a register or symbol name (or absent for absolute addresses).
    Addr(Option<String>, i64),
    /// `{%r1, %r2}`.
    Vector(Vec<Operand>),
    /// `[%rd1, {%f1, %f2}]`: a texture or surface handle and its coordinates.
    TexAddr(String, Vec<Operand>),
    /// `(a, b)` in call instructions.
    List(Vec<Operand>),
    /// `%p|%q` destination pair of setp.
    Pair(String, String),
    /// `_` sink.
    Sink,
}

#[derive(Clone, Debug)]
pub struct Instruction {
    /// Guard predicate register and whether it is negated.
    pub guard: Option<(String, bool)>,
    pub opcode: String,
    pub operands: Vec<Operand>,
    pub line: u32,
}

/// A `.reg`, `.local`, `.shared`, `.param`, `.global` or `.const` declaration.
#[derive(Clone, Debug)]
pub struct VarDecl {
    pub space: String,
    pub align: u32,
    /// Element type name without the dot (`b8`, `u32`, `f32`, `pred`, ...).
    pub ty: String,
    /// Vector width from `.v2/.v4` (1 otherwise).
    pub vec: u32,
    pub name: String,
    /// `%r<10>` declares `%r0..%r9`.
    pub range: Option<u32>,
    /// Array dimensions; `Some(0)` for `[]` (extern arrays).
    pub dims: Vec<u64>,
    pub init: Vec<Operand>,
    pub extern_: bool,
    pub line: u32,
}

/// One statement of a function body.
#[derive(Clone, Debug)]
pub enum Stmt {
    Decl(VarDecl),
    Label(String),
    Inst(Instruction),
    /// `name: .callprototype (rets) _ (params);`, the signature an indirect `call` names.
    Proto(Prototype),
    Open,
    Close,
}

/// A call prototype: parameter declarations (named `_`) of an indirect call's callee.
#[derive(Clone, Debug)]
pub struct Prototype {
    pub name: String,
    pub rets: Vec<VarDecl>,
    pub params: Vec<VarDecl>,
}

#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    pub is_entry: bool,
    pub rets: Vec<VarDecl>,
    pub params: Vec<VarDecl>,
    /// `None` for declarations without a body (`.extern .func vprintf`).
    pub body: Option<Vec<Stmt>>,
    pub line: u32,
}

#[derive(Clone, Debug, Default)]
pub struct Module {
    pub vars: Vec<VarDecl>,
    pub funcs: Vec<Function>,
}

struct Parser {
    toks: Vec<(Tok, u32)>,
    pos: usize,
}

const TYPES: &[&str] = &[
    "b8", "b16", "b32", "b64", "b128", "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64", "f16",
    "f16x2", "bf16", "bf16x2", "f32", "f64", "pred",
];

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|t| &t.0)
    }
    fn line(&self) -> u32 {
        self.toks
            .get(self.pos)
            .or(self.toks.last())
            .map_or(0, |t| t.1)
    }
    fn next(&mut self) -> Result<Tok, EmuError> {
        let t = self
            .toks
            .get(self.pos)
            .cloned()
            .ok_or_else(|| err(self.line(), "unexpected end of file".into()))?;
        self.pos += 1;
        Ok(t.0)
    }
    fn is_punct(&self, c: char) -> bool {
        self.peek() == Some(&Tok::Punct(c))
    }
    fn eat_punct(&mut self, c: char) -> bool {
        if self.is_punct(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn expect_punct(&mut self, c: char) -> Result<(), EmuError> {
        if self.eat_punct(c) {
            Ok(())
        } else {
            Err(err(
                self.line(),
                format!("expected `{c}`, found {:?}", self.peek()),
            ))
        }
    }
    fn word(&mut self) -> Result<String, EmuError> {
        match self.next()? {
            Tok::Word(w) => Ok(w),
            t => Err(err(
                self.toks[self.pos - 1].1,
                format!("expected a name, found {t:?}"),
            )),
        }
    }
    fn peek_word(&self) -> Option<&str> {
        match self.peek() {
            Some(Tok::Word(w)) => Some(w),
            _ => None,
        }
    }
    fn int(&mut self) -> Result<i64, EmuError> {
        let neg = self.eat_punct('-');
        match self.next()? {
            Tok::Int(v) => Ok(if neg {
                (v as i64).wrapping_neg()
            } else {
                v as i64
            }),
            t => Err(err(
                self.line(),
                format!("expected an integer, found {t:?}"),
            )),
        }
    }
    fn skip_to_semicolon(&mut self) -> Result<(), EmuError> {
        while !self.eat_punct(';') {
            self.next()?;
        }
        Ok(())
    }

    fn module(&mut self) -> Result<Module, EmuError> {
        let mut m = Module::default();
        while self.peek().is_some() {
            let line = self.line();
            let w = self.word()?;
            match w.as_str() {
                ".version" | ".target" | ".address_size" | ".file" | ".loc" | ".pragma"
                | ".section" => self.skip_line_directive(&w)?,
                ".visible" | ".extern" | ".weak" | ".common" => {
                    let next = self.peek_word().unwrap_or("").to_string();
                    let is_extern = w == ".extern";
                    if next == ".func" || next == ".entry" {
                        continue;
                    }
                    let space = self.word()?;
                    let mut d = self.var_decl(space, line)?;
                    d.extern_ = is_extern;
                    self.expect_punct(';')?;
                    m.vars.push(d);
                }
                ".global" | ".const" | ".shared" => {
                    let d = self.var_decl(w, line)?;
                    self.expect_punct(';')?;
                    m.vars.push(d);
                }
                ".entry" | ".func" => m.funcs.push(self.function(w == ".entry", line)?),
                _ => return Err(err(line, format!("unexpected `{w}` at module scope"))),
            }
        }
        Ok(m)
    }

    /// Directives that end at a `;` or at the end of their line (`.version 9.5` has no `;`).
    fn skip_line_directive(&mut self, w: &str) -> Result<(), EmuError> {
        let line = self.toks[self.pos - 1].1;
        match w {
            ".pragma" => self.skip_to_semicolon(),
            _ => {
                while self.peek().is_some() && self.toks[self.pos].1 == line && !self.is_punct(';')
                {
                    self.pos += 1;
                }
                self.eat_punct(';');
                Ok(())
            }
        }
    }

    fn var_decl(&mut self, space: String, line: u32) -> Result<VarDecl, EmuError> {
        let mut d = VarDecl {
            space: space.trim_start_matches('.').to_string(),
            align: 0,
            ty: String::new(),
            vec: 1,
            name: String::new(),
            range: None,
            dims: Vec::new(),
            init: Vec::new(),
            extern_: false,
            line,
        };
        loop {
            let w = self.word()?;
            match w.as_str() {
                ".align" => d.align = self.int()? as u32,
                ".v2" => d.vec = 2,
                ".v4" => d.vec = 4,
                ".v8" => d.vec = 8,
                ".ptr" | ".global" | ".shared" | ".const" | ".local" => {}
                // `.attribute(.managed)` (a `__managed__` variable): ordinary global memory
                // here; the launch file's host side sees it like any module variable.
                ".attribute" => {
                    self.expect_punct('(')?;
                    self.word()?;
                    self.expect_punct(')')?;
                }
                _ if w.starts_with('.') && TYPES.contains(&&w[1..]) => d.ty = w[1..].to_string(),
                _ if w.starts_with('.') => {}
                _ => {
                    d.name = w;
                    break;
                }
            }
        }
        if self.eat_punct('<') {
            d.range = Some(self.int()? as u32);
            self.expect_punct('>')?;
        }
        while self.eat_punct('[') {
            if self.eat_punct(']') {
                d.dims.push(0);
            } else {
                d.dims.push(self.int()? as u64);
                self.expect_punct(']')?;
            }
        }
        if self.eat_punct('=') {
            d.init = self.initializer()?;
        }
        Ok(d)
    }

    fn initializer(&mut self) -> Result<Vec<Operand>, EmuError> {
        let mut out = Vec::new();
        if self.eat_punct('{') {
            loop {
                if self.eat_punct('}') {
                    break;
                }
                if self.is_punct('{') {
                    out.extend(self.initializer()?);
                } else {
                    out.push(self.init_value()?);
                }
                self.eat_punct(',');
            }
        } else {
            out.push(self.init_value()?);
        }
        Ok(out)
    }

    /// One initializer value: a number, a symbol address `name`, `name+off`, or
    /// `generic(name)` (the generic address of a global), as an `Addr` operand.
    fn init_value(&mut self) -> Result<Operand, EmuError> {
        let mut name = match self.peek() {
            Some(Tok::Word(w)) if w == "generic" => {
                self.pos += 1;
                self.expect_punct('(')?;
                let n = self.word()?;
                self.expect_punct(')')?;
                n
            }
            Some(Tok::Word(_)) => self.word()?,
            _ => return self.scalar_operand(),
        };
        let mut off = 0i64;
        while self.eat_punct('+') {
            off = off.wrapping_add(self.int()?);
        }
        if name == "_" {
            name.clear();
        }
        Ok(Operand::Addr(Some(name), off))
    }

    fn param_list(&mut self, line: u32) -> Result<Vec<VarDecl>, EmuError> {
        let mut out = Vec::new();
        self.expect_punct('(')?;
        while !self.eat_punct(')') {
            let space = self.word()?;
            let mut d = self.var_decl(space, line)?;
            // `.param .u64 .ptr .global .align 8 name`: handled by var_decl's skipping.
            if d.space == "reg" {
                d.space = "param".into();
            }
            out.push(d);
            self.eat_punct(',');
        }
        Ok(out)
    }

    fn function(&mut self, is_entry: bool, line: u32) -> Result<Function, EmuError> {
        let mut rets = Vec::new();
        if self.is_punct('(') {
            rets = self.param_list(line)?;
        }
        let name = self.word()?;
        let params = if self.is_punct('(') {
            self.param_list(line)?
        } else {
            Vec::new()
        };
        // Performance directives and attributes up to the body.
        loop {
            match self.peek() {
                Some(Tok::Punct(';')) => {
                    self.pos += 1;
                    return Ok(Function {
                        name,
                        is_entry,
                        rets,
                        params,
                        body: None,
                        line,
                    });
                }
                Some(Tok::Punct('{')) => break,
                Some(_) => {
                    self.next()?;
                }
                None => return Err(err(line, format!("function `{name}` has no body"))),
            }
        }
        self.expect_punct('{')?;
        let mut body = Vec::new();
        let mut depth = 1;
        while depth > 0 {
            let line = self.line();
            match self.peek() {
                Some(Tok::Punct('{')) => {
                    self.pos += 1;
                    depth += 1;
                    body.push(Stmt::Open);
                }
                Some(Tok::Punct('}')) => {
                    self.pos += 1;
                    depth -= 1;
                    if depth > 0 {
                        body.push(Stmt::Close);
                    }
                }
                Some(Tok::Word(w)) if w.starts_with('.') => {
                    let mut w = self.word()?;
                    // `.reg.b16 hl, hu;` (no space, as NVIDIA's headers write it in inline
                    // PTX): the directive, then its type as the next word.
                    if let Some(dot) = w[1..].find('.').map(|k| k + 1) {
                        if matches!(&w[..dot], ".reg" | ".local" | ".shared" | ".param") {
                            let line = self.toks[self.pos - 1].1;
                            self.toks
                                .insert(self.pos, (Tok::Word(w[dot..].to_string()), line));
                            w.truncate(dot);
                        }
                    }
                    match w.as_str() {
                        ".reg" | ".local" | ".shared" | ".param" | ".global" | ".const" => {
                            let mut d = self.var_decl(w, line)?;
                            let first_ty = d.ty.clone();
                            let first_vec = d.vec;
                            body.push(Stmt::Decl(d.clone()));
                            // `.reg .b32 a, b, c;`
                            while self.eat_punct(',') {
                                d = VarDecl {
                                    name: self.word()?,
                                    range: None,
                                    ty: first_ty.clone(),
                                    vec: first_vec,
                                    ..d
                                };
                                if self.eat_punct('<') {
                                    d.range = Some(self.int()? as u32);
                                    self.expect_punct('>')?;
                                }
                                body.push(Stmt::Decl(d.clone()));
                            }
                            self.expect_punct(';')?;
                        }
                        ".loc" | ".file" | ".pragma" | ".maxnreg" | ".maxntid" | ".reqntid" => {
                            self.skip_line_directive(&w)?
                        }
                        _ => {
                            return Err(err(
                                line,
                                format!("unsupported directive `{w}` in a function body"),
                            ))
                        }
                    }
                }
                Some(Tok::Word(_)) => {
                    let w = self.word()?;
                    if self.eat_punct(':') {
                        if self.peek_word() == Some(".callprototype") {
                            self.pos += 1;
                            body.push(Stmt::Proto(self.prototype(w, line)?));
                            continue;
                        }
                        body.push(Stmt::Label(w));
                    } else {
                        self.pos -= 1;
                        body.push(Stmt::Inst(self.instruction(None)?));
                    }
                }
                Some(Tok::Punct('@')) => {
                    self.pos += 1;
                    let neg = self.eat_punct('!');
                    let p = self.word()?;
                    body.push(Stmt::Inst(self.instruction(Some((p, neg)))?));
                }
                Some(t) => return Err(err(line, format!("unexpected {t:?} in function `{name}`"))),
                None => return Err(err(line, format!("unterminated function `{name}`"))),
            }
        }
        Ok(Function {
            name,
            is_entry,
            rets,
            params,
            body: Some(body),
            line,
        })
    }

    /// The rest of `name: .callprototype (.param .b32 _) _ (.param .b64 _, ...);` after the
    /// directive; a prototype without a return value has `()` before the `_`.
    fn prototype(&mut self, name: String, line: u32) -> Result<Prototype, EmuError> {
        let rets = self.param_list(line)?;
        let w = self.word()?;
        if w != "_" {
            return Err(err(
                line,
                format!("expected `_` in `.callprototype`, found `{w}`"),
            ));
        }
        let params = if self.is_punct('(') {
            self.param_list(line)?
        } else {
            Vec::new()
        };
        // Attributes such as `.noreturn`.
        self.skip_to_semicolon()?;
        Ok(Prototype { name, rets, params })
    }

    fn instruction(&mut self, guard: Option<(String, bool)>) -> Result<Instruction, EmuError> {
        let line = self.line();
        let opcode = self.word()?;
        let mut operands = Vec::new();
        if !self.eat_punct(';') {
            loop {
                operands.push(self.operand()?);
                if self.eat_punct(';') {
                    break;
                }
                // `call (ret), f, (args)` has commas; anything else is an error.
                if !self.eat_punct(',') {
                    return Err(err(
                        line,
                        format!("expected `,` or `;` in `{opcode}`, found {:?}", self.peek()),
                    ));
                }
            }
        }
        Ok(Instruction {
            guard,
            opcode,
            operands,
            line,
        })
    }

    fn scalar_operand(&mut self) -> Result<Operand, EmuError> {
        let neg = self.eat_punct('-');
        let t = self.next()?;
        let line = self.line();
        Ok(match t {
            Tok::Int(v) => Operand::Int(if neg {
                (v as i64).wrapping_neg()
            } else {
                v as i64
            }),
            Tok::F32(b) => Operand::F32(if neg { b ^ 0x8000_0000 } else { b }),
            Tok::F64(b) => Operand::F64(if neg { b ^ (1 << 63) } else { b }),
            Tok::Word(w) if !neg => {
                if self.eat_punct('|') {
                    Operand::Pair(w, self.word()?)
                } else if w == "_" {
                    Operand::Sink
                } else {
                    Operand::Name(w)
                }
            }
            t => return Err(err(line, format!("unexpected operand {t:?}"))),
        })
    }

    fn operand(&mut self) -> Result<Operand, EmuError> {
        if self.eat_punct('[') {
            let mut base = None;
            let mut off = 0i64;
            if let Some(Tok::Word(_)) = self.peek() {
                base = Some(self.word()?);
                if self.eat_punct(',') {
                    let Operand::Vector(c) = self.operand()? else {
                        return Err(err(self.line(), "expected `{` coordinates `}`".into()));
                    };
                    if !self.eat_punct(']') {
                        return Err(err(
                            self.line(),
                            "expected `]` after the coordinates".into(),
                        ));
                    }
                    return Ok(Operand::TexAddr(base.unwrap_or_default(), c));
                }
            } else if !self.is_punct(']') {
                off = self.int()?;
            }
            while !self.eat_punct(']') {
                // `+4`, `+-8` and `-8` (the `-` is read as the number's sign).
                if self.eat_punct('+') || self.is_punct('-') {
                    off = off.wrapping_add(self.int()?);
                } else {
                    return Err(err(
                        self.line(),
                        format!("bad address expression near {:?}", self.peek()),
                    ));
                }
            }
            return Ok(Operand::Addr(base, off));
        }
        if self.eat_punct('{') {
            let mut v = Vec::new();
            while !self.eat_punct('}') {
                v.push(self.scalar_operand()?);
                self.eat_punct(',');
            }
            return Ok(Operand::Vector(v));
        }
        if self.eat_punct('(') {
            let mut v = Vec::new();
            while !self.eat_punct(')') {
                v.push(self.operand()?);
                self.eat_punct(',');
            }
            return Ok(Operand::List(v));
        }
        if self.eat_punct('!') {
            return Ok(Operand::Not(self.word()?));
        }
        self.scalar_operand()
    }
}

/// Parses PTX text into a module tree.
pub fn parse_module(src: &str) -> Result<Module, EmuError> {
    let toks = lex(src)?;
    Parser { toks, pos: 0 }.module()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_entry_with_registers_and_addresses() {
        let m = parse_module(
            ".version 9.5\n.target sm_75\n.address_size 64\n.visible .entry k(.param .u64 k_param_0)\n{\n.reg .b32 %r<3>;\n@!%p1 ld.global.v2.u32 {%r1, %r2}, [%rd1+-8];\nmov.f32 %f1, 0f3F800000;\n}\n",
        )
        .unwrap();
        assert_eq!(m.funcs.len(), 1);
        let body = m.funcs[0].body.as_ref().unwrap();
        let Stmt::Inst(i) = &body[1] else { panic!() };
        assert_eq!(i.guard, Some(("%p1".to_string(), true)));
        assert_eq!(i.operands[1], Operand::Addr(Some("%rd1".into()), -8));
        let Stmt::Inst(i) = &body[2] else { panic!() };
        assert_eq!(i.operands[1], Operand::F32(0x3F80_0000));
    }
}
