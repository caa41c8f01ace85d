//! The reducer: shrinks a failing program on the generator's own tree while the failure
//! persists. Edits, tried greedily until none applies: delete a statement, replace an `if`,
//! a loop or a `switch` by one of its bodies, cut a loop to one trip, replace an expression
//! by `0` of its type or by one of its operands of the same type, delete a function, a
//! global or a declaration, and shrink the launch to one block of 32 threads. Every edit
//! keeps the program free of undefined behaviour (the printer makes every operation safe);
//! an edit that makes it invalid fails to compile and so does not keep the failure.

use crate::campaign::{features_of, Campaign};
use crate::oracle::{self, Checks, Oracle, Verdict};
use crate::tree::{Expr, Program, Stmt};
use crate::{case_of, generate, Features};
use std::path::PathBuf;

/// Walks the tree counting edit points; applies the one numbered `target`.
struct Editor {
    target: usize,
    seen: usize,
    done: bool,
}

impl Editor {
    fn hit(&mut self) -> bool {
        let h = self.seen == self.target;
        self.seen += 1;
        if h {
            self.done = true;
        }
        h
    }

    fn expr(&mut self, e: &mut Expr) {
        if self.done {
            return;
        }
        let zero = Expr::Lit(e.ty(), 0);
        if *e != zero && self.hit() {
            *e = zero;
            return;
        }
        let t = e.ty();
        let same: Vec<Expr> = e
            .children()
            .into_iter()
            .filter(|c| c.ty() == t)
            .cloned()
            .collect();
        for c in same {
            if self.hit() {
                *e = c;
                return;
            }
        }
        for c in e.children_mut() {
            self.expr(c);
        }
    }

    fn stmts(&mut self, list: &mut Vec<Stmt>, sealed: bool) {
        let mut i = 0;
        while i < list.len() && !self.done {
            if !sealed && self.hit() {
                list.remove(i);
                return;
            }
            if !sealed {
                let bodies: Vec<Vec<Stmt>> = match &list[i] {
                    Stmt::If(_, a, b) => vec![a.clone(), b.clone()],
                    Stmt::Loop(_, _, _, body) | Stmt::DynLoop(_, _, _, body) => vec![body.clone()],
                    Stmt::Switch(_, cases, d, _) => {
                        let mut v: Vec<Vec<Stmt>> = cases.iter().map(|c| c.0.clone()).collect();
                        v.push(d.clone());
                        v
                    }
                    _ => vec![],
                };
                for body in bodies {
                    if self.hit() {
                        list.splice(i..i + 1, body);
                        return;
                    }
                }
            }
            match &mut list[i] {
                Stmt::Assign(l, e) => {
                    match l {
                        crate::tree::LVal::Index(_, _, _, ix) => self.expr(ix),
                        crate::tree::LVal::Raw(_, _, kids) => {
                            kids.iter_mut().for_each(|k| self.expr(k))
                        }
                        crate::tree::LVal::Var(..) => {}
                    }
                    self.expr(e);
                }
                Stmt::If(c, a, b) => {
                    self.expr(c);
                    self.stmts(a, false);
                    self.stmts(b, false);
                }
                Stmt::Loop(_, _, n, body) => {
                    if *n > 1 && self.hit() {
                        *n = 1;
                        return;
                    }
                    self.stmts(body, false);
                }
                Stmt::DynLoop(_, _, bound, body) => {
                    self.expr(bound);
                    self.stmts(body, false);
                }
                Stmt::Switch(e, cases, d, _) => {
                    self.expr(e);
                    for (body, brk) in cases.iter_mut() {
                        if !*brk && self.hit() {
                            *brk = true;
                            return;
                        }
                        self.stmts(body, false);
                    }
                    self.stmts(d, false);
                }
                Stmt::Raw(_, kids) => kids.iter_mut().for_each(|k| self.expr(k)),
                Stmt::Sealed(list) => self.stmts(list, true),
                Stmt::Break | Stmt::Continue => {}
            }
            i += 1;
        }
    }

    fn program(&mut self, p: &mut Program) {
        if (p.grid > 1 || p.block > 32) && self.hit() {
            p.grid = 1;
            p.block = 32;
            return;
        }
        for k in 0..p.functions.len() {
            if self.hit() {
                p.functions.remove(k);
                return;
            }
        }
        for k in 0..p.globals.len() {
            if self.hit() {
                p.globals.remove(k);
                return;
            }
        }
        for k in 0..p.kernel_decls.len() {
            if self.hit() {
                p.kernel_decls.remove(k);
                return;
            }
        }
        self.stmts(&mut p.kernel_body, false);
        for f in &mut p.functions {
            self.stmts(&mut f.body, false);
            self.expr(&mut f.result);
        }
    }
}

