//! The `.oxir` parser: text to `Module`, with `line:col` in every error.
//!
//! The parser checks syntax and names (every value, block, slot, function and global that
//! is used is defined, nothing is defined twice) but not types or dominance: that is the
//! verifier's job, and keeping it out lets verifier tests be written as text.
//!
//! Operands may name values and blocks that appear further down (a block later in the
//! layout can dominate an earlier one), so instructions are first built with placeholder
//! operands holding the *printed* numbers, and rewritten to the real entities once the whole
//! function has been read. Calls and global addresses are resolved the same way at the end
//! of the module, so functions may call functions defined after them.

use hashbrown::HashMap;

use super::lex::{lex, ParseError, Pos, Tok};
use crate::entity::EntityRef;
use crate::function::{FuncKind, Function, InlineHint, Linkage, ParamKind, Signature, UnrollHint};
use crate::inst::*;
use crate::module::{GlobalVar, Module};
use crate::types::{AddrSpace, Type};
use crate::{Block, FuncId, GlobalId, Inst, StackSlot, Value};

/// Parses a whole module.
pub fn parse_module(src: &str) -> Result<Module, ParseError> {
    let toks = lex(src)?;
    let mut p = Parser {
        toks,
        at: 0,
        module: Module::new(),
        func_names: HashMap::new(),
        global_names: HashMap::new(),
        callee_fixups: Vec::new(),
        global_fixups: Vec::new(),
        global_func_fixups: Vec::new(),
    };
    p.module_body()?;
    p.resolve_symbols()?;
    Ok(p.module)
}

pub(super) struct Parser {
    toks: Vec<(Tok, Pos)>,
    at: usize,
    module: Module,
    func_names: HashMap<String, FuncId>,
    global_names: HashMap<String, GlobalId>,
    /// Calls whose callee is known only by name yet: (function, instruction, name, where).
    callee_fixups: Vec<(FuncId, Inst, String, Pos)>,
    global_fixups: Vec<(FuncId, Inst, String, Pos)>,
    /// Function addresses in globals' initializers: (global, index in `func_addrs`, name).
    global_func_fixups: Vec<(GlobalId, usize, String, Pos)>,
}

/// Names of one function body being parsed.
#[derive(Default)]
pub(super) struct BodyNames {
    values: HashMap<u32, Value>,
    blocks: HashMap<u32, Block>,
    slots: HashMap<u32, StackSlot>,
    value_uses: Vec<(u32, Pos)>,
    block_uses: Vec<(u32, Pos)>,
    /// Instructions whose callee or global must be resolved later, by name.
    callees: Vec<(Inst, String, Pos)>,
    globals: Vec<(Inst, String, Pos)>,
}

pub(super) type PResult<T> = Result<T, ParseError>;

impl Parser {
    // ---- token helpers ----------------------------------------------------------------

    pub(super) fn peek(&self) -> &Tok {
        &self.toks[self.at].0
    }

    pub(super) fn pos(&self) -> Pos {
        self.toks[self.at].1
    }

    /// Moves past the current token (never past `Eof`) and returns its position.
    pub(super) fn advance(&mut self) -> Pos {
        let p = self.toks[self.at].1;
        if self.at + 1 < self.toks.len() {
            self.at += 1;
        }
        p
    }

    pub(super) fn error<T>(&self, msg: impl Into<String>) -> PResult<T> {
        Err(ParseError::at(self.pos(), msg))
    }

    pub(super) fn unexpected<T>(&self, expected: &str) -> PResult<T> {
        self.error(format!("expected {expected}, found {}", self.peek()))
    }

    pub(super) fn eat_punct(&mut self, c: char) -> bool {
        if *self.peek() == Tok::Punct(c) {
            self.advance();
            true
        } else {
            false
        }
    }

    pub(super) fn expect_punct(&mut self, c: char) -> PResult<()> {
        if self.eat_punct(c) {
            Ok(())
        } else {
            self.unexpected(&format!("`{c}`"))
        }
    }

    pub(super) fn peek_ident(&self) -> Option<&str> {
        match self.peek() {
            Tok::Ident(s) => Some(s),
            _ => None,
        }
    }

    pub(super) fn eat_keyword(&mut self, kw: &str) -> bool {
        if self.peek_ident() == Some(kw) {
            self.advance();
            true
        } else {
            false
        }
    }

    pub(super) fn expect_keyword(&mut self, kw: &str) -> PResult<()> {
        if self.eat_keyword(kw) {
            Ok(())
        } else {
            self.unexpected(&format!("`{kw}`"))
        }
    }

