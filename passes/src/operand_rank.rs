//! Operand ranks as LLVM's `Reassociate` pass computes them, for the one decision that
//! depends on them: which operand of a commutative float add ends up on the left.
//!
//! cicc runs `Reassociate`, and before anything else it canonicalizes the operands of every
//! commutative instruction so that the operand of lower rank is on the left (the operands
//! are swapped only when the right one ranks strictly lower). It does this for float adds
//! too, although without fast-math flags it reassociates nothing. NVPTX's `fma` combine later
//! fuses the left multiply of `fadd (fmul a, b), (fmul c, d)` on a tie, so which product
//! nvcc fuses follows these ranks (checked on `nvcc -ptx`: `v0*v3 + v1*v2` over four loads
//! fuses `v1*v2`, `v0*v1 + v2*v3` fuses `v0*v1`).
//!
//! The ranks: constants 0; the function's parameters 3, 4, …; each block in reverse
//! postorder starts a new range (`++rank << 16`), in which every instruction that cannot be
//! moved freely — it reads or writes memory, has side effects, may trap, is convergent, or
//! is an integer division — and every block parameter (a phi) gets the next number in
//! program order. Any other instruction ranks one above its highest-ranked operand, except
//! that a float negation ranks as its operand (so `x` and `-x` rank alike).

use oxicc_ir::{BinaryOp, Cfg, Function, InstData, SecondaryMap, UnaryOp, Value};

/// `rank[v]` for every value of `func` (0 for values in unreachable blocks).
pub fn operand_ranks(func: &Function) -> SecondaryMap<Value, u32> {
    let mut rank: SecondaryMap<Value, u32> = SecondaryMap::with_capacity(func.values.len(), 0);
    if func.is_declaration() {
        return rank;
    }
    let mut next = 2u32;
    for &p in func.params() {
        next += 1;
        rank[p] = next;
    }
    let cfg = Cfg::compute(func);
    for &b in cfg.rpo() {
        next += 1;
        let base = next << 16;
        let mut fixed = base;
        for &p in &func.blocks[b].params {
            fixed += 1;
            rank[p] = fixed;
        }
        for &i in &func.blocks[b].insts {
            let data = &func.insts[i].data;
            let info = data.opcode().info();
            let unmovable = info.reads_memory
                || info.writes_memory
                || info.side_effects
                || info.may_trap
                || info.convergent
                || is_integer_division(data);
            if unmovable {
                fixed += 1;
                if let Some(r) = func.insts[i].result {
                    rank[r] = fixed;
                }
                continue;
            }
            let Some(r) = func.insts[i].result else {
                continue;
            };
            let mut highest = 0;
            data.for_each_arg(|v| highest = highest.max(rank[v]));
            let transparent = matches!(
                data,
                InstData::Unary {
                    op: UnaryOp::FNeg,
                    ..
                }
            );
            rank[r] = if transparent { highest } else { highest + 1 };
        }
    }
    rank
}

fn is_integer_division(data: &InstData) -> bool {
    matches!(
        data,
        InstData::Binary {
            op: BinaryOp::SDiv | BinaryOp::UDiv | BinaryOp::SRem | BinaryOp::URem,
            ..
        }
    )
}
