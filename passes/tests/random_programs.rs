//! Differential test: random front-end-shaped functions (every local in a stack slot,
//! structured `if`/`for`/`switch`, calls to small device helpers) are run by the test
//! interpreter before and after each `-O` pipeline; results must agree, and the verifier
//! must accept the IR after every pass.

use crate::common;

use common::*;
use oxicc_ir::*;

const VARS: usize = 4;
const FL: MemFlags = MemFlags::aligned(4);

struct Gen<'a, 'f> {
    b: FunctionBuilder<'f>,
    rng: &'a mut Rng,
    vars: Vec<StackSlot>,
    params: Vec<Value>,
    helpers: Vec<FuncId>,
    budget: u32,
    /// A 4-element `int` array that stays in memory (indexed by computed offsets).
    array: Option<StackSlot>,
}

impl Gen<'_, '_> {
    fn load_var(&mut self, k: usize) -> Value {
        let a = self.b.stack_addr(self.vars[k]);
        self.b.load(Type::I32, a, FL)
    }

    fn store_var(&mut self, k: usize, v: Value) {
        let a = self.b.stack_addr(self.vars[k]);
        self.b.store(a, v, FL);
    }

    /// `&array[x & 3]`, or with a constant index.
    fn element(&mut self, x: Value) -> Option<Value> {
        let slot = self.array?;
        let base = self.b.stack_addr(slot);
        let idx = if self.rng.below(2) == 0 {
            let three = self.b.iconst(Type::I32, 3);
            let k = self.b.binary(BinaryOp::And, x, three);
            self.b.cast(CastOp::ZExt, k, Type::I64)
        } else {
            self.b.iconst(Type::I64, self.rng.below(4) as i64)
        };
        let four = self.b.iconst(Type::I64, 4);
        let off = self.b.binary(BinaryOp::Mul, idx, four);
        Some(self.b.ptr_add(base, off))
    }

    fn expr(&mut self, depth: u32) -> Value {
        let choice = if depth == 0 {
            self.rng.below(3)
        } else {
            self.rng.below(9)
        };
        match choice {
            0 => {
                let k = self.rng.below(VARS as u64) as usize;
                self.load_var(k)
            }
            1 => {
                let c =
                    [0i64, 1, -1, 2, 3, 7, 31, 32, 255, -2147483648][self.rng.below(10) as usize];
                self.b.iconst(Type::I32, c)
            }
            2 => self.params[self.rng.below(self.params.len() as u64) as usize],
            3 if self.array.is_some() && self.rng.below(2) == 0 => {
                let x = self.expr(depth - 1);
                let p = self.element(x).expect("has an array");
                self.b.load(Type::I32, p, FL)
            }
            3 if !self.helpers.is_empty() => {
                let x = self.expr(depth - 1);
                let h = self.helpers[self.rng.below(self.helpers.len() as u64) as usize];
                self.b.call(h, vec![x], Some(Type::I32)).expect("returns")
            }
            4 => {
                let c = self.cond(depth - 1);
                let x = self.expr(depth - 1);
                let y = self.expr(depth - 1);
                self.b.select(c, x, y)
            }
            5 => {
                // Division with a divisor that cannot be zero.
                let x = self.expr(depth - 1);
                let y = self.expr(depth - 1);
                let one = self.b.iconst(Type::I32, 1);
                let y = self.b.binary(BinaryOp::Or, y, one);
                let op = if self.rng.below(2) == 0 {
                    BinaryOp::UDiv
                } else {
                    BinaryOp::URem
                };
                self.b.binary(op, x, y)
            }
            _ => {
                use BinaryOp::*;
                let ops = [
                    Add, Sub, Mul, And, Or, Xor, Shl, LShr, AShr, SMin, UMax, SMax,
                ];
                let op = ops[self.rng.below(ops.len() as u64) as usize];
                let x = self.expr(depth - 1);
                let y = self.expr(depth - 1);
                self.b.binary(op, x, y)
            }
        }
    }

    fn cond(&mut self, depth: u32) -> Value {
        let x = self.expr(depth);
        let y = self.expr(depth);
        let cc =
            [IntCC::Eq, IntCC::Ne, IntCC::Slt, IntCC::Ule, IntCC::Sgt][self.rng.below(5) as usize];
        self.b.icmp(cc, x, y)
    }

