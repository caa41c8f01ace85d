//! PTX text: `Display` for the AST, with nvcc 13.5's layout.
//!
//! Conventions copied from `nvcc -ptx` output: instructions are `\t<op> \t<operands>;`
//! (`and`/`or`/`xor`/`not` have two spaces before the tab, as LLVM's printer has), a blank
//! line starts every block, `.reg` lines come in the order `%p %rs %f %r %fd %rd`, call
//! sequences are wrapped in `{ // callseq N, 0 … } // callseq N`, and call parameter
//! accesses print `+0`.

use super::*;
use std::fmt::{self, Display, Formatter, Write};

impl Display for Reg {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.class.prefix(), self.n)
    }
}

impl Display for POperand {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            POperand::Reg(r) => write!(f, "{r}"),
            POperand::Imm(i) => write!(f, "{i}"),
            POperand::F32(x) => write!(f, "0f{x:08X}"),
            POperand::F64(x) => write!(f, "0d{x:016X}"),
            POperand::Addr {
                base,
                offset,
                show_zero,
            } => {
                if *offset == 0 && !show_zero {
                    write!(f, "[{base}]")
                } else {
                    write!(f, "[{base}+{offset}]")
                }
            }
            POperand::Label(l) | POperand::Sym(l) => f.write_str(l),
        }
    }
}

impl Display for ParamDecl {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            ParamDecl::Scalar(t) => write!(f, ".param .{}", t.as_str()),
            ParamDecl::Bytes { align, .. } => write!(f, ".param .align {align} .b8"),
        }
    }
}

/// `.param .b32 name` or `.param .align 8 .b8 name[16]`.
fn param_line(d: &ParamDecl, name: &str) -> String {
    match d {
        ParamDecl::Scalar(_) => format!("{d} {name}"),
        ParamDecl::Bytes { size, .. } => format!("{d} {name}[{size}]"),
    }
}

fn write_op(f: &mut Formatter<'_>, op: &Op) -> fmt::Result {
    write!(f, "{op}")?;
    if matches!(op.opc, Opc::And | Opc::Or | Opc::Xor | Opc::Not) {
        f.write_str(" ")?;
    }
    Ok(())
}

/// `a, b, c` for a slice of operands.
fn write_list(f: &mut Formatter<'_>, ops: &[POperand]) -> fmt::Result {
    for (i, o) in ops.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{o}")?;
    }
    Ok(())
}

/// The operands of a texture or surface instruction: `{d…}, [h, {c…}]…` (see `Shape`).
fn write_grouped(f: &mut Formatter<'_>, shape: Shape, ops: &[POperand]) -> fmt::Result {
    match shape {
        Shape::Flat | Shape::Access { .. } => write_list(f, ops),
        Shape::Vector { store: false } => {
            let (dst, addr) = ops.split_at(ops.len() - 1);
            f.write_str("{")?;
            write_list(f, dst)?;
            write!(f, "}}, {}", addr[0])
        }
        Shape::Vector { store: true } => {
            write!(f, "{}, {{", ops[0])?;
            write_list(f, &ops[1..])?;
            f.write_str("}")
        }
        Shape::Fetch {
            coords,
            level,
            grad,
            ..
        } => {
            let extra = usize::from(level) + 2 * grad as usize;
            let ndst = ops.len() - 1 - coords as usize - extra;
            let (dst, rest) = ops.split_at(ndst);
            f.write_str("{")?;
            write_list(f, dst)?;
            write!(f, "}}, [{}, {{", rest[0])?;
            let (c, rest) = rest[1..].split_at(coords as usize);
            write_list(f, c)?;
            f.write_str("}]")?;
            if level {
                write!(f, ", {}", rest[0])?;
            } else if grad > 0 {
                let (dx, dy) = rest.split_at(grad as usize);
                f.write_str(", {")?;
                write_list(f, dx)?;
                f.write_str("}, {")?;
                write_list(f, dy)?;
                f.write_str("}")?;
            }
            Ok(())
        }
        Shape::Store { coords, .. } => {
            write!(f, "[{}, {{", ops[0])?;
            let (c, v) = ops[1..].split_at(coords as usize);
            write_list(f, c)?;
            f.write_str("}], {")?;
            write_list(f, v)?;
            f.write_str("}")
        }
    }
}

