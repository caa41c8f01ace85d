//! The grid and CTA scheduler: runs CTAs one after another; inside a CTA it interleaves
//! threads (round-robin by quantum, or random single-instruction steps), completes
//! `bar.sync`/`barrier.sync` rendezvous and warp collectives over their member masks, and
//! reports deadlocks (a blocked CTA with no runnable thread) as errors instead of hanging.

use crate::alu;
use crate::decode::Program;
use crate::exec::{Env, Frame, LaunchCtx, Stop, TState, Thread};
use crate::inst::*;
use crate::memory::Memory;
use crate::EmuError;

/// How threads of a CTA are interleaved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Schedule {
    /// Each thread in turn runs until it blocks or exits (or a long quantum ends).
    #[default]
    RoundRobin,
    /// A random ready thread runs one instruction at a time (seeded, reproducible).
    Random,
}

#[derive(Clone, Debug)]
pub struct RunOptions {
    pub schedule: Schedule,
    pub seed: u64,
    /// Stop with an error after this many thread-instructions (catches infinite loops).
    pub max_instructions: u64,
    /// Count executions per instruction (`Outcome::pc_counts`), for `oxicc-dynamic`'s
    /// breakdown by instruction class. Off by default: it costs an increment per step.
    pub profile: bool,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            schedule: Schedule::RoundRobin,
            seed: 0,
            max_instructions: 20_000_000_000,
            profile: false,
        }
    }
}

/// Round-robin quantum: long enough to be fast, short enough that spin-waits on another
/// thread of the CTA make progress.
const RR_QUANTUM: u64 = 1 << 16;

#[derive(Default, Clone)]
struct Barrier {
    arrived: u32,
    waiting: Vec<u32>,
    expected: u32,
    popc: u32,
    all: bool,
    any: bool,
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

pub struct GridRun<'a> {
    pub prog: &'a Program,
    pub mem: &'a mut Memory,
    pub kernel: u32,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub dyn_smem: u32,
    /// The grid barrier workspace of a cooperative launch, or 0.
    pub grid_ws: u64,
    pub opts: &'a RunOptions,
    pub printf: String,
    pub instructions: u64,
    /// Executions per instruction index (empty unless `RunOptions::profile`).
    pub pc_counts: Vec<u64>,
}

/// A CTA in flight: its threads, shared memory and rendezvous state.
struct Cta {
    ctaid: [u32; 3],
    threads: Vec<Thread>,
    shared: Vec<u8>,
    st: CtaState,
}

/// Instructions a CTA runs before the next CTA gets a turn. CTAs normally finish within one
/// slice; one that spins on a flag that a later CTA sets is suspended and resumed later.
const CTA_SLICE: u64 = 1 << 22;

/// How many unfinished CTAs may be suspended at once.
const MAX_SUSPENDED_CTAS: usize = 2048;

