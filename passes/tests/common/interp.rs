//! A reference interpreter for the IR, for tests only: one thread, flat byte memory,
//! values as zero-extended `u64` bits (no `i128`). Special registers read fixed values
//! (`tid.x` = 3, `ntid.x` = 64, `ctaid.x` = 2, others 1, warp size 32).

use oxicc_ir::*;

const STEP_LIMIT: u64 = 10_000_000;

struct Machine<'m> {
    module: &'m Module,
    mem: Vec<u8>,
    steps: u64,
}

/// Runs `name` with integer/bit arguments; returns the raw bits of the result.
pub fn run(m: &Module, name: &str, args: &[i64]) -> Option<u64> {
    let id = m.function_by_name(name).expect("function exists");
    let mut mach = Machine {
        module: m,
        mem: vec![0; 16],
        steps: 0,
    };
    let f = &m.functions[id];
    let args: Vec<u64> = args
        .iter()
        .zip(f.sig.params.iter())
        .map(|(&a, p)| mask(a as u64, p.value_type()))
        .collect();
    mach.call(id, &args, 0)
}

/// Runs and sign-extends an integer result.
pub fn run_i(m: &Module, name: &str, args: &[i64]) -> i64 {
    let id = m.function_by_name(name).expect("function exists");
    let ty = m.functions[id].sig.ret.expect("returns a value");
    sext(run(m, name, args).expect("returns a value"), ty) as i64
}

pub fn run_f32(m: &Module, name: &str, args: &[i64]) -> f32 {
    f32::from_bits(run(m, name, args).expect("returns a value") as u32)
}

pub fn run_f64(m: &Module, name: &str, args: &[i64]) -> f64 {
    f64::from_bits(run(m, name, args).expect("returns a value"))
}

fn mask(v: u64, ty: Type) -> u64 {
    let bits = ty.bits();
    if bits >= 64 {
        v
    } else {
        v & ((1u64 << bits) - 1)
    }
}

fn sext(v: u64, ty: Type) -> u64 {
    let bits = ty.bits();
    if bits >= 64 {
        v
    } else {
        let sh = 64 - bits;
        (((v << sh) as i64) >> sh) as u64
    }
}

