//! Fuzz target: the fuzzer's bytes drive the program generator (`oxicc-fuzz`), so coverage
//! guidance explores the space of valid, UB-free programs; each program must compile with
//! oxicc at -O0 and -O3 (or be reported unsupported), run in the interpreter without a
//! fault, and give the same buffers at both levels. ptxas and nvcc are left to campaigns
//! (`oxicc-fuzz run`): they are processes, far too slow for a fuzzing loop.
#![no_main]

use libfuzzer_sys::arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use oxicc_fuzz::oracle::{check, Checks, Verdict};
use oxicc_fuzz::rng::Rng;
use oxicc_fuzz::{case_of, generate_from, Features};

/// A structured input: the feature switches, then the generator's choices.
#[derive(Debug)]
struct Input {
    features: Features,
    choices: Vec<u8>,
}

impl<'a> Arbitrary<'a> for Input {
    // `arbitrary_take_rest` takes the bytes after the switches; `arbitrary` (used when an
    // `Input` is nested) takes what is left the same way.
    fn arbitrary_take_rest(mut u: Unstructured<'a>) -> libfuzzer_sys::arbitrary::Result<Self> {
        Self::arbitrary(&mut u)
    }

    fn arbitrary(u: &mut Unstructured<'a>) -> libfuzzer_sys::arbitrary::Result<Self> {
        let bits = u32::arbitrary(u)? & Features::all().0;
        Ok(Input {
            features: Features(bits),
            choices: u.bytes(u.len())?.to_vec(),
        })
    }
}

fuzz_target!(|input: Input| {
    let program = generate_from(&mut Rng::from_bytes(&input.choices), input.features);
    let case = case_of(&program);
    let checks = Checks {
        ptxas: false,
        ..Checks::default()
    };
    match check(&case.source, &case.launch, &checks) {
        Verdict::Pass | Verdict::Unsupported(_) => {}
        Verdict::Fail(oracle, message) => {
            panic!("{}: {message}\n{}", oracle.name(), case.source)
        }
    }
});