impl GridRun<'_> {
    /// Where a CTA's reserved shared memory starts: after the dynamic shared memory,
    /// aligned to 16 bytes.
    fn reserved_base(&self) -> u32 {
        (self.prog.static_shared + self.dyn_smem).div_ceil(16) * 16
    }

    fn new_cta(&self, ctaid: [u32; 3], spare: &mut Vec<(Vec<Thread>, Vec<u8>)>) -> Cta {
        let f = &self.prog.funcs[self.kernel as usize];
        let nthreads = (self.block[0] * self.block[1] * self.block[2]) as usize;
        let smem = (self.reserved_base() + self.prog.reserved_shared) as usize;
        let (mut threads, mut shared) = spare.pop().unwrap_or_else(|| {
            let threads = (0..nthreads)
                .map(|k| Thread {
                    pc: 0,
                    regs: Vec::new(),
                    frames: Vec::new(),
                    local: Vec::new(),
                    fparam: Vec::new(),
                    cc: 0,
                    state: TState::Ready,
                    tid: [
                        k as u32 % self.block[0],
                        (k as u32 / self.block[0]) % self.block[1],
                        k as u32 / (self.block[0] * self.block[1]),
                    ],
                    linear: k as u32,
                })
                .collect();
            (threads, vec![0u8; smem])
        });
        for t in threads.iter_mut() {
            t.pc = f.entry_pc;
            t.regs.clear();
            t.regs.resize(f.nregs as usize, 0);
            let nr = f.nregs as usize;
            t.regs[nr - f.consts.len()..].copy_from_slice(&f.consts);
            t.frames.clear();
            t.frames.push(Frame {
                reg_base: 0,
                local_base: 0,
                param_base: 0,
                ret_pc: 0,
                call: 0,
            });
            t.local.clear();
            t.local.resize(f.local_size as usize, 0);
            t.fparam.clear();
            t.fparam.resize(f.fparam_size as usize, 0);
            t.cc = 0;
            t.state = TState::Ready;
        }
        shared.iter_mut().for_each(|b| *b = 0);
        let nwarps = nthreads.div_ceil(32);
        let st = CtaState {
            bars: vec![Barrier::default(); 16],
            warp_wait: vec![0; nwarps],
            am_wait: vec![0; nwarps],
            exited: 0,
            next: 0,
            mbar_wait: Vec::new(),
        };
        Cta {
            ctaid,
            threads,
            shared,
            st,
        }
    }

    /// Runs CTA `c` for one slice; true when it has finished.
    fn slice(&mut self, c: &mut Cta, rng: &mut Rng) -> Result<bool, EmuError> {
        let smem = self.prog.static_shared + self.dyn_smem;
        let launch = LaunchCtx {
            ntid: self.block,
            nctaid: self.grid,
            ctaid: c.ctaid,
            dyn_smem: self.dyn_smem,
            total_smem: smem,
            reserved_base: self.reserved_base(),
            grid_ws: self.grid_ws,
        };
        let mut env = Env {
            prog: self.prog,
            mem: self.mem,
            shared: &mut c.shared,
            launch: &launch,
            printf: &mut self.printf,
            instructions: self.instructions,
            pc_counts: std::mem::take(&mut self.pc_counts),
            mbar_phase_done: false,
        };
        let done = run_cta(
            &mut env,
            &mut c.threads,
            &mut c.st,
            self.opts,
            rng,
            CTA_SLICE,
        );
        self.instructions = env.instructions;
        self.pc_counts = std::mem::take(&mut env.pc_counts);
        done
    }

    /// Runs the grid: CTAs start in x, y, z order; a CTA that does not finish within its slice
    /// waits while later CTAs run, then resumes.
    pub fn run(&mut self) -> Result<(), EmuError> {
        let mut rng = Rng(self.opts.seed ^ 0x5EED);
        let mut spare = Vec::new();
        let mut suspended: std::collections::VecDeque<Cta> = std::collections::VecDeque::new();
        let g = self.grid.map(|x| x as u64);
        let total = g[0] * g[1] * g[2];
        let mut started = 0u64;
        loop {
            let mut c = if started < total {
                let k = started;
                started += 1;
                let id = [k % g[0], k / g[0] % g[1], k / (g[0] * g[1])].map(|x| x as u32);
                self.new_cta(id, &mut spare)
            } else {
                match suspended.pop_front() {
                    Some(c) => c,
                    None => return Ok(()),
                }
            };
            if self.slice(&mut c, &mut rng)? {
                spare.push((c.threads, c.shared));
            } else {
                // A real GPU keeps only so many CTAs resident; more waiting on each other
                // would also hang there (and would take a lot of memory here).
                // A cooperative launch promises every CTA resident at once.
                if suspended.len() >= MAX_SUSPENDED_CTAS && self.grid_ws == 0 {
                    return Err(EmuError(format!(
                        "more than {MAX_SUSPENDED_CTAS} CTAs wait on each other without finishing (grid-wide spin-wait?)"
                    )));
                }
                suspended.push_back(c);
            }
        }
    }
}

