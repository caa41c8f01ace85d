//! Randomized test of infer-address-spaces: random functions walk generic pointers into one
//! local array through `ptradd`, `select`, diamond joins and loop-carried block parameters.
//! Some pointers come from `addrspacecast` of the slot address (provably local), others from
//! `inttoptr(ptrtoint)` of it (the same address, but unknowable). The generator tracks for
//! every pointer, syntactically, whether all of its possible origins are the cast; after the
//! pass an access must be `.local` exactly when that holds, and the interpreter must compute
//! the same result before and after.

use crate::common;

use common::*;
use oxicc_ir::*;

const CELLS: i64 = 16;

/// A generic pointer in the generated text: its value name, the cells it may point at
/// (inclusive range), and whether every origin is the `addrspacecast` of the slot.
#[derive(Clone, Copy)]
struct Ptr {
    name: u32,
    lo: i64,
    hi: i64,
    pure: bool,
}

struct Gen {
    rng: Rng,
    text: String,
    next_value: u32,
    next_block: u32,
    pool: Vec<Ptr>,
    acc: u32,
    /// Expected purity of each load/store, in text order.
    accesses: Vec<bool>,
}

impl Gen {
    fn value(&mut self) -> u32 {
        self.next_value += 1;
        self.next_value - 1
    }
    fn block(&mut self) -> u32 {
        self.next_block += 1;
        self.next_block - 1
    }
    fn line(&mut self, s: String) {
        self.text.push_str("    ");
        self.text.push_str(&s);
        self.text.push('\n');
    }
    fn pick(&mut self) -> Ptr {
        let k = self.rng.below(self.pool.len() as u64) as usize;
        self.pool[k]
    }
    fn cond(&mut self) -> u32 {
        let c = self.value();
        let cc = ["slt", "eq", "ugt", "sge"][self.rng.below(4) as usize];
        let (a, b) = (self.rng.below(2), self.rng.below(2));
        self.line(format!("v{c} = icmp.{cc} v{a}, v{b}"));
        c
    }
    /// `p + d` cells, staying inside the array for every cell `p` may point at.
    fn ptradd(&mut self, p: Ptr) -> Ptr {
        let d = self.rng.below((CELLS - 1 - p.hi + p.lo + 1) as u64) as i64 - p.lo;
        let (off, r) = (self.value(), self.value());
        self.line(format!("v{off} = iconst.i64 {}", 4 * d));
        self.line(format!("v{r} = ptradd.ptr v{}, v{off}", p.name));
        Ptr {
            name: r,
            lo: p.lo + d,
            hi: p.hi + d,
            pure: p.pure,
        }
    }
    fn select(&mut self, p: Ptr, q: Ptr) -> Ptr {
        let c = self.cond();
        let r = self.value();
        self.line(format!("v{r} = select.ptr v{c}, v{}, v{}", p.name, q.name));
        join(r, p, q)
    }
    fn access(&mut self, p: Ptr) {
        if self.rng.below(2) == 0 {
            let t = self.value();
            self.line(format!("v{t} = load.i32 v{}, align 4", p.name));
            let a = self.value();
            self.line(format!("v{a} = add.i32 v{}, v{t}", self.acc));
            self.acc = a;
        } else {
            self.line(format!("store v{}, v{}, align 4", self.acc, p.name));
        }
        self.accesses.push(p.pure);
    }
    /// `brif c, A, B`; each arm derives a pointer; the join's parameter may be either.
    fn diamond(&mut self) {
        let (p, q) = (self.pick(), self.pick());
        let c = self.cond();
        let (a, b, j) = (self.block(), self.block(), self.block());
        self.line(format!("brif v{c}, block{a}, block{b}"));
        self.text.push_str(&format!("\nblock{a}:\n"));
        let pa = self.ptradd(p);
        self.line(format!("jump block{j}(v{})", pa.name));
        self.text.push_str(&format!("\nblock{b}:\n"));
        self.line(format!("jump block{j}(v{})", q.name));
        let r = self.value();
        self.text.push_str(&format!("\nblock{j}(v{r}: ptr):\n"));
        self.pool.push(join(r, pa, q));
    }
    /// Three iterations; the loop pointer is either itself or `q` on the back edge.
    fn counted_loop(&mut self) {
        let (p, q) = (self.pick(), self.pick());
        let (zero, one, three) = (self.value(), self.value(), self.value());
        self.line(format!("v{zero} = iconst.i32 0"));
        self.line(format!("v{one} = iconst.i32 1"));
        self.line(format!("v{three} = iconst.i32 3"));
        let (h, body, exit) = (self.block(), self.block(), self.block());
        self.line(format!(
            "jump block{h}(v{}, v{zero}, v{})",
            p.name, self.acc
        ));
        let (pp, i, a) = (self.value(), self.value(), self.value());
        self.text
            .push_str(&format!("\nblock{h}(v{pp}: ptr, v{i}: i32, v{a}: i32):\n"));
        let param = join(pp, p, q);
        let c = self.value();
        self.line(format!("v{c} = icmp.slt v{i}, v{three}"));
        self.line(format!("brif v{c}, block{body}, block{exit}"));
        self.text.push_str(&format!("\nblock{body}:\n"));
        self.acc = a;
        self.access(param);
        let (bit, z, pn, i2) = (self.value(), self.value(), self.value(), self.value());
        self.line(format!("v{bit} = and.i32 v{i}, v{one}"));
        self.line(format!("v{z} = icmp.eq v{bit}, v{zero}"));
        self.line(format!("v{pn} = select.ptr v{z}, v{pp}, v{}", q.name));
        self.line(format!("v{i2} = add.i32 v{i}, v{one}"));
        self.line(format!("jump block{h}(v{pn}, v{i2}, v{})", self.acc));
        self.text.push_str(&format!("\nblock{exit}:\n"));
        self.acc = a;
        self.pool.push(param);
    }
}