    /// `a && b` or `a || b` the way the front end lowers it: a join block with an `i1`
    /// parameter fed by a constant from the short-circuit edge.
    fn short_circuit(&mut self) -> Value {
        let and = self.rng.below(2) == 0;
        let a = self.cond(1);
        let (rhs, join) = (self.b.create_block(), self.b.create_block());
        let p = self.b.append_block_param(join, Type::I1);
        let k = self.b.iconst(Type::I1, (!and) as i64);
        let (t, e) = if and {
            (BlockCall::plain(rhs), BlockCall::new(join, vec![k]))
        } else {
            (BlockCall::new(join, vec![k]), BlockCall::plain(rhs))
        };
        self.b.branch(a, t, e);
        self.b.switch_to_block(rhs);
        let b = self.cond(1);
        self.b.jump(join, vec![b]);
        self.b.switch_to_block(join);
        p
    }

    fn stmts(&mut self, depth: u32) {
        let n = 1 + self.rng.below(3);
        for _ in 0..n {
            if self.budget == 0 {
                return;
            }
            self.budget -= 1;
            match if depth == 0 { 0 } else { self.rng.below(5) } {
                0 | 1 => {
                    let v = self.expr(2);
                    if self.array.is_some() && self.rng.below(3) == 0 {
                        let x = self.expr(1);
                        let p = self.element(x).expect("has an array");
                        self.b.store(p, v, FL);
                    } else {
                        let k = self.rng.below(VARS as u64) as usize;
                        self.store_var(k, v);
                    }
                }
                2 => {
                    let c = if self.rng.below(2) == 0 {
                        self.cond(1)
                    } else {
                        self.short_circuit()
                    };
                    let (t, e, j) = (
                        self.b.create_block(),
                        self.b.create_block(),
                        self.b.create_block(),
                    );
                    self.b.branch(c, BlockCall::plain(t), BlockCall::plain(e));
                    self.b.switch_to_block(t);
                    self.stmts(depth - 1);
                    self.b.jump(j, vec![]);
                    self.b.switch_to_block(e);
                    if self.rng.below(2) == 0 {
                        self.stmts(depth - 1);
                    }
                    self.b.jump(j, vec![]);
                    self.b.switch_to_block(j);
                }
                3 => {
                    // for (i = 0; i < N; i++) with a counter slot of its own.
                    let counter = self.b.func.create_stack_slot(4, 4);
                    let trips = self.rng.below(4) as i64;
                    let zero = self.b.iconst(Type::I32, 0);
                    let a = self.b.stack_addr(counter);
                    self.b.store(a, zero, FL);
                    let (head, body, exit) = (
                        self.b.create_block(),
                        self.b.create_block(),
                        self.b.create_block(),
                    );
                    self.b.jump(head, vec![]);
                    self.b.switch_to_block(head);
                    let a = self.b.stack_addr(counter);
                    let i = self.b.load(Type::I32, a, FL);
                    let n = self.b.iconst(Type::I32, trips);
                    let c = self.b.icmp(IntCC::Slt, i, n);
                    self.b
                        .branch(c, BlockCall::plain(body), BlockCall::plain(exit));
                    self.b.switch_to_block(body);
                    self.stmts(depth - 1);
                    let a = self.b.stack_addr(counter);
                    let i = self.b.load(Type::I32, a, FL);
                    let one = self.b.iconst(Type::I32, 1);
                    let i2 = self.b.binary(BinaryOp::Add, i, one);
                    self.b.store(a, i2, FL);
                    self.b.jump(head, vec![]);
                    self.b.switch_to_block(exit);
                }
                _ => {
                    let x = self.expr(1);
                    let three = self.b.iconst(Type::I32, 3);
                    let s = self.b.binary(BinaryOp::And, x, three);
                    let blocks: Vec<Block> = (0..3).map(|_| self.b.create_block()).collect();
                    let join = self.b.create_block();
                    let cases = vec![
                        (0u64, BlockCall::plain(blocks[0])),
                        (1, BlockCall::plain(blocks[1])),
                        (3, BlockCall::plain(blocks[0])),
                    ];
                    self.b.switch(s, cases, BlockCall::plain(blocks[2]));
                    for (n, &blk) in blocks.iter().enumerate() {
                        self.b.switch_to_block(blk);
                        self.stmts(depth - 1);
                        // Case 0 falls through into case 1.
                        let next = if n == 0 { blocks[1] } else { join };
                        self.b.jump(next, vec![]);
                    }
                    self.b.switch_to_block(join);
                }
            }
        }
    }
}