    pub(super) fn expect_ident(&mut self, what: &str) -> PResult<(String, Pos)> {
        match self.peek() {
            Tok::Ident(s) => {
                let s = s.clone();
                let p = self.advance();
                Ok((s, p))
            }
            _ => self.unexpected(what),
        }
    }

    pub(super) fn expect_symbol(&mut self) -> PResult<(String, Pos)> {
        match self.peek() {
            Tok::Symbol(s) => {
                let s = s.clone();
                let p = self.advance();
                Ok((s, p))
            }
            _ => self.unexpected("a name `@…`"),
        }
    }

    fn skip_newlines(&mut self) {
        while *self.peek() == Tok::Newline {
            self.advance();
        }
    }

    /// The end of a line (or of the input, or a `}` closing the body on the same line).
    fn expect_line_end(&mut self) -> PResult<()> {
        match self.peek() {
            Tok::Newline => {
                self.advance();
                Ok(())
            }
            Tok::Eof | Tok::Punct('}') => Ok(()),
            _ => self.unexpected("end of line"),
        }
    }

    /// A number token as an integer (decimal or `0x` hex, optionally negative).
    pub(super) fn expect_int(&mut self) -> PResult<(i128, Pos)> {
        let pos = self.pos();
        let Tok::Number(s) = self.peek().clone() else {
            return self.unexpected("a number");
        };
        let value = parse_int(&s).ok_or_else(|| ParseError::at(pos, "bad integer"))?;
        self.advance();
        Ok((value, pos))
    }

    pub(super) fn expect_u32(&mut self) -> PResult<u32> {
        let (v, pos) = self.expect_int()?;
        u32::try_from(v).map_err(|_| ParseError::at(pos, "number out of range for u32"))
    }

    pub(super) fn expect_u64(&mut self) -> PResult<u64> {
        let (v, pos) = self.expect_int()?;
        u64::try_from(v).map_err(|_| ParseError::at(pos, "number out of range for u64"))
    }

    pub(super) fn expect_type(&mut self) -> PResult<Type> {
        let (s, pos) = self.expect_ident("a type")?;
        Type::parse(&s).ok_or_else(|| ParseError::at(pos, format!("unknown type `{s}`")))
    }

    // ---- module level ----------------------------------------------------------------

    fn module_body(&mut self) -> PResult<()> {
        loop {
            self.skip_newlines();
            match self.peek_ident() {
                Some("global") => self.global()?,
                Some("kernel") | Some("device") => self.function()?,
                _ if *self.peek() == Tok::Eof => return Ok(()),
                _ => return self.unexpected("`global`, `kernel` or `device`"),
            }
        }
    }

    fn linkage(&mut self) -> Linkage {
        if let Some(l) = self.peek_ident().and_then(Linkage::from_name) {
            self.advance();
            l
        } else {
            Linkage::External
        }
    }

    fn global(&mut self) -> PResult<()> {
        self.expect_keyword("global")?;
        let linkage = self.linkage();
        let (space_name, space_pos) = self.expect_ident("an address space")?;
        let space = AddrSpace::from_name(&space_name).ok_or_else(|| {
            ParseError::at(space_pos, format!("unknown address space `{space_name}`"))
        })?;
        let (name, name_pos) = self.expect_symbol()?;
        self.expect_punct(':')?;
        let elem = self.expect_type()?;
        let count = if self.eat_punct('[') {
            let n = self.expect_u64()?;
            self.expect_punct(']')?;
            Some(n)
        } else {
            None
        };
        let mut align = None;
        let mut extern_shared = false;
        let mut managed = false;
        let mut read_only = false;
        let mut init = None;
        let mut funcs = Vec::new();
        while self.eat_punct(',') {
            let (attr, pos) =
                self.expect_ident("`align`, `dynamic`, `readonly`, `init` or `funcs`")?;
            match attr.as_str() {
                // `funcs [0 @f, 8 @g]`: function addresses at byte offsets.
                "funcs" => {
                    self.expect_punct('[')?;
                    while !self.eat_punct(']') {
                        if !funcs.is_empty() {
                            self.expect_punct(',')?;
                        }
                        let off = self.expect_u64()?;
                        let (fname, fpos) = self.expect_symbol()?;
                        funcs.push((off, fname, fpos));
                    }
                }
                "align" => align = Some(self.expect_u32()?),
                "dynamic" => extern_shared = true,
                "managed" => managed = true,
                "readonly" => read_only = true,
                "init" => match self.peek().clone() {
                    Tok::Bytes(b) => {
                        self.advance();
                        init = Some(b);
                    }
                    _ => return self.unexpected("a byte string `x\"…\"`"),
                },
                _ => return Err(ParseError::at(pos, format!("unknown attribute `{attr}`"))),
            }
        }
        let Some(align) = align else {
            return self.error("a global needs `, align N`");
        };
        self.expect_line_end()?;
        if self.global_names.contains_key(&name) {
            return Err(ParseError::at(
                name_pos,
                format!("global `@{name}` is defined twice"),
            ));
        }
        let id = self.module.add_global(GlobalVar {
            name: name.clone(),
            space,
            elem,
            count,
            align,
            init,
            linkage,
            extern_shared,
            managed,
            func_addrs: Vec::new(),
            read_only,
        });
        self.global_names.insert(name, id);
        for (k, (off, fname, fpos)) in funcs.into_iter().enumerate() {
            self.module.globals[id]
                .func_addrs
                .push((off, placeholder_func()));
            self.global_func_fixups.push((id, k, fname, fpos));
        }
        Ok(())
    }