impl Machine<'_> {
    fn load(&self, addr: u64, ty: Type) -> u64 {
        let n = ty.bytes() as usize;
        let a = addr as usize;
        let mut bytes = [0u8; 8];
        bytes[..n].copy_from_slice(&self.mem[a..a + n]);
        mask(u64::from_le_bytes(bytes), ty)
    }

    fn store(&mut self, addr: u64, ty: Type, v: u64) {
        let n = ty.bytes() as usize;
        let a = addr as usize;
        self.mem[a..a + n].copy_from_slice(&v.to_le_bytes()[..n]);
    }

    fn call(&mut self, id: FuncId, args: &[u64], depth: u32) -> Option<u64> {
        assert!(depth < 200, "call depth");
        let f = &self.module.functions[id];
        assert!(!f.is_declaration(), "call to a declaration");
        // Frame: every slot gets fresh zeroed memory.
        let mut slot_addr = Vec::new();
        for (_, s) in f.stack_slots.iter() {
            let align = s.align.max(1) as usize;
            let base = self.mem.len().div_ceil(align) * align;
            self.mem.resize(base + s.size as usize, 0);
            slot_addr.push(base as u64);
        }
        let mut vals = vec![0u64; f.values.len()];
        let mut block = f.entry();
        for (&p, &a) in f.params().iter().zip(args) {
            vals[p.as_u32() as usize] = a;
        }
        loop {
            for &i in &f.blocks[block].insts {
                self.steps += 1;
                assert!(self.steps < STEP_LIMIT, "step limit");
                let node = &f.insts[i];
                let g = |v: Value| vals[v.as_u32() as usize];
                let ty_of = |v: Value| f.value_type(v);
                let result: Option<u64> = match &node.data {
                    InstData::IConst { ty, imm } => Some(mask(*imm, *ty)),
                    InstData::FConst { bits, .. } => Some(*bits),
                    InstData::Unary { op, arg } => Some(unary(*op, g(*arg), ty_of(*arg))),
                    InstData::Binary { op, lhs, rhs, .. } => {
                        Some(binary(*op, g(*lhs), g(*rhs), ty_of(*lhs)))
                    }
                    InstData::Fma { a, b, c } => Some(match ty_of(*a) {
                        Type::F32 => f32::from_bits(g(*a) as u32)
                            .mul_add(f32::from_bits(g(*b) as u32), f32::from_bits(g(*c) as u32))
                            .to_bits() as u64,
                        _ => f64::from_bits(g(*a))
                            .mul_add(f64::from_bits(g(*b)), f64::from_bits(g(*c)))
                            .to_bits(),
                    }),
                    InstData::ICmp { cond, lhs, rhs } => {
                        Some(icmp(*cond, g(*lhs), g(*rhs), ty_of(*lhs)) as u64)
                    }
                    InstData::FCmp { cond, lhs, rhs } => {
                        let (a, b) = (to_f64(g(*lhs), ty_of(*lhs)), to_f64(g(*rhs), ty_of(*rhs)));
                        Some(fcmp(*cond, a, b) as u64)
                    }
                    InstData::Select {
                        cond,
                        if_true,
                        if_false,
                    } => Some(if g(*cond) & 1 == 1 {
                        g(*if_true)
                    } else {
                        g(*if_false)
                    }),
                    InstData::Cast { op, arg, to } => Some(cast(*op, g(*arg), ty_of(*arg), *to)),
                    InstData::Load { ty, ptr, .. } => Some(self.load(g(*ptr), *ty)),
                    InstData::Store { ptr, value, .. } => {
                        let (p, v, t) = (g(*ptr), g(*value), ty_of(*value));
                        self.store(p, t, v);
                        None
                    }
                    InstData::PtrAdd { ptr, offset } => Some(g(*ptr).wrapping_add(g(*offset))),
                    InstData::StackAddr { slot } => Some(slot_addr[slot.as_u32() as usize]),
                    InstData::SpecialReg { reg } => Some(match reg {
                        SpecialReg::Tid(Dim::X) => 3,
                        SpecialReg::NTid(Dim::X) => 64,
                        SpecialReg::CtaId(Dim::X) => 2,
                        SpecialReg::WarpSize => 32,
                        SpecialReg::LaneId => 3,
                        _ => 1,
                    }),
                    InstData::Call { callee, args } => {
                        let a: Vec<u64> = args.iter().map(|&v| g(v)).collect();
                        self.call(*callee, &a, depth + 1)
                    }
                    InstData::Barrier | InstData::Fence { .. } | InstData::WarpSync { .. } => None,
                    // One thread: it is the only active lane.
                    InstData::ActiveMask => Some(1),
                    InstData::Jump { dest } => {
                        let a: Vec<u64> = dest.args.iter().map(|&v| g(v)).collect();
                        block = bind(f, dest.block, &a, &mut vals);
                        break;
                    }
                    InstData::Branch {
                        cond,
                        then_dest,
                        else_dest,
                    } => {
                        let d = if g(*cond) & 1 == 1 {
                            then_dest
                        } else {
                            else_dest
                        };
                        let a: Vec<u64> = d.args.iter().map(|&v| g(v)).collect();
                        block = bind(f, d.block, &a, &mut vals);
                        break;
                    }
                    InstData::Switch {
                        arg,
                        cases,
                        default,
                    } => {
                        let x = g(*arg);
                        let d = cases
                            .iter()
                            .find(|(c, _)| *c == x)
                            .map(|(_, d)| d)
                            .unwrap_or(default);
                        let a: Vec<u64> = d.args.iter().map(|&v| g(v)).collect();
                        block = bind(f, d.block, &a, &mut vals);
                        break;
                    }
                    InstData::Return { value } => return value.map(g),
                    other => panic!("interpreter does not support {other:?}"),
                };
                if let (Some(r), Some(v)) = (node.result, result) {
                    vals[r.as_u32() as usize] = mask(v, f.value_type(r));
                }
            }
        }
    }
}