fn build(seed: u64) -> Module {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut m = Module::new();
    let mut helpers = Vec::new();
    for h in 0..2 {
        let mut f = Function::new(
            format!("h{h}"),
            sig(&[Type::I32], Some(Type::I32)),
            FuncKind::Device,
        );
        f.linkage = Linkage::Internal;
        f.inline =
            [InlineHint::Default, InlineHint::Always, InlineHint::Never][rng.below(3) as usize];
        let p = f.params()[0];
        let vars: Vec<StackSlot> = (0..VARS).map(|_| f.create_stack_slot(4, 4)).collect();
        let mut g = Gen {
            b: FunctionBuilder::new(&mut f),
            rng: &mut rng,
            vars,
            params: vec![p],
            helpers: helpers.clone(),
            budget: 6,
            array: None,
        };
        // Every local starts initialized: reading an uninitialized local is undefined in C,
        // and inlining a call inside a loop legitimately changes what such a read sees.
        g.store_var(0, p);
        for k in 1..VARS {
            let c = g.b.iconst(Type::I32, k as i64);
            g.store_var(k, c);
        }
        g.stmts(1);
        let r = g.load_var(0);
        let r2 = g.load_var(1);
        let s = g.b.binary(BinaryOp::Xor, r, r2);
        g.b.ret(Some(s));
        helpers.push(m.add_function(f));
    }
    let mut f = Function::new(
        "f",
        sig(&[Type::I32, Type::I32], Some(Type::I32)),
        FuncKind::Device,
    );
    let params = f.params().to_vec();
    let vars: Vec<StackSlot> = (0..VARS).map(|_| f.create_stack_slot(4, 4)).collect();
    let mut g = Gen {
        b: FunctionBuilder::new(&mut f),
        rng: &mut rng,
        vars,
        params: params.clone(),
        helpers,
        budget: 24,
        array: None,
    };
    let array = g.b.func.create_stack_slot(16, 4);
    g.array = Some(array);
    let zero = g.b.iconst(Type::I32, 0);
    for k in 0..4 {
        let base = g.b.stack_addr(array);
        let off = g.b.iconst(Type::I64, 4 * k);
        let p = g.b.ptr_add(base, off);
        g.b.store(p, zero, FL);
    }
    g.store_var(0, params[0]);
    g.store_var(1, params[1]);
    for k in 2..VARS {
        let c = g.b.iconst(Type::I32, 10 * k as i64);
        g.store_var(k, c);
    }
    g.stmts(4);
    let mut acc = g.load_var(0);
    for k in 1..VARS {
        let v = g.load_var(k);
        acc = g.b.binary(BinaryOp::Add, acc, v);
    }
    g.b.ret(Some(acc));
    m.add_function(f);
    m
}

#[test]
fn pipelines_preserve_behaviour_of_random_programs() {
    let inputs = [
        (0i64, 0i64),
        (1, 2),
        (-5, 7),
        (123456, -98765),
        (i32::MAX as i64, 3),
    ];
    for seed in 0..400u64 {
        let original = build(seed);
        check_module(&original);
        let want: Vec<i64> = inputs
            .iter()
            .map(|&(a, b)| run_i(&original, "f", &[a, b]))
            .collect();
        for level in 0..=3u8 {
            let mut m = original.clone();
            run_level(&mut m, level);
            let got: Vec<i64> = inputs
                .iter()
                .map(|&(a, b)| run_i(&m, "f", &[a, b]))
                .collect();
            assert_eq!(got, want, "seed {seed} at -O{level}\n{}", print_module(&m));
            if level > 0 {
                let f = func(&m, "f");
                assert!(
                    f.stack_slots.len() <= 1,
                    "seed {seed}: every scalar local is promoted"
                );
            }
        }
    }
}
