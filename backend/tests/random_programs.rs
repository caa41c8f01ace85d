//! Randomized programs: loops whose block parameters are fed back as random selections
//! and permutations of values (swaps, cycles, duplicates) computed by random integer
//! operations at 8, 32 and 64 bits. Each program is compiled, assembled by `ptxas`, run in
//! `oxicc-emu`, and compared with a direct simulation in plain Rust. This stresses
//! out-of-SSA copy sequencing, coalescing, liveness across loops and the folding patterns.

use crate::common;

use common::build::*;
use common::run::{random_bits, run, Arg, Buf};
use oxicc_backend::{emit_ptx, TargetOptions};
use oxicc_ir::*;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        random_bits(self.0, 1)[0].wrapping_add({
            self.0 = self.0.wrapping_add(1);
            0
        })
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[derive(Clone, Copy)]
enum Node {
    Bin(BinaryOp, usize, usize),
    /// `select(a <s b, c, d)`
    Sel(usize, usize, usize, usize),
    Sext(usize),
    Zext(usize),
    Trunc(usize),
    /// trunc to i8, add, sign-extend back.
    Byte(usize, usize),
    Const(u64),
    /// `mix(a, b, (i8) a, a <s 0)` with `a` 32-bit and `b` 64-bit: a device-function call
    /// with small and boolean parameters.
    Call(usize, usize),
}

/// The device function the programs call, computed in plain Rust:
/// `mix(a, b, c, d) = sext(a) * 3 + (b ^ zext(c)) + d`.
fn mix_ref(a: u64, b: u64) -> u64 {
    let c = a & 0xff;
    let d = (sx(a, 32) < 0) as u64;
    (sx(a, 32) as u64)
        .wrapping_mul(3)
        .wrapping_add(b ^ c)
        .wrapping_add(d)
}

fn mix_function() -> Function {
    let params = [
        ParamKind::Value(Type::I32),
        ParamKind::Value(Type::I64),
        ParamKind::Value(Type::I8),
        ParamKind::Value(Type::I1),
    ];
    let mut f = device("_Z3mixilcb", &params, Some(Type::I64));
    let p = f.params().to_vec();
    let mut b = FunctionBuilder::new(&mut f);
    let a = b.cast(CastOp::SExt, p[0], Type::I64);
    let three = b.iconst(Type::I64, 3);
    let m = b.binary(BinaryOp::Mul, a, three);
    let c = b.cast(CastOp::ZExt, p[2], Type::I64);
    let x = b.binary(BinaryOp::Xor, p[1], c);
    let s = b.binary(BinaryOp::Add, m, x);
    let d = b.cast(CastOp::ZExt, p[3], Type::I64);
    let r = b.binary(BinaryOp::Add, s, d);
    b.ret(Some(r));
    f
}

const OPS: [BinaryOp; 10] = [
    BinaryOp::Add,
    BinaryOp::Sub,
    BinaryOp::Mul,
    BinaryOp::And,
    BinaryOp::Or,
    BinaryOp::Xor,
    BinaryOp::Shl,
    BinaryOp::AShr,
    BinaryOp::SMin,
    BinaryOp::UMax,
];

fn mask(w: u32) -> u64 {
    if w == 64 {
        u64::MAX
    } else {
        (1 << w) - 1
    }
}

fn sx(v: u64, w: u32) -> i64 {
    ((v << (64 - w)) as i64) >> (64 - w)
}

fn eval(op: BinaryOp, a: u64, b: u64, w: u32) -> u64 {
    let r = match op {
        BinaryOp::Add => a.wrapping_add(b),
        BinaryOp::Sub => a.wrapping_sub(b),
        BinaryOp::Mul => a.wrapping_mul(b),
        BinaryOp::And => a & b,
        BinaryOp::Or => a | b,
        BinaryOp::Xor => a ^ b,
        BinaryOp::Shl => {
            let s = b & mask(w);
            if s >= w as u64 {
                0
            } else {
                a << s
            }
        }
        BinaryOp::AShr => (sx(a, w) >> (b & mask(w)).min(w as u64 - 1)) as u64,
        BinaryOp::SMin => sx(a, w).min(sx(b, w)) as u64,
        _ => (a & mask(w)).max(b & mask(w)),
    };
    r & mask(w)
}