/// Rendezvous bookkeeping of one CTA.
struct CtaState {
    bars: Vec<Barrier>,
    /// Per warp: lanes waiting at a warp collective.
    warp_wait: Vec<u32>,
    /// Per warp: number of lanes waiting at `activemask`.
    am_wait: Vec<u32>,
    exited: usize,
    /// Rotation of the random schedule.
    next: usize,
    /// Threads blocked in `mbarrier.try_wait`, woken when any phase completes.
    mbar_wait: Vec<u32>,
}

/// Runs a CTA until it finishes (true) or has run `slice` more instructions (false).
fn run_cta(
    env: &mut Env,
    threads: &mut [Thread],
    st: &mut CtaState,
    opts: &RunOptions,
    rng: &mut Rng,
    slice: u64,
) -> Result<bool, EmuError> {
    let n = threads.len();
    let nwarps = n.div_ceil(32);
    let stop_at = env.instructions + slice;
    loop {
        if env.instructions >= stop_at && st.exited < n {
            return Ok(false);
        }
        let mut progressed = false;
        match opts.schedule {
            Schedule::RoundRobin => {
                for idx in 0..n {
                    if threads[idx].state != TState::Ready {
                        continue;
                    }
                    progressed = true;
                    let stop = env.run(&mut threads[idx], RR_QUANTUM)?;
                    after_stop(env, threads, idx, stop, st)?;
                    if env.instructions > opts.max_instructions {
                        return Err(EmuError(format!(
                            "instruction limit of {} exceeded (an endless loop?)",
                            opts.max_instructions
                        )));
                    }
                }
            }
            Schedule::Random => {
                // Pick a random start and take the first ready thread from there.
                let start = (rng.next() % n as u64) as usize;
                for k in 0..n {
                    let idx = (start + k + st.next) % n;
                    if threads[idx].state == TState::Ready {
                        progressed = true;
                        let stop = env.run(&mut threads[idx], 1)?;
                        after_stop(env, threads, idx, stop, st)?;
                        break;
                    }
                }
                st.next = st.next.wrapping_add(1);
                if env.instructions > opts.max_instructions {
                    return Err(EmuError(format!(
                        "instruction limit of {} exceeded (an endless loop?)",
                        opts.max_instructions
                    )));
                }
            }
        }
        if st.exited == n {
            return Ok(true);
        }
        if !progressed {
            let mut resolved = false;
            for w in 0..nwarps {
                resolved |= resolve_activemask(env, threads, w, true, &mut st.am_wait[w]);
            }
            if !resolved {
                return Err(deadlock(env, threads));
            }
        }
    }
}

fn deadlock(env: &Env, threads: &[Thread]) -> EmuError {
    let blocked: Vec<String> = threads
        .iter()
        .filter(|t| t.state == TState::Blocked)
        .take(8)
        .map(|t| {
            format!(
                "({},{},{}) at line {}",
                t.tid[0], t.tid[1], t.tid[2], env.prog.insts[t.pc as usize].line
            )
        })
        .collect();
    let total = threads
        .iter()
        .filter(|t| t.state == TState::Blocked)
        .count();
    let c = env.launch.ctaid;
    EmuError(format!(
        "deadlock in block ({},{},{}): {total} threads wait at barriers or warp collectives that cannot complete: {}{}",
        c[0],
        c[1],
        c[2],
        blocked.join(", "),
        if total > 8 { ", ..." } else { "" }
    ))
}

fn warp_op_mask(i: &Inst) -> Option<Src> {
    match i.op {
        Op::BarWarpSync | Op::Elect => Some(i.s[0]),
        Op::Shfl(_) => Some(i.s[3]),
        Op::Vote(_) | Op::MatchAny(_) | Op::MatchAll(_) | Op::Redux(..) => Some(i.s[1]),
        Op::Wmma(s) if s.kind.is_collective() => Some(Src::Imm(0xFFFF_FFFF)),
        _ => None,
    }
}