impl Display for PtxInst {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            PtxInst::Op {
                guard,
                op,
                operands,
            } => {
                f.write_str("\t")?;
                if let Some((p, neg)) = guard {
                    write!(f, "@{}{p} ", if *neg { "!" } else { "" })?;
                }
                write_op(f, op)?;
                if op.shape != Shape::Flat {
                    f.write_str(" \t")?;
                    write_grouped(f, op.shape, operands)?;
                } else if !operands.is_empty() {
                    f.write_str(" \t")?;
                    for (i, o) in operands.iter().enumerate() {
                        if i > 0 {
                            f.write_str(", ")?;
                        }
                        write!(f, "{o}")?;
                    }
                }
                f.write_str(";\n")
            }
            PtxInst::Pragma(p) => writeln!(f, "\t.pragma \"{p}\";"),
            PtxInst::Asm(text) => {
                f.write_str("\t// begin inline asm\n")?;
                if !text.is_empty() {
                    writeln!(f, "\t{text}")?;
                }
                f.write_str("\t// end inline asm\n")
            }
            PtxInst::Loc {
                file,
                line,
                col,
                inlined,
            } => {
                write!(f, "\t.loc\t{file} {line} {col}")?;
                if let Some(at) = inlined {
                    write!(
                        f,
                        ", function_name $L__info_string{}, inlined_at {} {} {}",
                        at.name, at.file, at.line, at.col
                    )?;
                }
                writeln!(f)
            }
            PtxInst::Call {
                seq,
                callee,
                target,
                args,
                ret,
            } => {
                writeln!(f, "\t{{ // callseq {seq}, 0")?;
                writeln!(f, "\t.reg .b32 temp_param_reg;")?;
                for (k, (decl, stores)) in args.iter().enumerate() {
                    let name = format!("param{k}");
                    writeln!(f, "\t{};", param_line(decl, &name))?;
                    for (off, t, v) in stores {
                        writeln!(f, "\tst.param.{} \t[{name}+{off}], {v};", t.as_str())?;
                    }
                }
                if let Some((decl, _, _)) = ret {
                    writeln!(f, "\t{};", param_line(decl, "retval0"))?;
                }
                // An indirect call names a prototype declared just before it, as nvcc
                // does: `prototype_N : .callprototype (.param .b32 _) _ (.param .b64 _);`.
                let call = if target.is_some() {
                    let rets = ret
                        .as_ref()
                        .map_or(String::new(), |(d, _, _)| param_line(d, "_"));
                    let params: Vec<String> =
                        args.iter().map(|(d, _)| param_line(d, "_")).collect();
                    let space = if ret.is_some() { " " } else { "" };
                    writeln!(
                        f,
                        "\tprototype_{seq} : .callprototype ({rets}){space}_ ({});",
                        params.join(", ")
                    )?;
                    "call"
                } else {
                    "call.uni"
                };
                if ret.is_some() {
                    writeln!(f, "\t{call} (retval0), ")?;
                } else {
                    writeln!(f, "\t{call} ")?;
                }
                match target {
                    Some(r) => writeln!(f, "\t{r}, ")?,
                    None => writeln!(f, "\t{callee}, ")?,
                }
                writeln!(f, "\t(")?;
                for k in 0..args.len() {
                    let sep = if k + 1 < args.len() { ", " } else { "" };
                    writeln!(f, "\tparam{k}{sep}")?;
                }
                match target {
                    Some(_) => writeln!(f, "\t)\n\t, prototype_{seq};")?,
                    None => writeln!(f, "\t);")?,
                }
                if let Some((_, t, r)) = ret {
                    writeln!(f, "\tld.param.{} \t{r}, [retval0+0];", t.as_str())?;
                }
                writeln!(f, "\t}} // callseq {seq}")
            }
        }
    }
}

impl FuncHeader {
    /// The first line(s) up to the parameter list, e.g. `.func  (.param .b32 func_retval0) f`.
    fn write_name(&self, f: &mut impl Write) -> fmt::Result {
        let kind = match self.kind {
            FuncKind::Entry => ".entry",
            FuncKind::Func => ".func",
        };
        write!(f, "{}{kind}", self.linkage)?;
        match &self.ret {
            Some(d) => write!(f, "  ({}) {}", param_line(d, "func_retval0"), self.name),
            None => write!(f, " {}", self.name),
        }
    }

