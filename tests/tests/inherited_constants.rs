//! Static constant members found through base classes in constant expressions, as
//! libstdc++'s `<ratio>` computes (`__static_sign<P> : integral_constant<…>`, then
//! `static constexpr intmax_t num = …; typedef ratio<num, den> type;`): a member of a class
//! template instance inherited from its base (`sign_of<P>::value`), and a member typedef
//! that names the instance's own static members. Compiled by oxicc and by nvcc, run in the
//! PTX interpreter, compared with the arithmetic done in plain Rust.

use oxicc_emu::{Launch, Module, Outcome, RunOptions};
use oxicc_tests::nvidia::ScratchFile;
use oxicc_tests::ptxas_check;

const SRC: &str = r#"
typedef long long i64;
template <typename T, T v> struct integral_constant { static constexpr T value = v; };
template <i64 P> struct sign_of : integral_constant<i64, (P < 0) ? -1 : 1> {};
template <i64 P> struct abs_of : integral_constant<i64, P * sign_of<P>::value> {};
constexpr i64 gcd(i64 a, i64 b) { return b == 0 ? (a < 0 ? -a : a) : gcd(b, a % b); }
template <i64 N, i64 D = 1> struct ratio {
    static constexpr i64 num = N * sign_of<D>::value / gcd(N, D);
    static constexpr i64 den = abs_of<D>::value / gcd(N, D);
    typedef ratio<num, den> type;
};
template <i64 N> struct Arr { i64 a[N]; };
typedef ratio<6, -4> r1;
typedef ratio<-10, 15> r2;
typedef ratio<1, 1000> milli;
__global__ void ratios(i64 *out) {
    out[0] = r1::type::num;
    out[1] = r1::type::den;
    out[2] = r2::type::num;
    out[3] = r2::type::den;
    out[4] = milli::type::den;
    out[5] = sizeof(Arr<abs_of<-3>::value>);
    out[6] = sign_of<-7>::value;
    out[7] = ratio<r1::type::den, 8>::num;
}
"#;

const LAUNCH: &str = r#"{
  "grid": [1], "block": [1],
  "args": [ {"buffer": "out", "type": "i64", "len": 8, "fill": {"value": 0}} ]
}"#;

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

/// `ratio<n, d>`'s reduced numerator and denominator, as the standard defines them.
fn ratio(n: i64, d: i64) -> (i64, i64) {
    let g = gcd(n, d);
    (n * d.signum() / g, d.abs() / g)
}

fn expected() -> Vec<i64> {
    let r1 = ratio(6, -4);
    let r2 = ratio(-10, 15);
    let milli = ratio(1, 1000);
    vec![r1.0, r1.1, r2.0, r2.1, milli.1, 3 * 8, -1, ratio(r1.1, 8).0]
}

fn run(ptx: &str) -> Outcome {
    run_with(ptx, LAUNCH)
}

fn run_with(ptx: &str, launch: &str) -> Outcome {
    ptxas_check(ptx, 75).unwrap_or_else(|e| panic!("{e}"));
    let module = Module::parse(ptx).unwrap_or_else(|e| panic!("parse: {e}"));
    let launch = Launch::from_json(launch).expect("launch");
    oxicc_emu::run(&module, &launch, &RunOptions::default()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn inherited_static_members_are_constants_like_nvccs() {
    let out = oxicc::compile("inherited_constants.cu", SRC, &oxicc::Options::default());
    let errors: Vec<String> = out.diagnostics.iter().map(|d| d.to_string()).collect();
    let ptx = out.text.unwrap_or_else(|| panic!("{}", errors.join("\n")));
    let want = expected();
    assert_eq!(run(&ptx).buffer("out").expect("out").to_i64(), want);

    let cu = ScratchFile::new("cu");
    std::fs::write(cu.path(), SRC).expect("write the source");
    let nvcc = oxicc_tests::nvidia::try_nvcc_ptx_with(cu.path(), 75, 3, &[])
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(run(&nvcc).buffer("out").expect("out").to_i64(), want);
}

/// libstdc++'s own form of the gcd (`__static_gcd`): a recursive primary template and two
/// partial specializations deriving from `integral_constant<intmax_t, __static_abs<P>::value>`,
/// whose second argument is a member of another instance (parsed as a type) for the
/// parameter `T v` of `integral_constant<class T, T v>`: its type is the first argument's.
/// It was "identifier T is undefined" (the parameter's type resolved without `T` bound),
/// and `<ratio>`'s SI aliases (`std::nano`) with it.
const GCD_SRC: &str = r#"
typedef long long i64;
template <typename T, T v> struct integral_constant { static constexpr T value = v; };
template <i64 P> struct static_abs : integral_constant<i64, (P < 0 ? -P : P)> {};
template <i64 P, i64 Q> struct static_gcd : static_gcd<Q, (P % Q)> {};
template <i64 P> struct static_gcd<P, 0> : integral_constant<i64, static_abs<P>::value> {};
template <i64 Q> struct static_gcd<0, Q> : integral_constant<i64, static_abs<Q>::value> {};
template <i64 N, i64 D = 1> struct ratio {
    static constexpr i64 num = N / static_gcd<N, D>::value;
    static constexpr i64 den = D / static_gcd<N, D>::value;
    typedef ratio<num, den> type;
};
typedef ratio<1, 1000000000> nano;
__global__ void gcds(i64 *out) {
    out[0] = static_gcd<12, 18>::value;
    out[1] = static_gcd<-21, 0>::value;
    out[2] = static_gcd<0, 35>::value;
    out[3] = nano::type::den;
    out[4] = ratio<600, 400>::type::num;
    out[5] = ratio<600, 400>::type::den;
}
"#;

const GCD_LAUNCH: &str = r#"{
  "grid": [1], "block": [1],
  "args": [ {"buffer": "out", "type": "i64", "len": 6, "fill": {"value": 0}} ]
}"#;

#[test]
fn recursive_partial_specializations_deriving_from_dependent_constants() {
    let want = vec![
        gcd(12, 18),
        gcd(-21, 0),
        gcd(0, 35),
        1_000_000_000 / gcd(1, 1_000_000_000),
        600 / gcd(600, 400),
        400 / gcd(600, 400),
    ];
    let out = oxicc::compile("static_gcd.cu", GCD_SRC, &oxicc::Options::default());
    let errors: Vec<String> = out.diagnostics.iter().map(|d| d.to_string()).collect();
    let ptx = out.text.unwrap_or_else(|| panic!("{}", errors.join("\n")));
    let got = run_with(&ptx, GCD_LAUNCH);
    assert_eq!(got.buffer("out").expect("out").to_i64(), want);

    let cu = ScratchFile::new("cu");
    std::fs::write(cu.path(), GCD_SRC).expect("write the source");
    let nvcc = oxicc_tests::nvidia::try_nvcc_ptx_with(cu.path(), 75, 3, &[])
        .unwrap_or_else(|e| panic!("{e}"));
    let got = run_with(&nvcc, GCD_LAUNCH);
    assert_eq!(got.buffer("out").expect("out").to_i64(), want);
}