fn after_stop(
    env: &mut Env,
    threads: &mut [Thread],
    idx: usize,
    stop: Stop,
    st: &mut CtaState,
) -> Result<(), EmuError> {
    let CtaState {
        bars,
        warp_wait,
        am_wait,
        exited,
        mbar_wait,
        ..
    } = st;
    let n = threads.len();
    let w = idx / 32;
    match stop {
        Stop::Quantum => return Ok(()),
        Stop::Exited => {
            *exited += 1;
            // A collective whose mask names this thread can no longer complete.
            let lane = idx % 32;
            for l in 0..32 {
                let j = w * 32 + l;
                if j < n && threads[j].state == TState::Blocked && warp_wait[w] & (1 << l) != 0 {
                    let i = &env.prog.insts[threads[j].pc as usize];
                    if let Some(m) = warp_op_mask(i) {
                        if threads[j].src(m) as u32 & (1 << lane) != 0 {
                            return Err(env.fail(
                                &threads[j],
                                threads[j].pc,
                                format!("warp collective mask names thread {idx}, which exited"),
                            ));
                        }
                    }
                }
            }
            for b in 0..bars.len() {
                try_release(env, threads, bars, b, n - *exited);
            }
        }
        Stop::Sync => {
            let pc = threads[idx].pc;
            let i = &env.prog.insts[pc as usize];
            match i.op {
                Op::Bar { kind, has_count } => {
                    let t = &threads[idx];
                    let id = t.src(i.s[0]) as usize;
                    if id >= bars.len() {
                        return Err(env.fail(t, pc, format!("barrier id {id} out of range")));
                    }
                    let count = if has_count { t.src(i.s[1]) as u32 } else { 0 };
                    let pred = t.src(i.s[2]) & 1 != 0;
                    let b = &mut bars[id];
                    if b.arrived == 0 {
                        b.all = true;
                        b.any = false;
                        b.popc = 0;
                    }
                    b.arrived += 1;
                    b.expected = count;
                    b.popc += pred as u32;
                    b.all &= pred;
                    b.any |= pred;
                    if kind == BarKind::Arrive {
                        threads[idx].state = TState::Ready;
                        threads[idx].pc += 1;
                    } else {
                        b.waiting.push(idx as u32);
                    }
                    try_release(env, threads, bars, id, n - *exited);
                }
                Op::Activemask => am_wait[w] += 1,
                Op::Mbar { .. } => mbar_wait.push(idx as u32),
                _ => {
                    let t = &threads[idx];
                    let mask = t.src(warp_op_mask(i).expect("warp op")) as u32;
                    let lane = idx % 32;
                    if mask & (1 << lane) == 0 {
                        return Err(env.fail(t, pc, format!("warp collective member mask {mask:#010x} does not include the calling lane {lane}")));
                    }
                    for l in 0..32 {
                        if mask & (1 << l) != 0 {
                            let j = w * 32 + l;
                            if j >= n || threads[j].state == TState::Exited {
                                return Err(env.fail(t, pc, format!("warp collective member mask {mask:#010x} names lane {l}, which has exited or does not exist")));
                            }
                        }
                    }
                    warp_wait[w] |= 1 << lane;
                    if warp_wait[w] & mask == mask {
                        complete_collective(env, threads, w, mask)?;
                        warp_wait[w] &= !mask;
                    }
                }
            }
        }
    }
    if am_wait[w] > 0 {
        resolve_activemask(env, threads, w, false, &mut am_wait[w]);
    }
    if env.mbar_phase_done {
        // They execute their try_wait again (and block again if their phase is not done).
        env.mbar_phase_done = false;
        for k in mbar_wait.drain(..) {
            threads[k as usize].state = TState::Ready;
        }
    }
    Ok(())
}