fn bind(f: &Function, b: Block, args: &[u64], vals: &mut [u64]) -> Block {
    for (&p, &a) in f.blocks[b].params.iter().zip(args) {
        vals[p.as_u32() as usize] = a;
    }
    b
}

fn to_f64(bits: u64, ty: Type) -> f64 {
    match ty {
        Type::F32 => f32::from_bits(bits as u32) as f64,
        Type::F64 => f64::from_bits(bits),
        t => panic!("float op on {t}"),
    }
}

fn from_f64(v: f64, ty: Type) -> u64 {
    match ty {
        Type::F32 => (v as f32).to_bits() as u64,
        _ => v.to_bits(),
    }
}

fn unary(op: UnaryOp, a: u64, ty: Type) -> u64 {
    let bits = ty.bits();
    let fl = |f: fn(f64) -> f64| -> u64 {
        match ty {
            Type::F32 => {
                // f32 results computed through f64 are exact for these operations.
                from_f64(f(f32::from_bits(a as u32) as f64), ty)
            }
            _ => from_f64(f(f64::from_bits(a)), ty),
        }
    };
    match op {
        UnaryOp::Neg => mask(a.wrapping_neg(), ty),
        UnaryOp::Not => mask(!a, ty),
        UnaryOp::Popc => a.count_ones() as u64,
        UnaryOp::Clz => (a.leading_zeros() - (64 - bits)) as u64,
        UnaryOp::Brev => a.reverse_bits() >> (64 - bits),
        UnaryOp::FNeg => a ^ (1u64 << (bits - 1)),
        UnaryOp::FAbs => a & !(1u64 << (bits - 1)),
        UnaryOp::FSqrt => match ty {
            Type::F32 => f32::from_bits(a as u32).sqrt().to_bits() as u64,
            _ => f64::from_bits(a).sqrt().to_bits(),
        },
        UnaryOp::FRint => fl(f64::round_ties_even),
        UnaryOp::FTrunc => fl(f64::trunc),
        UnaryOp::FFloor => fl(f64::floor),
        UnaryOp::FCeil => fl(f64::ceil),
        // The test programs never use the approximations; this interpreter has no model
        // of their error.
        other => panic!("the pass-test interpreter does not model {other:?}"),
    }
}

fn binary(op: BinaryOp, a: u64, b: u64, ty: Type) -> u64 {
    let bits = ty.bits();
    let (sa, sb) = (sext(a, ty) as i64, sext(b, ty) as i64);
    let r = match op {
        BinaryOp::Add => a.wrapping_add(b),
        BinaryOp::Sub => a.wrapping_sub(b),
        BinaryOp::Mul => a.wrapping_mul(b),
        BinaryOp::SDiv => sa.checked_div(sb).expect("sdiv by zero in a test") as u64,
        BinaryOp::UDiv => a / b,
        BinaryOp::SRem => sa.checked_rem(sb).expect("srem by zero in a test") as u64,
        BinaryOp::URem => a % b,
        BinaryOp::SMulHi => (((sa as i128) * (sb as i128)) >> bits) as u64,
        BinaryOp::UMulHi => (((a as u128) * (b as u128)) >> bits) as u64,
        BinaryOp::And => a & b,
        BinaryOp::Or => a | b,
        BinaryOp::Xor => a ^ b,
        BinaryOp::Shl => {
            if b >= bits as u64 {
                0
            } else {
                a << b
            }
        }
        BinaryOp::LShr => {
            if b >= bits as u64 {
                0
            } else {
                a >> b
            }
        }
        BinaryOp::AShr => (sa >> b.min(63)) as u64,
        BinaryOp::SMin => sa.min(sb) as u64,
        BinaryOp::SMax => sa.max(sb) as u64,
        BinaryOp::UMin => a.min(b),
        BinaryOp::UMax => a.max(b),
        BinaryOp::FAdd
        | BinaryOp::FSub
        | BinaryOp::FMul
        | BinaryOp::FAddRn
        | BinaryOp::FSubRn
        | BinaryOp::FMulRn
        | BinaryOp::FDiv
        | BinaryOp::FRem
        | BinaryOp::FMin
        | BinaryOp::FMax => return float_binary(op, a, b, ty),
        other => panic!("the pass-test interpreter does not model {other:?}"),
    };
    mask(r, ty)
}

