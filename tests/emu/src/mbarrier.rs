//! `mbarrier` (PTX ISA 9.x, sm_80+): the split-phase barrier object in shared memory,
//! `cp.async.mbarrier.arrive`, and the transaction count of sm_90 (`expect_tx`,
//! `cp.async.bulk … .mbarrier::complete_tx::bytes`). The object is 64 bits whose layout PTX
//! leaves opaque; here bits 0–19 hold the arrivals still pending in the current phase,
//! bits 20–39 the expected count, bits 40–62 the transaction count (two's complement: a
//! copy may complete before its bytes are expected) and bit 63 the phase's parity. A phase
//! completes when no arrival and no transaction byte is pending. A token
//! (`mbarrier.arrive`'s result) is the parity of the phase it arrived in, in bit 63.
//! Since `cp.async` completes when it is issued, a `cp.async.mbarrier.arrive` is an
//! immediate arrival with `.noinc` and changes nothing without it (its pending-count
//! increment and its arrival cancel out).
//!
//! `try_wait` may suspend the thread (the ISA lets it wait up to a time limit): a thread
//! whose phase is incomplete blocks until some phase of some barrier of its CTA completes,
//! then executes the `try_wait` again, so waits cost nothing and a barrier that can never
//! complete is reported as a deadlock. `test_wait` never blocks; a failed one ends the
//! thread's quantum so that spin loops let the other threads run.

use crate::exec::{Env, Thread};
use crate::inst::*;
use crate::operands::{space_of, Ctx};
use crate::parse::Operand;
use crate::EmuError;

/// What an `Op::Mbar` does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MbarOp {
    /// `mbarrier.init [a], count`.
    Init,
    /// `mbarrier.inval [a]`.
    Inval,
    /// `mbarrier.arrive{_drop} state, [a]{, count}`; `cp.async.mbarrier.arrive.noinc` is an
    /// arrival of one without a result.
    Arrive { drop: bool },
    /// `cp.async.mbarrier.arrive [a]` (without `.noinc`): nothing to do.
    CpArrive,
    /// `mbarrier.arrive.expect_tx state, [a], bytes`: expect the bytes, then arrive once.
    ArriveExpectTx,
    /// `mbarrier.expect_tx [a], bytes`.
    ExpectTx,
    /// The completion of a bulk copy's bytes (`.mbarrier::complete_tx::bytes`).
    CompleteTx,
    /// `mbarrier.{test,try}_wait{.parity} p, [a], state|parity`.
    Wait { parity: bool, blocking: bool },
}

const PHASE: u64 = 1 << 63;
const COUNT_MASK: u64 = (1 << 20) - 1;
const TX_MASK: u64 = (1 << 23) - 1;

/// The fields of an mbarrier word.
struct State {
    pending: u64,
    expected: u64,
    /// Transaction bytes still expected (negative: completed before expected).
    tx: i64,
    phase: u64,
}

impl State {
    fn unpack(w: u64) -> State {
        let tx = ((w >> 40) & TX_MASK) as i64;
        State {
            pending: w & COUNT_MASK,
            expected: (w >> 20) & COUNT_MASK,
            tx: if tx >= 1 << 22 { tx - (1 << 23) } else { tx },
            phase: w & PHASE,
        }
    }

    fn pack(&self) -> u64 {
        self.phase | ((self.tx as u64 & TX_MASK) << 40) | (self.expected << 20) | self.pending
    }

    /// Completes the phase if nothing is pending; true when it did.
    fn settle(&mut self) -> bool {
        if self.pending == 0 && self.tx == 0 {
            self.phase ^= PHASE;
            self.pending = self.expected;
            true
        } else {
            false
        }
    }
}

/// The outcome of one `Op::Mbar` for the interpreter loop.
pub enum MbarStep {
    /// Go on; write `Some(v)` to the destination.
    Next(Option<u64>),
    /// A `test_wait` that failed: destination 0, end the quantum.
    Yield,
    /// A `try_wait` that must wait: block at this instruction.
    Block,
}