fn join(name: u32, p: Ptr, q: Ptr) -> Ptr {
    Ptr {
        name,
        lo: p.lo.min(q.lo),
        hi: p.hi.max(q.hi),
        pure: p.pure && q.pure,
    }
}

/// One random function `@f(i32, i32) -> i32` and the expected purity of its accesses.
fn generate(seed: u64) -> (String, Vec<bool>) {
    let mut g = Gen {
        rng: Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1),
        text: String::new(),
        next_value: 6,
        next_block: 1,
        pool: Vec::new(),
        acc: 0,
        accesses: Vec::new(),
    };
    g.text.push_str(
        "device @f(i32, i32) -> i32 {\n    ss0 = slot 64, align 4\n\nblock0(v0: i32, v1: i32):\n",
    );
    g.line("v2 = stackaddr ss0".into());
    g.line("v3 = addrspacecast.ptr v2".into());
    g.line("v4 = ptrtoint.i64 v2".into());
    g.line("v5 = inttoptr.ptr v4".into());
    let whole = |name, pure| Ptr {
        name,
        lo: 0,
        hi: 0,
        pure,
    };
    g.pool.push(whole(3, true));
    g.pool.push(whole(5, false));
    for _ in 0..12 {
        match g.rng.below(6) {
            0 | 1 => {
                let p = g.pick();
                let r = g.ptradd(p);
                g.pool.push(r);
            }
            2 => {
                let (p, q) = (g.pick(), g.pick());
                let r = g.select(p, q);
                g.pool.push(r);
            }
            3 => g.diamond(),
            4 => g.counted_loop(),
            _ => {
                let p = g.pick();
                g.access(p);
            }
        }
        if g.rng.below(2) == 0 {
            let p = g.pick();
            g.access(p);
        }
    }
    g.line(format!("return v{}", g.acc));
    g.text.push_str("}\n");
    (g.text, g.accesses)
}

fn access_spaces(f: &Function) -> Vec<AddrSpace> {
    insts(f)
        .iter()
        .filter_map(|d| match d {
            InstData::Load { ptr, .. } | InstData::Store { ptr, .. } => {
                f.value_type(*ptr).addr_space()
            }
            _ => None,
        })
        .collect()
}

#[test]
fn random_pointer_graphs_keep_results_and_spaces() {
    let mut local_seen = 0;
    let mut generic_seen = 0;
    for seed in 1..=400u64 {
        let (text, expected) = generate(seed);
        let mut m = parse(&text);
        let before = m.clone();
        run_passes(&mut m, &["infer-address-spaces"]);
        let spaces = access_spaces(func(&m, "f"));
        let want: Vec<AddrSpace> = expected
            .iter()
            .map(|&pure| {
                if pure {
                    AddrSpace::Local
                } else {
                    AddrSpace::Generic
                }
            })
            .collect();
        assert_eq!(spaces, want, "seed {seed}:\n{text}");
        local_seen += want.iter().filter(|&&s| s == AddrSpace::Local).count();
        generic_seen += want.iter().filter(|&&s| s == AddrSpace::Generic).count();
        for (x, y) in [(3, 5), (-7, 2), (100, 100)] {
            assert_eq!(
                run_i(&m, "f", &[x, y]),
                run_i(&before, "f", &[x, y]),
                "seed {seed} x={x} y={y}:\n{text}"
            );
        }
        // And after the cleanup that deletes the dead generic chains.
        run_passes(&mut m, &["dce", "const-fold", "cse"]);
        assert_eq!(run_i(&m, "f", &[1, 2]), run_i(&before, "f", &[1, 2]));
    }
    // The generator must exercise both outcomes.
    assert!(
        local_seen > 200 && generic_seen > 200,
        "{local_seen} {generic_seen}"
    );
}