fn try_release(env: &Env, threads: &mut [Thread], bars: &mut [Barrier], id: usize, live: usize) {
    let b = &mut bars[id];
    if b.arrived == 0 {
        return;
    }
    let expected = if b.expected > 0 {
        b.expected as usize
    } else {
        live
    };
    if (b.arrived as usize) < expected {
        return;
    }
    for &k in &b.waiting {
        let t = &mut threads[k as usize];
        let i = &env.prog.insts[t.pc as usize];
        if let Op::Bar { kind, .. } = i.op {
            let v = match kind {
                BarKind::RedPopc => b.popc as u64,
                BarKind::RedAnd => b.all as u64,
                BarKind::RedOr => b.any as u64,
                _ => 0,
            };
            if i.d[0] != NO_REG {
                t.set(i.d[0], v);
            }
        }
        t.pc += 1;
        t.state = TState::Ready;
    }
    b.waiting.clear();
    b.arrived = 0;
    b.expected = 0;
}

/// Gives `activemask` its result once no lane of the warp can still arrive at it: lanes
/// blocked at the same `activemask` form the active set.
fn resolve_activemask(
    env: &Env,
    threads: &mut [Thread],
    w: usize,
    force: bool,
    waiting: &mut u32,
) -> bool {
    let n = threads.len();
    let lanes = w * 32..(w * 32 + 32).min(n);
    let at_am = |t: &Thread| {
        t.state == TState::Blocked && matches!(env.prog.insts[t.pc as usize].op, Op::Activemask)
    };
    if !threads[lanes.clone()].iter().any(at_am) {
        return false;
    }
    if !force
        && threads[lanes.clone()]
            .iter()
            .any(|t| t.state == TState::Ready)
    {
        return false;
    }
    let mut done = false;
    for k in lanes.clone() {
        if !at_am(&threads[k]) {
            continue;
        }
        let pc = threads[k].pc;
        let mut mask = 0u32;
        for j in lanes.clone() {
            if at_am(&threads[j]) && threads[j].pc == pc {
                mask |= 1 << (j % 32);
            }
        }
        for j in lanes.clone() {
            if mask & (1 << (j % 32)) != 0 {
                let t = &mut threads[j];
                let d = env.prog.insts[pc as usize].d[0];
                t.set(d, mask as u64);
                t.pc += 1;
                t.state = TState::Ready;
                *waiting -= 1;
            }
        }
        done = true;
    }
    done
}

