//! Selection of texture fetches and surface accesses: `tex`, `tld4`, `suld.b`, `sust.b`,
//! in the forms `nvcc -ptx` writes.
//!
//! An IR fetch returns one component, PTX's `tex` all four. The first fetch of a block with
//! given operands emits the whole `tex` into four fresh registers and remembers them; a fetch
//! of another component with the same operands in the same block then reuses them, so the
//! four components of one `float4 tex2D` are one `tex` (texture memory cannot change
//! during a kernel). Surface loads are remembered the same way until the next instruction
//! that writes memory. Three-element coordinate and gradient vectors are padded to four by
//! repeating the last element, as nvcc does (`{%f1, %f2, %f3, %f3}`).

use super::Ctx;
use crate::lower_args::class_of;
use crate::mir::*;
use crate::BackendError;
use oxicc_ir::{SurfOp, TexGeom, TexKind, TexMode, TexOp, Value};

/// A `tex`/`suld` already emitted in the current block: its operation (component 0), its
/// operands and the registers holding its components.
pub(crate) struct Memo<K> {
    pub op: K,
    pub args: Vec<Value>,
    pub regs: Vec<VReg>,
}

fn pad4(mut v: Vec<Operand>) -> Vec<Operand> {
    if v.len() == 3 {
        v.push(v[2].clone());
    }
    v
}

fn geom_word(g: TexGeom) -> &'static str {
    g.name()
}

fn bits_type(bits: u8) -> PtxType {
    match bits {
        8 => PtxType::B8,
        16 => PtxType::B16,
        32 => PtxType::B32,
        _ => PtxType::B64,
    }
}

fn vec_mod(n: u8) -> Option<Mod> {
    match n {
        2 => Some(Mod::Word("v2")),
        4 => Some(Mod::Word("v4")),
        _ => None,
    }
}

impl Ctx<'_> {
    /// Registers for `args`, in PTX's order, the coordinates padded to four when three.
    fn tex_regs(&mut self, args: &[Value]) -> Result<Vec<Operand>, BackendError> {
        args.iter()
            .map(|&a| Ok(Operand::Reg(self.reg(a)?)))
            .collect()
    }

    /// Makes `res` the register `r` (or copies `r` into it when `res` already has one).
    fn bind_result(&mut self, res: Value, r: VReg) -> Result<(), BackendError> {
        if self.vreg_of.contains_key(&res) {
            let d = self.result_reg(res)?;
            let class = self.mf.class(d);
            self.push(MInst::mov(class, d, Operand::Reg(r)));
        } else {
            self.vreg_of.insert(res, r);
        }
        Ok(())
    }

    pub(super) fn sel_tex(
        &mut self,
        op: TexOp,
        args: &[Value],
        res: Value,
    ) -> Result<(), BackendError> {
        let key = TexOp { comp: 0, ..op };
        let found = self
            .tex_memo
            .iter()
            .find(|m| m.op == key && m.args == args)
            .map(|m| m.regs[op.comp as usize]);
        if let Some(r) = found {
            return self.bind_result(res, r);
        }
        let class = match op.result {
            TexKind::F32 => RegClass::F32,
            TexKind::S32 | TexKind::U32 => RegClass::B32,
        };
        let regs: Vec<VReg> = (0..4).map(|_| self.mf.new_vreg(class)).collect();
        let ops = self.tex_regs(args)?;
        let n = op.geom.coords();
        let handle = ops[0].clone();
        let coords = pad4(ops[1..=n].to_vec());
        let (opc, mut mods) = match op.mode {
            TexMode::Plain => (Opc::Tex, vec![]),
            TexMode::Level => (Opc::Tex, vec![Mod::Word("level")]),
            TexMode::Grad => (Opc::Tex, vec![Mod::Word("grad")]),
            TexMode::Gather(c) => (
                Opc::Tld4,
                vec![Mod::Word(["r", "g", "b", "a"][c as usize & 3])],
            ),
        };
        mods.push(Mod::Word(geom_word(op.geom)));
        mods.push(Mod::Word("v4"));
        let dty = match op.result {
            TexKind::F32 => PtxType::F32,
            TexKind::S32 => PtxType::S32,
            TexKind::U32 => PtxType::U32,
        };
        let cty = if op.int_coords {
            PtxType::S32
        } else {
            PtxType::F32
        };
        let mut uses = vec![handle];
        let ncoords = coords.len() as u8;
        uses.extend(coords);
        let (level, grad) = match op.mode {
            TexMode::Level => {
                uses.push(ops[n + 1].clone());
                (true, 0)
            }
            TexMode::Grad => {
                let d = op.geom.grad_dims();
                let dx = pad4(ops[n + 1..n + 1 + d].to_vec());
                let dy = pad4(ops[n + 1 + d..n + 1 + 2 * d].to_vec());
                let g = dx.len() as u8;
                uses.extend(dx);
                uses.extend(dy);
                (false, g)
            }
            _ => (false, 0),
        };
        let mut o = Op::new(opc, &mods, &[dty, cty]);
        o.shape = Shape::Fetch {
            coords: ncoords,
            level,
            grad,
            suffix: None,
        };
        self.emit(o, regs.iter().map(|&r| Operand::Reg(r)).collect(), uses);
        self.tex_memo.push(Memo {
            op: key,
            args: args.to_vec(),
            regs: regs.clone(),
        });
        self.bind_result(res, regs[op.comp as usize])
    }

    pub(super) fn sel_suld(
        &mut self,
        op: SurfOp,
        args: &[Value],
        res: Value,
    ) -> Result<(), BackendError> {
        let key = SurfOp { comp: 0, ..op };
        let found = self
            .surf_memo
            .iter()
            .find(|m| m.op == key && m.args == args)
            .map(|m| m.regs[op.comp as usize]);
        if let Some(r) = found {
            return self.bind_result(res, r);
        }
        let class = class_of(op.value_type())?;
        let regs: Vec<VReg> = (0..op.vec).map(|_| self.mf.new_vreg(class)).collect();
        let ops = self.tex_regs(args)?;
        let coords = pad4(ops[1..].to_vec());
        let mut mods = vec![Mod::Word("b"), Mod::Word(geom_word(op.geom))];
        mods.extend(vec_mod(op.vec));
        let mut o = Op::new(Opc::Suld, &mods, &[bits_type(op.bits)]);
        o.shape = Shape::Fetch {
            coords: coords.len() as u8,
            level: false,
            grad: 0,
            suffix: Some(op.clamp.name()),
        };
        let mut uses = vec![ops[0].clone()];
        uses.extend(coords);
        self.emit(o, regs.iter().map(|&r| Operand::Reg(r)).collect(), uses);
        self.surf_memo.push(Memo {
            op: key,
            args: args.to_vec(),
            regs: regs.clone(),
        });
        self.bind_result(res, regs[op.comp as usize])
    }

    pub(super) fn sel_sust(&mut self, op: SurfOp, args: &[Value]) -> Result<(), BackendError> {
        let n = op.geom.coords();
        let ops = self.tex_regs(args)?;
        let coords = pad4(ops[1..=n].to_vec());
        let mut mods = vec![Mod::Word("b"), Mod::Word(geom_word(op.geom))];
        mods.extend(vec_mod(op.vec));
        let mut o = Op::new(Opc::Sust, &mods, &[bits_type(op.bits)]);
        o.shape = Shape::Store {
            coords: coords.len() as u8,
            suffix: op.clamp.name(),
        };
        let mut uses = vec![ops[0].clone()];
        uses.extend(coords);
        uses.extend(ops[1 + n..].iter().cloned());
        self.emit(o, vec![], uses);
        Ok(())
    }
}