    /// `(i32, byval(8, 4))`: the parameters of a function or of an indirect call.
    pub(super) fn param_kinds(&mut self) -> PResult<Vec<ParamKind>> {
        let mut params = Vec::new();
        self.expect_punct('(')?;
        if self.eat_punct(')') {
            return Ok(params);
        }
        loop {
            if self.eat_keyword("byval") {
                self.expect_punct('(')?;
                let size = self.expect_u32()?;
                self.expect_punct(',')?;
                let align = self.expect_u32()?;
                self.expect_punct(')')?;
                params.push(ParamKind::ByVal { size, align });
            } else {
                params.push(ParamKind::Value(self.expect_type()?));
            }
            if self.eat_punct(')') {
                return Ok(params);
            }
            self.expect_punct(',')?;
        }
    }

    fn function(&mut self) -> PResult<()> {
        let (kw, _) = self.expect_ident("`kernel` or `device`")?;
        let kind = if kw == "kernel" {
            FuncKind::Kernel
        } else {
            FuncKind::Device
        };
        let linkage = self.linkage();
        let inline = match self.peek_ident().and_then(InlineHint::from_name) {
            Some(h) => {
                self.advance();
                h
            }
            None => InlineHint::Default,
        };
        let (name, name_pos) = self.expect_symbol()?;
        let mut sig = Signature {
            params: self.param_kinds()?,
            ret: None,
        };
        if *self.peek() == Tok::Arrow {
            self.advance();
            sig.ret = Some(self.expect_type()?);
        }
        let mut func = Function::declaration(name.clone(), sig, kind);
        func.linkage = linkage;
        func.inline = inline;
        if self.eat_keyword("launch_bounds") {
            self.expect_punct('(')?;
            let a = self.expect_u32()?;
            self.expect_punct(',')?;
            let b = self.expect_u32()?;
            self.expect_punct(')')?;
            func.launch_bounds = Some((a, b));
        }
        if self.eat_keyword("noalias") {
            self.expect_punct('(')?;
            loop {
                func.noalias_params.push(self.expect_u32()?);
                if !self.eat_punct(',') {
                    break;
                }
            }
            self.expect_punct(')')?;
        }
        if self.func_names.contains_key(&name) {
            return Err(ParseError::at(
                name_pos,
                format!("function `@{name}` is defined twice"),
            ));
        }
        let mut names = BodyNames::default();
        if self.eat_punct('{') {
            self.body(&mut func, &mut names)?;
            self.expect_punct('}')?;
        }
        self.expect_line_end()?;
        resolve_body(&mut func, &names)?;
        let id = self.module.add_function(func);
        self.func_names.insert(name, id);
        for (inst, n, pos) in names.callees {
            self.callee_fixups.push((id, inst, n, pos));
        }
        for (inst, n, pos) in names.globals {
            self.global_fixups.push((id, inst, n, pos));
        }
        Ok(())
    }

    /// Replaces the placeholder callees and globals by the entities their names denote.
    fn resolve_symbols(&mut self) -> PResult<()> {
        for (f, inst, name, pos) in std::mem::take(&mut self.callee_fixups) {
            let Some(&id) = self.func_names.get(&name) else {
                return Err(ParseError::at(pos, format!("unknown function `@{name}`")));
            };
            match &mut self.module.functions[f].insts[inst].data {
                InstData::Call { callee, .. } | InstData::FuncAddr { func: callee } => *callee = id,
                _ => {}
            }
        }
        for (g, k, name, pos) in std::mem::take(&mut self.global_func_fixups) {
            let Some(&id) = self.func_names.get(&name) else {
                return Err(ParseError::at(pos, format!("unknown function `@{name}`")));
            };
            self.module.globals[g].func_addrs[k].1 = id;
        }
        for (f, inst, name, pos) in std::mem::take(&mut self.global_fixups) {
            let Some(&id) = self.global_names.get(&name) else {
                return Err(ParseError::at(pos, format!("unknown global `@{name}`")));
            };
            if let InstData::GlobalAddr { global } = &mut self.module.functions[f].insts[inst].data
            {
                *global = id;
            }
        }
        Ok(())
    }