/// `p` with edit number `k` applied, or `None` when `k` is past the last edit.
pub fn edit(p: &Program, k: usize) -> Option<Program> {
    let mut q = p.clone();
    let mut ed = Editor {
        target: k,
        seen: 0,
        done: false,
    };
    ed.program(&mut q);
    ed.done.then_some(q)
}

/// Shrinks `p` while `fails` holds; returns the smallest program found and the number of
/// oracle calls made.
pub fn reduce(p: &Program, fails: &mut dyn FnMut(&Program) -> bool) -> (Program, usize) {
    let mut best = p.clone();
    let mut calls = 0;
    loop {
        let mut changed = false;
        let mut k = 0;
        while let Some(q) = edit(&best, k) {
            calls += 1;
            if fails(&q) {
                best = q;
                changed = true;
            } else {
                k += 1;
            }
        }
        if !changed {
            return (best, calls);
        }
    }
}

/// What must stay the same for a reduced program to count as the same failure: the oracle,
/// and for compile failures the first message without its position.
pub fn signature(v: &Verdict) -> Option<(Oracle, String)> {
    match v {
        Verdict::Fail(o @ (Oracle::Crash | Oracle::Reject), msg) => {
            let line = msg.lines().next().unwrap_or("");
            let text = line.rsplit(": error: ").next().unwrap_or(line).to_string();
            Some((*o, text))
        }
        Verdict::Fail(o, _) => Some((*o, String::new())),
        _ => None,
    }
}

/// `oxicc-fuzz reduce --seed S [--features F] [--out DIR] [--name NAME]`.
pub fn main(args: &[String]) {
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|k| args.get(k + 1))
            .cloned()
    };
    let seed: u64 = value("--seed")
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            eprintln!("usage: oxicc-fuzz reduce --seed S [--features F] [--out DIR] [--name NAME]");
            std::process::exit(2)
        });
    let features =
        value("--features").map(|f| Features::parse(&f).unwrap_or_else(|e| panic!("{e}")));
    let c = Campaign {
        seed_start: seed,
        count: 1,
        jobs: 1,
        features,
        nvcc_every: 1,
        ptxas_every: 1,
        save: None,
        cache: Some(oracle::default_cache()),
        progress: 0,
        time_limit: 0,
    };
    let features = features_of(&c, seed);
    let p = generate(seed, features);
    let checks = Checks {
        sm: crate::campaign::sm_of(seed),
        nvcc: true,
        cache: c.cache.clone(),
        ..Checks::default()
    };
    let run = |p: &Program, checks: &Checks| {
        let case = case_of(p);
        oracle::check(&case.source, &case.launch, checks)
    };
    let v = run(&p, &checks);
    let Some(sig) = signature(&v) else {
        println!("seed {seed} does not fail: {v:?}");
        return;
    };
    eprintln!("seed {seed}: {v:?}");
    // nvcc only where the failure needs it (it is slow).
    let checks = Checks {
        nvcc: matches!(sig.0, Oracle::NvccMismatch | Oracle::Generator),
        ..checks
    };
    let (small, calls) = reduce(&p, &mut |q| {
        signature(&run(q, &checks)).as_ref() == Some(&sig)
    });
    let case = case_of(&small);
    let out = PathBuf::from(value("--out").unwrap_or_else(|| "target/oxicc-fuzz-reduced".into()));
    let name = value("--name").unwrap_or_else(|| format!("seed_{seed}"));
    std::fs::create_dir_all(&out).expect("output folder");
    let base = out.join(&name);
    let header = format!(
        "// Reduced by oxicc-fuzz from seed {seed} (features {}): {} failure.\n",
        features.names().join(","),
        sig.0.name()
    );
    std::fs::write(
        base.with_extension("cu"),
        format!("{header}{}", case.source),
    )
    .expect("write");
    std::fs::write(base.with_extension("json"), &case.launch).expect("write");
    println!(
        "reduced after {calls} oracle calls: {} ({} lines)\n{:?}",
        base.with_extension("cu").display(),
        case.source.lines().count(),
        run(&small, &checks)
    );
}