fn float_binary(op: BinaryOp, a: u64, b: u64, ty: Type) -> u64 {
    macro_rules! go {
        ($t:ty, $x:expr, $y:expr) => {{
            let (x, y) = ($x, $y);
            let r: $t = match op {
                BinaryOp::FAdd | BinaryOp::FAddRn => x + y,
                BinaryOp::FSub | BinaryOp::FSubRn => x - y,
                BinaryOp::FMul | BinaryOp::FMulRn => x * y,
                BinaryOp::FDiv => x / y,
                BinaryOp::FRem => x % y,
                BinaryOp::FMin => x.min(y),
                _ => x.max(y),
            };
            r
        }};
    }
    match ty {
        Type::F32 => go!(f32, f32::from_bits(a as u32), f32::from_bits(b as u32)).to_bits() as u64,
        _ => go!(f64, f64::from_bits(a), f64::from_bits(b)).to_bits(),
    }
}

fn icmp(c: IntCC, a: u64, b: u64, ty: Type) -> bool {
    let (sa, sb) = (sext(a, ty) as i64, sext(b, ty) as i64);
    match c {
        IntCC::Eq => a == b,
        IntCC::Ne => a != b,
        IntCC::Slt => sa < sb,
        IntCC::Sle => sa <= sb,
        IntCC::Sgt => sa > sb,
        IntCC::Sge => sa >= sb,
        IntCC::Ult => a < b,
        IntCC::Ule => a <= b,
        IntCC::Ugt => a > b,
        IntCC::Uge => a >= b,
    }
}

fn fcmp(c: FloatCC, a: f64, b: f64) -> bool {
    let uno = a.is_nan() || b.is_nan();
    match c {
        FloatCC::Oeq => a == b,
        FloatCC::One => !uno && a != b,
        FloatCC::Olt => a < b,
        FloatCC::Ole => a <= b,
        FloatCC::Ogt => a > b,
        FloatCC::Oge => a >= b,
        FloatCC::Ord => !uno,
        FloatCC::Ueq => uno || a == b,
        FloatCC::Une => a != b,
        FloatCC::Ult => uno || a < b,
        FloatCC::Ule => uno || a <= b,
        FloatCC::Ugt => uno || a > b,
        FloatCC::Uge => uno || a >= b,
        FloatCC::Uno => uno,
    }
}

fn cast(op: CastOp, a: u64, from: Type, to: Type) -> u64 {
    match op {
        CastOp::Trunc
        | CastOp::ZExt
        | CastOp::Bitcast
        | CastOp::PtrToInt
        | CastOp::IntToPtr
        | CastOp::AddrSpaceCast => mask(a, to),
        CastOp::SExt => mask(sext(a, from), to),
        CastOp::FpToSi => {
            let x = to_f64(a, from);
            let r = match to.bits() {
                8 => x as i8 as i64,
                16 => x as i16 as i64,
                32 => x as i32 as i64,
                _ => x as i64,
            };
            mask(r as u64, to)
        }
        CastOp::FpToUi => {
            let x = to_f64(a, from);
            let r = match to.bits() {
                8 => x as u8 as u64,
                16 => x as u16 as u64,
                32 => x as u32 as u64,
                _ => x as u64,
            };
            mask(r, to)
        }
        CastOp::SiToFp => {
            let x = sext(a, from) as i64;
            match to {
                Type::F32 => (x as f32).to_bits() as u64,
                _ => (x as f64).to_bits(),
            }
        }
        CastOp::UiToFp => match to {
            Type::F32 => (a as f32).to_bits() as u64,
            _ => (a as f64).to_bits(),
        },
        CastOp::FpExt => from_f64(to_f64(a, from), to),
        CastOp::FpTrunc => (f64::from_bits(a) as f32).to_bits() as u64,
    }
}