    // ---- function bodies -------------------------------------------------------------

    fn body(&mut self, func: &mut Function, names: &mut BodyNames) -> PResult<()> {
        self.skip_newlines();
        // Stack slots: `ssN = slot SIZE, align A`.
        while let Some(s) = self.peek_ident().and_then(|s| entity_number(s, "ss")) {
            let pos = self.pos();
            self.advance();
            self.expect_punct('=')?;
            self.expect_keyword("slot")?;
            let size = self.expect_u32()?;
            self.expect_punct(',')?;
            self.expect_keyword("align")?;
            let align = self.expect_u32()?;
            self.expect_line_end()?;
            self.skip_newlines();
            if names.slots.contains_key(&s) {
                return Err(ParseError::at(pos, format!("ss{s} is defined twice")));
            }
            names.slots.insert(s, func.create_stack_slot(size, align));
        }
        while *self.peek() != Tok::Punct('}') {
            self.block(func, names)?;
            self.skip_newlines();
        }
        Ok(())
    }

    fn block(&mut self, func: &mut Function, names: &mut BodyNames) -> PResult<()> {
        let pos = self.pos();
        let Some(n) = self.peek_ident().and_then(|s| entity_number(s, "block")) else {
            return self.unexpected("a block label `blockN:`");
        };
        self.advance();
        if names.blocks.contains_key(&n) {
            return Err(ParseError::at(pos, format!("block{n} is defined twice")));
        }
        let block = func.create_block();
        func.layout.push(block);
        names.blocks.insert(n, block);
        if self.eat_punct('(') {
            loop {
                let (v, vpos) = self.value_name()?;
                self.expect_punct(':')?;
                let ty = self.expect_type()?;
                let value = func.append_block_param(block, ty);
                define_value(names, v, value, vpos)?;
                if self.eat_punct(')') {
                    break;
                }
                self.expect_punct(',')?;
            }
        }
        if self.eat_keyword("unroll") {
            self.expect_punct('(')?;
            func.blocks[block].unroll = if self.eat_keyword("full") {
                UnrollHint::Full
            } else {
                UnrollHint::Count(self.expect_u32()?)
            };
            self.expect_punct(')')?;
        }
        self.expect_punct(':')?;
        self.expect_line_end()?;
        loop {
            self.skip_newlines();
            match self.peek() {
                Tok::Punct('}') | Tok::Eof => break,
                Tok::Ident(s) if entity_number(s, "block").is_some() => break,
                _ => self.inst(func, names, block)?,
            }
        }
        Ok(())
    }

    /// `vN` as a definition: its printed number and position.
    fn value_name(&mut self) -> PResult<(u32, Pos)> {
        let pos = self.pos();
        match self.peek_ident().and_then(|s| entity_number(s, "v")) {
            Some(n) => {
                self.advance();
                Ok((n, pos))
            }
            None => self.unexpected("a value `vN`"),
        }
    }

    /// `vN` as an operand: a placeholder holding the printed number.
    pub(super) fn value_use(&mut self, names: &mut BodyNames) -> PResult<Value> {
        let (n, pos) = self.value_name()?;
        names.value_uses.push((n, pos));
        Ok(Value::from_u32(n))
    }

    pub(super) fn value_list(&mut self, names: &mut BodyNames) -> PResult<Vec<Value>> {
        let mut args = Vec::new();
        self.expect_punct('(')?;
        if self.eat_punct(')') {
            return Ok(args);
        }
        loop {
            args.push(self.value_use(names)?);
            if self.eat_punct(')') {
                return Ok(args);
            }
            self.expect_punct(',')?;
        }
    }

    /// `blockN` or `blockN(v1, v2)`, with a placeholder block.
    pub(super) fn block_call(&mut self, names: &mut BodyNames) -> PResult<BlockCall> {
        let pos = self.pos();
        let Some(n) = self.peek_ident().and_then(|s| entity_number(s, "block")) else {
            return self.unexpected("a block `blockN`");
        };
        self.advance();
        names.block_uses.push((n, pos));
        let args = if *self.peek() == Tok::Punct('(') {
            self.value_list(names)?
        } else {
            Vec::new()
        };
        Ok(BlockCall::new(Block::from_u32(n), args))
    }