/// Decodes `mbarrier.*` (`base == "mbarrier"`) and `cp.async.mbarrier.arrive`.
pub(crate) fn decode(
    c: &mut Ctx,
    base: &str,
    mods: &[&str],
    ops: &[Operand],
) -> Result<(), EmuError> {
    let has = |m: &str| mods.contains(&m);
    let space = space_of(mods);
    let need = |n: usize, c: &Ctx| {
        if ops.len() < n {
            Err(c.err(format!("expected {n} operands, found {}", ops.len())))
        } else {
            Ok(())
        }
    };
    // (op, destination, address operand index, further sources)
    let (op, d, a, more): (MbarOp, Option<&Operand>, usize, Vec<&Operand>) = if base == "cp" {
        need(1, c)?;
        let op = if has("noinc") {
            MbarOp::Arrive { drop: false }
        } else {
            MbarOp::CpArrive
        };
        (op, None, 0, vec![])
    } else if has("init") {
        need(2, c)?;
        (MbarOp::Init, None, 0, vec![&ops[1]])
    } else if has("inval") {
        need(1, c)?;
        (MbarOp::Inval, None, 0, vec![])
    } else if has("arrive") || has("arrive_drop") {
        if has("noComplete") {
            return Err(c.err("mbarrier.arrive.noComplete is not supported"));
        }
        need(2, c)?;
        let op = if has("expect_tx") {
            need(3, c)?;
            MbarOp::ArriveExpectTx
        } else {
            MbarOp::Arrive {
                drop: has("arrive_drop"),
            }
        };
        (op, Some(&ops[0]), 1, ops.get(2).into_iter().collect())
    } else if has("expect_tx") || has("complete_tx") {
        need(2, c)?;
        let op = if has("expect_tx") {
            MbarOp::ExpectTx
        } else {
            MbarOp::CompleteTx
        };
        (op, None, 0, vec![&ops[1]])
    } else if has("test_wait") || has("try_wait") {
        need(3, c)?;
        let op = MbarOp::Wait {
            parity: has("parity"),
            blocking: has("try_wait"),
        };
        (op, Some(&ops[0]), 1, vec![&ops[2]])
    } else {
        return Err(c.err("this mbarrier operation is not supported"));
    };
    let (abase, off, aux, space) = c.addr(&ops[a], space)?;
    if aux != 0 {
        return Err(c.err("frame-relative mbarrier addresses are not supported"));
    }
    let mut s = [abase, Src::Imm(1), Src::Imm(0), Src::Imm(0)];
    for (k, o) in more.iter().enumerate() {
        s[k + 1] = c.src(o, Ty::B64)?;
    }
    let d = match d {
        Some(o) => c.dst(o)?,
        None => NO_REG,
    };
    c.emit(
        Op::Mbar { op, space },
        [d, NO_REG, NO_REG, NO_REG],
        s,
        off,
        0,
    );
    Ok(())
}

/// `cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [dst], [src], size, [bar]`:
/// the copy (complete at once, as every `cp.async` here), then its bytes' completion on the
/// barrier.
pub(crate) fn decode_bulk(c: &mut Ctx, ops: &[Operand]) -> Result<(), EmuError> {
    if ops.len() < 4 {
        return Err(c.err(format!("expected 4 operands, found {}", ops.len())));
    }
    let mut ends = [Src::Imm(0); 2];
    for (k, sp) in [(0, Space::Shared), (1, Space::Global)] {
        let (base, off, aux, _) = c.addr(&ops[k], sp)?;
        if aux != 0 {
            return Err(c.err("frame-relative cp.async.bulk addresses are not supported"));
        }
        ends[k] = if off == 0 {
            base
        } else {
            Src::Reg(c.emit_helper2(Op::Int(IntOp::Add, Ty::U64), base, Src::Imm(off as u64)))
        };
    }
    let size = c.src(&ops[2], Ty::U32)?;
    // aux 1: the whole size (a plain cp.async copies at most 16 bytes).
    c.emit(
        Op::CpAsync,
        [NO_REG; 4],
        [ends[0], ends[1], size, size],
        0,
        1,
    );
    let (abase, off, aux, _) = c.addr(&ops[3], Space::Shared)?;
    if aux != 0 {
        return Err(c.err("frame-relative mbarrier addresses are not supported"));
    }
    c.emit(
        Op::Mbar {
            op: MbarOp::CompleteTx,
            space: Space::Shared,
        },
        [NO_REG; 4],
        [abase, size, Src::Imm(0), Src::Imm(0)],
        off,
        0,
    );
    Ok(())
}

