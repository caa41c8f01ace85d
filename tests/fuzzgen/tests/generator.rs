//! The generator: deterministic per seed and switch set, switches respected, and its parts
//! (literals, holes, the reducer's edits) behave as documented.

use oxicc_fuzz::features::FEATURES;
use oxicc_fuzz::print::fill;
use oxicc_fuzz::reduce::edit;
use oxicc_fuzz::types::{Ty, INTS};
use oxicc_fuzz::{case_of, generate, Features};

#[test]
fn same_seed_same_program() {
    for seed in 0..20 {
        let f = Features::for_seed(seed);
        let a = case_of(&generate(seed, f));
        let b = case_of(&generate(seed, f));
        assert_eq!(a.source, b.source);
        assert_eq!(a.launch, b.launch);
    }
    assert_ne!(
        case_of(&generate(1, Features::all())).source,
        case_of(&generate(2, Features::all())).source
    );
}

/// A switch that is off leaves no trace of its constructs in the program body.
#[test]
fn switches_are_respected() {
    let marks: &[(&str, &[&str])] = &[
        ("shared", &["__syncthreads", "sh_"]),
        ("warp", &["_sync(0xffffffffu"]),
        ("atomics", &["atomic"]),
        ("lambdas", &["lam0"]),
        ("classes", &["class C0"]),
        ("structs", &["S0 s0"]),
        ("constant", &["__constant__"]),
        ("recursion", &["r0("]),
        ("templates", &["tf0", "ox_tsel<"]),
        ("float", &["float v", "double v"]),
    ];
    for seed in 0..40 {
        for &(name, texts) in marks {
            let f = Features::parse(&format!("all,-{name}")).expect("features");
            let src = case_of(&generate(seed, f)).source;
            let body = &src[src.find("#define OX_F2I").unwrap_or(0)..];
            let body = &body[body.find("\n\n").unwrap_or(0)..];
            for t in texts {
                assert!(
                    !body.contains(t),
                    "seed {seed} without {name} contains `{t}`"
                );
            }
        }
    }
}

#[test]
fn feature_lists_parse() {
    assert_eq!(Features::parse("all").expect("all"), Features::all());
    assert_eq!(
        Features::parse("all,-float").expect("x").names().len(),
        FEATURES.len() - 1
    );
    assert!(Features::parse("float,warp").expect("x").has("warp"));
    assert!(Features::parse("nonsense").is_err());
}

#[test]
fn literals_have_their_type() {
    assert_eq!(Ty::I32.literal(0x8000_0000), "(-2147483647 - 1)");
    assert_eq!(Ty::I8.literal(0xff), "((signed char)(-1))");
    assert_eq!(Ty::U64.literal(u64::MAX), "18446744073709551615ull");
    assert_eq!(Ty::I64.literal(1 << 63), "(-9223372036854775807ll - 1)");
    assert_eq!(Ty::F32.literal(3.0f32.to_bits() as u64), "3.0f");
    assert_eq!(Ty::F64.literal((-1e-310f64).to_bits()), "(-1e-310)");
    for t in INTS {
        assert!(!t.literal(5).is_empty());
    }
}

#[test]
fn holes_are_filled() {
    let args = ["a".to_string(), "b".to_string()];
    assert_eq!(fill("f({0}, {1}) {x} {0}", &args), "f(a, b) {x} a");
}

/// Every reducer edit gives a different, smaller-or-equal program, and edits run out.
#[test]
fn reducer_edits_shrink() {
    let p = generate(7, Features::all());
    let size = case_of(&p).source.len();
    let mut k = 0;
    while let Some(q) = edit(&p, k) {
        assert_ne!(q, p, "edit {k} changed nothing");
        assert!(
            case_of(&q).source.len() <= size + 64,
            "edit {k} grew the program"
        );
        k += 1;
    }
    assert!(k > 20, "only {k} edits");
}

/// The reducer keeps a property and removes everything else: with "the kernel body has a
/// remainder" as the failure, what is left is one statement (or declaration) around one
/// `ox_rem_`.
#[test]
fn reducer_keeps_the_failure_and_little_else() {
    use oxicc_fuzz::reduce::reduce;
    let has_rem = |p: &oxicc_fuzz::tree::Program| {
        let src = case_of(p).source;
        let body = &src[src.find("__global__").expect("kernel")..];
        body.contains("ox_rem_")
    };
    let seed = (0..200)
        .find(|&s| has_rem(&generate(s, Features::all())))
        .expect("a seed with a remainder");
    let p = generate(seed, Features::all());
    let (small, calls) = reduce(&p, &mut |q| has_rem(q));
    assert!(has_rem(&small));
    assert!(calls > 10);
    let before = case_of(&p).source.len();
    let after = case_of(&small).source.len();
    assert!(after * 2 < before, "{after} of {before} bytes left");
    // One statement or one declaration (a lambda's body) holds the remainder.
    assert!(
        small.functions.is_empty() && small.globals.is_empty(),
        "{small:?}"
    );
    assert_eq!(
        small.kernel_body.len() + small.kernel_decls.len(),
        1,
        "{small:?}"
    );
    assert_eq!((small.grid, small.block), (1, 32));
}

/// The `generated` fuzz target's path: programs built from raw bytes (empty, short, long;
/// zeros when the bytes run out) are valid and pass the in-process oracles.
#[test]
fn bytes_drive_the_generator() {
    use oxicc_fuzz::oracle::{check, Checks, Verdict};
    use oxicc_fuzz::rng::Rng;
    let mut r = Rng::from_seed(99);
    for k in 0..24 {
        let len = [0usize, 1, 7, 64, 500, 4000][k % 6];
        let bytes: Vec<u8> = (0..len).map(|_| r.next_u64() as u8).collect();
        let features = Features((r.next_u64() as u32) & Features::all().0);
        let p = oxicc_fuzz::generate_from(&mut Rng::from_bytes(&bytes), features);
        let case = case_of(&p);
        let checks = Checks {
            ptxas: false,
            ..Checks::default()
        };
        let v = check(&case.source, &case.launch, &checks);
        assert_eq!(v, Verdict::Pass, "{len} bytes:\n{}", case.source);
    }
}