/// Builds and checks one random program.
fn check(seed: u64) {
    let mut rng = Rng(seed * 7919 + 1);
    let n_params = 2 + rng.below(5);
    let widths: Vec<u32> = (0..n_params)
        .map(|_| if rng.below(3) == 0 { 64 } else { 32 })
        .collect();
    // Nodes: params first, then the body.
    let mut ty: Vec<u32> = widths.clone();
    let mut nodes: Vec<Option<Node>> = vec![None; n_params];
    let n_body = 4 + rng.below(14);
    for _ in 0..n_body {
        let pick = |rng: &mut Rng, ty: &[u32], w: u32| -> Option<usize> {
            let c: Vec<usize> = (0..ty.len()).filter(|&i| ty[i] == w).collect();
            (!c.is_empty()).then(|| c[rng.below(c.len())])
        };
        let w = if rng.below(3) == 0 { 64 } else { 32 };
        let node = match rng.below(8) {
            0 => match pick(&mut rng, &ty, if w == 64 { 32 } else { 64 }) {
                Some(s) if w == 64 && rng.below(2) == 0 => Node::Sext(s),
                Some(s) if w == 64 => Node::Zext(s),
                Some(s) => Node::Trunc(s),
                None => Node::Const(rng.next() & mask(w)),
            },
            1 => match (pick(&mut rng, &ty, w), pick(&mut rng, &ty, w)) {
                (Some(a), Some(b)) => Node::Sel(a, b, b, a),
                _ => Node::Const(rng.next() % 100),
            },
            2 if w == 32 => match (pick(&mut rng, &ty, 32), pick(&mut rng, &ty, 32)) {
                (Some(a), Some(b)) => Node::Byte(a, b),
                _ => Node::Const(7),
            },
            3 => Node::Const(if rng.below(2) == 0 {
                rng.next() & mask(w)
            } else {
                rng.next() % 9
            }),
            4 if w == 64 => match (pick(&mut rng, &ty, 32), pick(&mut rng, &ty, 64)) {
                (Some(a), Some(b)) => Node::Call(a, b),
                _ => Node::Const(11),
            },
            _ => match (pick(&mut rng, &ty, w), pick(&mut rng, &ty, w)) {
                (Some(a), Some(b)) => Node::Bin(OPS[rng.below(OPS.len())], a, b),
                _ => Node::Const(3),
            },
        };
        ty.push(w);
        nodes.push(Some(node));
    }
    // Back edge: each parameter gets a random value of its width (params included, so
    // swaps and cycles appear).
    let selection = |rng: &mut Rng| -> Vec<usize> {
        (0..n_params)
            .map(|p| {
                let c: Vec<usize> = (0..ty.len()).filter(|&i| ty[i] == widths[p]).collect();
                c[rng.below(c.len())]
            })
            .collect()
    };
    // Two selections joined in a block with parameters (a diamond with arguments on both
    // edges), chosen by comparing two 32-bit values... or two of any width.
    let back_then = selection(&mut rng);
    let back_else = selection(&mut rng);
    let (cx, cy) = (rng.below(ty.len()), rng.below(ty.len()));
    let (cx, cy) = if ty[cx] == ty[cy] { (cx, cy) } else { (cx, cx) };

    // IR.
    let mut m = Module::new();
    let mix = m.add_function(mix_function());
    let mut f = kernel("rnd", &[G, G, Type::I32]);
    let kp = f.params().to_vec();
    let mut b = FunctionBuilder::new(&mut f);
    let header = b.create_block();
    let exit = b.create_block();
    let cnt = b.append_block_param(header, Type::I32);
    let params: Vec<Value> = widths
        .iter()
        .map(|&w| b.append_block_param(header, Type::int_with_bits(w).unwrap()))
        .collect();
    let tid = b.special_reg(SpecialReg::Tid(Dim::X));
    let mut init = Vec::new();
    for (k, &w) in widths.iter().enumerate() {
        let idx = b.iconst(Type::I32, n_params as i64);
        let row = b.binary(BinaryOp::Mul, tid, idx);
        let kk = b.iconst(Type::I32, k as i64);
        let i = b.binary(BinaryOp::Add, row, kk);
        let a = elem(&mut b, kp[0], i, 8);
        let v = b.load(Type::I64, a, MemFlags::aligned(8));
        init.push(if w == 64 {
            v
        } else {
            b.cast(CastOp::Trunc, v, Type::I32)
        });
    }
    let zero = b.iconst(Type::I32, 0);
    let mut args = vec![zero];
    args.extend(init);
    b.jump(header, args);
    b.switch_to_block(header);
    let mut vals: Vec<Value> = params.clone();
    for node in nodes.iter().skip(n_params) {
        let v = match node.unwrap() {
            Node::Bin(op, x, y) => b.binary(op, vals[x], vals[y]),
            Node::Sel(x, y, c, d) => {
                let c0 = b.icmp(IntCC::Slt, vals[x], vals[y]);
                b.select(c0, vals[c], vals[d])
            }
            Node::Sext(x) => b.cast(CastOp::SExt, vals[x], Type::I64),
            Node::Zext(x) => b.cast(CastOp::ZExt, vals[x], Type::I64),
            Node::Trunc(x) => b.cast(CastOp::Trunc, vals[x], Type::I32),
            Node::Byte(x, y) => {
                let p = b.cast(CastOp::Trunc, vals[x], Type::I8);
                let q = b.cast(CastOp::Trunc, vals[y], Type::I8);
                let s = b.binary(BinaryOp::Add, p, q);
                b.cast(CastOp::SExt, s, Type::I32)
            }
            Node::Const(c) => {
                let t = Type::int_with_bits(ty[vals.len()]).unwrap();
                b.iconst(t, c as i64)
            }
            Node::Call(x, y) => {
                let c8 = b.cast(CastOp::Trunc, vals[x], Type::I8);
                let z = b.iconst(Type::I32, 0);
                let neg = b.icmp(IntCC::Slt, vals[x], z);
                b.call(mix, vec![vals[x], vals[y], c8, neg], Some(Type::I64))
                    .unwrap()
            }
        };
        vals.push(v);
    }
    let join = b.create_block();
    let jparams: Vec<Value> = widths
        .iter()
        .map(|&w| b.append_block_param(join, Type::int_with_bits(w).unwrap()))
        .collect();
    let which = b.icmp(IntCC::Slt, vals[cx], vals[cy]);
    b.branch(
        which,
        BlockCall::new(join, back_then.iter().map(|&i| vals[i]).collect()),
        BlockCall::new(join, back_else.iter().map(|&i| vals[i]).collect()),
    );
    b.switch_to_block(join);
    let one = b.iconst(Type::I32, 1);
    let cnt2 = b.binary(BinaryOp::Add, cnt, one);
    let more = b.icmp(IntCC::Slt, cnt2, kp[2]);
    let mut bargs = vec![cnt2];
    bargs.extend(jparams.iter().copied());
    b.branch(more, BlockCall::new(header, bargs), BlockCall::plain(exit));
    b.switch_to_block(exit);
    for (k, &w) in widths.iter().enumerate() {
        let idx = b.iconst(Type::I32, n_params as i64);
        let row = b.binary(BinaryOp::Mul, tid, idx);
        let kk = b.iconst(Type::I32, k as i64);
        let i = b.binary(BinaryOp::Add, row, kk);
        let a = elem(&mut b, kp[1], i, 8);
        let v = if w == 64 {
            params[k]
        } else {
            b.cast(CastOp::ZExt, params[k], Type::I64)
        };
        b.store(a, v, MemFlags::aligned(8));
    }
    b.ret(None);
    m.add_function(f);
    let ptx = emit_ptx(
        &m,
        &TargetOptions {
            sm: 75,
            ptx_version: None,
            ftz: false,
        },
    )
    .unwrap();
    common::assemble(&ptx, 75, &format!("random_{seed}"));

    // Simulation.
    let lanes = 8;
    let iters = 1 + (seed % 5) as u32;
    let input = random_bits(seed + 1000, lanes * n_params);
    let out = run(
        &ptx,
        "rnd",
        lanes as u32,
        &[
            Arg::Buf(Buf {
                name: "in",
                bytes: 8,
                data: input.clone(),
            }),
            Arg::Buf(Buf {
                name: "out",
                bytes: 8,
                data: vec![0; lanes * n_params],
            }),
            Arg::Scalar("s32", iters.to_string()),
        ],
    );
    for lane in 0..lanes {
        let mut cur: Vec<u64> = (0..n_params)
            .map(|k| input[lane * n_params + k] & mask(widths[k]))
            .collect();
        let mut c = 0;
        loop {
            let mut v = cur.clone();
            for (i, node) in nodes.iter().enumerate().skip(n_params) {
                let w = ty[i];
                let r = match node.unwrap() {
                    Node::Bin(op, x, y) => eval(op, v[x], v[y], w),
                    Node::Sel(x, y, cc, d) => {
                        if sx(v[x], w) < sx(v[y], w) {
                            v[cc]
                        } else {
                            v[d]
                        }
                    }
                    Node::Sext(x) => sx(v[x], 32) as u64,
                    Node::Zext(x) => v[x],
                    Node::Trunc(x) => v[x] & mask(32),
                    Node::Byte(x, y) => (sx(v[x].wrapping_add(v[y]) & 0xff, 8) as u64) & mask(32),
                    Node::Const(k) => k & mask(w),
                    Node::Call(x, y) => mix_ref(v[x], v[y]),
                };
                v.push(r);
            }
            c += 1;
            if c >= iters {
                break;
            }
            let w = ty[cx];
            let back = if sx(v[cx], w) < sx(v[cy], w) {
                &back_then
            } else {
                &back_else
            };
            cur = back.iter().map(|&i| v[i]).collect();
        }
        let got = &out[1][lane * n_params..(lane + 1) * n_params];
        assert_eq!(got, &cur[..], "seed {seed} lane {lane}\n{ptx}");
    }
}

#[test]
fn random_loops_match_plain_rust() {
    for seed in 0..100 {
        check(seed);
    }
}