/// Executes the collective that the lanes of `mask` in warp `w` wait at.
fn complete_collective(
    env: &Env,
    threads: &mut [Thread],
    w: usize,
    mask: u32,
) -> Result<(), EmuError> {
    let base = w * 32;
    let lanes: Vec<usize> = (0..32).filter(|l| mask & (1 << l) != 0).collect();
    let first = &threads[base + lanes[0]];
    let op = env.prog.insts[first.pc as usize].op;
    for &l in &lanes {
        let t = &threads[base + l];
        let o = env.prog.insts[t.pc as usize].op;
        if std::mem::discriminant(&o) != std::mem::discriminant(&op) {
            return Err(env.fail(
                t,
                t.pc,
                "lanes of one warp collective wait at different kinds of warp instructions",
            ));
        }
    }
    let inst = |t: &Thread| &env.prog.insts[t.pc as usize];
    // (lane, d0, d1) results, written after all reads.
    let mut out: Vec<(usize, u64, Option<u64>)> = Vec::with_capacity(lanes.len());
    match op {
        Op::BarWarpSync => {}
        Op::Elect => {
            let leader = lanes[0];
            for &l in &lanes {
                out.push((l, leader as u64, Some((l == leader) as u64)));
            }
        }
        Op::Shfl(mode) => {
            for &l in &lanes {
                let t = &threads[base + l];
                let i = inst(t);
                let b = (t.src(i.s[1]) & 0x1F) as i32;
                let c = t.src(i.s[2]) as u32;
                let cval = (c & 0x1F) as i32;
                let seg = ((c >> 8) & 0x1F) as i32;
                let lane = l as i32;
                let max_lane = (lane & seg) | (cval & !seg);
                let min_lane = lane & seg;
                let (j, p) = match mode {
                    ShflMode::Up => (lane - b, lane - b >= max_lane),
                    ShflMode::Down => (lane + b, lane + b <= max_lane),
                    ShflMode::Bfly => (lane ^ b, (lane ^ b) <= max_lane),
                    ShflMode::Idx => {
                        let j = min_lane | (b & !seg);
                        (j, j <= max_lane)
                    }
                };
                let j = if p { j as usize } else { l };
                let src_t = threads.get(base + j).unwrap_or(t);
                let v = src_t.src(i.s[0]) & 0xFFFF_FFFF;
                out.push((l, v, Some(p as u64)));
            }
        }
        Op::Vote(mode) => {
            let preds: Vec<bool> = lanes
                .iter()
                .map(|&l| threads[base + l].src(inst(&threads[base + l]).s[0]) & 1 != 0)
                .collect();
            let ballot: u32 = lanes
                .iter()
                .zip(&preds)
                .filter(|(_, p)| **p)
                .map(|(l, _)| 1u32 << l)
                .sum();
            let all = preds.iter().all(|p| *p);
            let any = preds.iter().any(|p| *p);
            for &l in &lanes {
                let v = match mode {
                    VoteMode::All => all as u64,
                    VoteMode::Any => any as u64,
                    VoteMode::Uni => (all || !any) as u64,
                    VoteMode::Ballot => ballot as u64,
                };
                out.push((l, v, None));
            }
        }
        Op::MatchAny(ty) | Op::MatchAll(ty) => {
            let m = alu::mask(ty.bits());
            let vals: Vec<u64> = lanes
                .iter()
                .map(|&l| threads[base + l].src(inst(&threads[base + l]).s[0]) & m)
                .collect();
            let all_eq = vals.iter().all(|v| *v == vals[0]);
            for (k, &l) in lanes.iter().enumerate() {
                if let Op::MatchAny(_) = op {
                    let g: u32 = lanes
                        .iter()
                        .zip(&vals)
                        .filter(|(_, v)| **v == vals[k])
                        .map(|(l2, _)| 1u32 << l2)
                        .sum();
                    out.push((l, g as u64, None));
                } else {
                    out.push((l, if all_eq { mask as u64 } else { 0 }, Some(all_eq as u64)));
                }
            }
        }
        Op::Redux(rop, ty) => {
            let vals: Vec<u64> = lanes
                .iter()
                .map(|&l| threads[base + l].src(inst(&threads[base + l]).s[0]) & 0xFFFF_FFFF)
                .collect();
            let mut acc = vals[0];
            let mut cc = 0;
            for &v in &vals[1..] {
                acc = match rop {
                    AtomOp::Add => acc.wrapping_add(v) & 0xFFFF_FFFF,
                    AtomOp::Min => alu::int_op(IntOp::Min, ty, acc, v, 0, 0, &mut cc),
                    AtomOp::Max => alu::int_op(IntOp::Max, ty, acc, v, 0, 0, &mut cc),
                    AtomOp::And => acc & v,
                    AtomOp::Or => acc | v,
                    _ => acc ^ v,
                };
            }
            for &l in &lanes {
                out.push((l, acc, None));
            }
        }
        Op::Wmma(s) if matches!(s.kind, crate::wmma::WKind::Ldmatrix { .. }) => {
            crate::mma_sync::ldmatrix(env, threads, base, &lanes)?
        }
        Op::Wmma(s) if matches!(s.kind, crate::wmma::WKind::Stmatrix { .. }) => {
            crate::mma_sync::stmatrix(env, threads, base, &lanes)?
        }
        Op::Wmma(_) => crate::wmma::mma(env, threads, base, &lanes)?,
        _ => {}
    }
    for (l, v, p) in out {
        let t = &mut threads[base + l];
        let i = &env.prog.insts[t.pc as usize];
        if i.d[0] != NO_REG {
            t.set(i.d[0], v);
        }
        if let (Some(p), true) = (p, i.d[1] != NO_REG) {
            t.set(i.d[1], p);
        }
    }
    for &l in &lanes {
        let t = &mut threads[base + l];
        t.pc += 1;
        t.state = TState::Ready;
    }
    Ok(())
}