impl Env<'_> {
    /// Executes one `Op::Mbar` on the object at `addr`; `b` is the count, the token or the
    /// parity operand.
    pub(crate) fn mbar(
        &mut self,
        t: &mut Thread,
        op: MbarOp,
        space: Space,
        addr: u64,
        b: u64,
    ) -> Result<MbarStep, String> {
        if !addr.is_multiple_of(8) {
            return Err(format!(
                "mbarrier object at {addr:#x} is not 8-byte aligned"
            ));
        }
        match op {
            MbarOp::Init => {
                let n = b & 0xFFFF_FFFF;
                if n == 0 || n > (1 << 20) - 1 {
                    return Err(format!("mbarrier.init count {n} is outside 1..2^20-1"));
                }
                let st = State {
                    pending: n,
                    expected: n,
                    tx: 0,
                    phase: 0,
                };
                self.store(t, space, addr, 8, st.pack())?;
                Ok(MbarStep::Next(None))
            }
            MbarOp::Inval => {
                self.store(t, space, addr, 8, 0)?;
                Ok(MbarStep::Next(None))
            }
            MbarOp::CpArrive => {
                self.load(t, space, addr, 8)?;
                Ok(MbarStep::Next(None))
            }
            MbarOp::Arrive { .. } | MbarOp::ArriveExpectTx => {
                let w = self.load(t, space, addr, 8)?;
                let mut st = State::unpack(w);
                let count = if op == MbarOp::ArriveExpectTx {
                    st.tx += (b & 0xFFFF_FFFF) as i64;
                    1
                } else {
                    b & 0xFFFF_FFFF
                };
                if st.expected == 0 {
                    return Err(format!("mbarrier at {addr:#x} is not initialized"));
                }
                if count == 0 || count > st.pending {
                    return Err(format!(
                        "mbarrier arrival of {count} with {} arrivals pending",
                        st.pending
                    ));
                }
                st.pending -= count;
                if op == (MbarOp::Arrive { drop: true }) {
                    st.expected -= count;
                }
                self.mbar_phase_done |= st.settle();
                self.store(t, space, addr, 8, st.pack())?;
                Ok(MbarStep::Next(Some(w & PHASE)))
            }
            MbarOp::ExpectTx | MbarOp::CompleteTx => {
                let w = self.load(t, space, addr, 8)?;
                let mut st = State::unpack(w);
                let n = (b & 0xFFFF_FFFF) as i64;
                st.tx += if op == MbarOp::ExpectTx { n } else { -n };
                if st.tx.abs() >= 1 << 20 {
                    return Err(format!("mbarrier transaction count {} out of range", st.tx));
                }
                if op == MbarOp::CompleteTx {
                    self.mbar_phase_done |= st.settle();
                }
                self.store(t, space, addr, 8, st.pack())?;
                Ok(MbarStep::Next(None))
            }
            MbarOp::Wait { parity, blocking } => {
                let w = self.load(t, space, addr, 8)?;
                let done = if parity {
                    ((w >> 63) ^ (b & 1)) != 0
                } else {
                    (w ^ b) & PHASE != 0
                };
                Ok(match (done, blocking) {
                    (true, _) => MbarStep::Next(Some(1)),
                    (false, true) => MbarStep::Block,
                    (false, false) => MbarStep::Yield,
                })
            }
        }
    }
}