    fn write_params(&self, f: &mut impl Write) -> fmt::Result {
        for (i, p) in self.params.iter().enumerate() {
            let sep = if i + 1 < self.params.len() { "," } else { "" };
            writeln!(f, "\t{}{sep}", param_line(&p.decl, &p.name))?;
        }
        Ok(())
    }

    /// A declaration without body (`.extern .func …;` or a prototype).
    pub fn write_declaration(&self, f: &mut impl Write) -> fmt::Result {
        self.write_name(f)?;
        writeln!(f)?;
        writeln!(f, "(")?;
        self.write_params(f)?;
        writeln!(f, ")")?;
        writeln!(f, ";")
    }
}

impl Display for PtxFunction {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let h = &self.header;
        if h.linkage == ".visible " {
            writeln!(f, "\t// .globl\t{}", h.name)?;
        }
        h.write_name(f)?;
        if h.params.is_empty() {
            writeln!(f, "()")?;
        } else {
            writeln!(f, "(")?;
            h.write_params(f)?;
            writeln!(f, ")")?;
        }
        if let Some((maxntid, min_blocks)) = self.launch_bounds {
            if maxntid > 0 {
                writeln!(f, ".maxntid {maxntid}, 1, 1")?;
            }
            if min_blocks > 0 {
                writeln!(f, ".minnctapersm {min_blocks}")?;
            }
        }
        writeln!(f, "{{")?;
        let mut any_decl = false;
        if let Some((name, align, size)) = &self.depot {
            writeln!(f, "\t.local .align {align} .b8 \t{name}[{size}];")?;
            writeln!(f, "\t.reg .b64 \t%SP;")?;
            writeln!(f, "\t.reg .b64 \t%SPL;")?;
            any_decl = true;
        }
        for class in RegClass::DECL_ORDER {
            let n = self.reg_counts[class.index()];
            if n > 0 {
                writeln!(
                    f,
                    "\t.reg {} \t{}<{}>;",
                    class.decl_type(),
                    class.prefix(),
                    n + 1
                )?;
                any_decl = true;
            }
        }
        writeln!(f)?;
        if !any_decl {
            writeln!(f)?;
        }
        for b in &self.blocks {
            writeln!(f)?;
            if let Some(l) = &b.label {
                writeln!(f, "{l}:")?;
            }
            for i in &b.insts {
                write!(f, "{i}")?;
            }
        }
        writeln!(f)?;
        writeln!(f, "}}")
    }
}

impl Display for PtxModule {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        writeln!(f, "//")?;
        writeln!(f, "// Generated by oxicc")?;
        writeln!(f, "//")?;
        writeln!(f)?;
        writeln!(f, ".version {}.{}", self.version.0, self.version.1)?;
        writeln!(f, ".target sm_{}", self.sm)?;
        writeln!(f, ".address_size 64")?;
        writeln!(f)?;
        for d in &self.decls {
            d.write_declaration(f)?;
        }
        for g in &self.globals {
            writeln!(f, "{g}")?;
        }
        if !self.decls.is_empty() || !self.globals.is_empty() {
            writeln!(f)?;
        }
        for func in &self.funcs {
            write!(f, "{func}")?;
        }
        // After the functions, as nvcc places them.
        for (i, name) in self.files.iter().enumerate() {
            let quoted = name.replace('\\', "\\\\").replace('"', "\\\"");
            writeln!(f, "\t.file\t{} \"{quoted}\"", i + 1)?;
        }
        // The names `function_name` refers to, as NUL-terminated bytes, 40 to a line (nvcc's
        // form).
        if !self.debug_strings.is_empty() {
            writeln!(f, "\t.section\t.debug_str")?;
            writeln!(f, "\t{{")?;
            for (i, name) in self.debug_strings.iter().enumerate() {
                writeln!(f, "$L__info_string{i}:")?;
                let bytes: Vec<u8> = name.bytes().chain(std::iter::once(0)).collect();
                for line in bytes.chunks(40) {
                    let text: Vec<String> = line.iter().map(|b| b.to_string()).collect();
                    writeln!(f, ".b8 {}", text.join(","))?;
                }
            }
            writeln!(f)?;
            writeln!(f, "\t}}")?;
        }
        Ok(())
    }
}