    pub(super) fn mem_flags(&mut self) -> PResult<MemFlags> {
        let mut align = None;
        let mut volatile = false;
        let mut invariant = false;
        while self.eat_punct(',') {
            let (attr, pos) = self.expect_ident("`align`, `volatile` or `invariant`")?;
            match attr.as_str() {
                "align" => align = Some(self.expect_u32()?),
                "volatile" => volatile = true,
                "invariant" => invariant = true,
                _ => return Err(ParseError::at(pos, format!("unknown attribute `{attr}`"))),
            }
        }
        match align {
            Some(align) => Ok(MemFlags {
                align,
                volatile,
                invariant,
            }),
            None => self.error("a memory access needs `, align N`"),
        }
    }

    fn inst(&mut self, func: &mut Function, names: &mut BodyNames, block: Block) -> PResult<()> {
        let mut result = None;
        if self.toks.get(self.at + 1).map(|t| &t.0) == Some(&Tok::Punct('=')) {
            result = Some(self.value_name()?);
            self.advance(); // `=`
        }
        let (opname, op_pos) = self.expect_ident("an instruction")?;
        let parsed = self.operands(names, &opname, op_pos)?;
        match (result, parsed.result_ty) {
            (Some(_), None) => {
                return Err(ParseError::at(
                    op_pos,
                    format!("`{opname}` does not define a value"),
                ))
            }
            (None, Some(_)) => {
                return Err(ParseError::at(
                    op_pos,
                    format!("`{opname}` defines a value: write `vN = {opname} …`"),
                ))
            }
            _ => {}
        }
        self.expect_line_end()?;
        let inst = func.make_inst(parsed.data, parsed.result_ty);
        func.blocks[block].insts.push(inst);
        if let Some((n, pos)) = result {
            define_value(names, n, func.result(inst), pos)?;
        }
        if let Some((name, pos)) = parsed.callee {
            names.callees.push((inst, name, pos));
        }
        if let Some((name, pos)) = parsed.global {
            names.globals.push((inst, name, pos));
        }
        Ok(())
    }
}

fn define_value(names: &mut BodyNames, n: u32, value: Value, pos: Pos) -> PResult<()> {
    if names.values.insert(n, value).is_some() {
        return Err(ParseError::at(pos, format!("v{n} is defined twice")));
    }
    Ok(())
}

/// Rewrites placeholder operands (printed numbers) into the function's real values and
/// blocks, after checking that every name used is defined.
fn resolve_body(func: &mut Function, names: &BodyNames) -> PResult<()> {
    for &(n, pos) in &names.value_uses {
        if !names.values.contains_key(&n) {
            return Err(ParseError::at(pos, format!("v{n} is not defined")));
        }
    }
    for &(n, pos) in &names.block_uses {
        if !names.blocks.contains_key(&n) {
            return Err(ParseError::at(pos, format!("block{n} is not defined")));
        }
    }
    for b in func.layout.clone() {
        for i in func.blocks[b].insts.clone() {
            let data = &mut func.insts[i].data;
            data.map_args(|v| names.values[&v.as_u32()]);
            for call in data.successors_mut() {
                call.block = names.blocks[&call.block.as_u32()];
            }
        }
    }
    Ok(())
}

/// The number in `prefixN` (`v12` → 12), if `s` is exactly that.
pub(super) fn entity_number(s: &str, prefix: &str) -> Option<u32> {
    let digits = s.strip_prefix(prefix)?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if digits.len() > 1 && digits.starts_with('0') {
        return None;
    }
    digits.parse().ok()
}

/// Parses `-12`, `42`, `0xff`, `-0x10` as an `i128`.
pub(super) fn parse_int(s: &str) -> Option<i128> {
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let magnitude = match body.strip_prefix("0x") {
        Some(hex) if !hex.is_empty() && hex.bytes().all(|b| b.is_ascii_hexdigit()) => {
            i128::from_str_radix(hex, 16).ok()?
        }
        None if !body.is_empty() && body.bytes().all(|b| b.is_ascii_digit()) => {
            body.parse::<i128>().ok()?
        }
        _ => return None,
    };
    Some(if neg { -magnitude } else { magnitude })
}

/// The slot entity for a printed `ssN`.
pub(super) fn slot_of(names: &BodyNames, n: u32) -> Option<StackSlot> {
    names.slots.get(&n).copied()
}

/// Placeholder entities for symbols resolved at the end of the module.
pub(super) fn placeholder_func() -> FuncId {
    FuncId::new(0)
}

pub(super) fn placeholder_global() -> GlobalId {
    GlobalId::new(0)
}
