//! The `oxicc-fuzz` command: `gen` prints a generated program, `run` runs a campaign,
//! `reduce` shrinks a failing seed, `check` runs the oracles on one `.cu` + launch file.
//! See docs/fuzzing.md.

use oxicc_fuzz::{case_of, generate, Features};

fn usage() -> ! {
    eprintln!(
        "usage:\n  oxicc-fuzz gen --seed S [--features LIST] [--out DIR]\n  \
         oxicc-fuzz run --count N [--jobs J] [--seed-start S] [--nvcc-every K] [--ptxas-every K] [--features LIST] [--save DIR] [--progress P] [--time-limit SECONDS] [--cache DIR]\n  \
         oxicc-fuzz reduce --seed S [--features LIST] [--oracle NAME] [--out DIR]\n  \
         oxicc-fuzz check FILE.cu FILE.json [--nvcc]\n  \
         oxicc-fuzz fmad-survey [--seed-start S] [--count N]\n\
         every command: [--nvidia-root CUDA_ROOT] (else $OXICC_NVIDIA_ROOT)"
    );
    std::process::exit(2)
}

struct Args(Vec<String>);

impl Args {
    fn value(&self, flag: &str) -> Option<&str> {
        let k = self.0.iter().position(|a| a == flag)?;
        Some(
            self.0
                .get(k + 1)
                .map(String::as_str)
                .unwrap_or_else(|| usage()),
        )
    }
    fn num(&self, flag: &str, default: u64) -> u64 {
        self.value(flag)
            .map(|v| v.parse().unwrap_or_else(|_| usage()))
            .unwrap_or(default)
    }
    fn features(&self) -> Option<Features> {
        self.value("--features").map(|f| {
            Features::parse(f).unwrap_or_else(|e| {
                eprintln!("{e}");
                std::process::exit(2)
            })
        })
    }
    fn flag(&self, flag: &str) -> bool {
        self.0.iter().any(|a| a == flag)
    }
}

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let Some(cmd) = argv.first().cloned() else {
        usage()
    };
    let args = Args(argv[1..].to_vec());
    // `--nvidia-root DIR` (any command): the CUDA root holding bin/ptxas and bin/nvcc, as
    // OXICC_NVIDIA_ROOT would give it; set before any thread starts.
    if let Some(root) = args.value("--nvidia-root") {
        std::env::set_var("OXICC_NVIDIA_ROOT", root);
    }
    match cmd.as_str() {
        "gen" => {
            let seed = args.num("--seed", 0);
            let features = args.features().unwrap_or_else(|| Features::for_seed(seed));
            let case = case_of(&generate(seed, features));
            match args.value("--out") {
                Some(dir) => {
                    std::fs::create_dir_all(dir).expect("output folder");
                    let base = std::path::Path::new(dir).join(format!("fuzz_{seed}"));
                    std::fs::write(base.with_extension("cu"), &case.source).expect("write .cu");
                    std::fs::write(base.with_extension("json"), &case.launch).expect("write .json");
                }
                None => {
                    print!("{}", case.source);
                    println!("/* launch:\n{}*/", case.launch);
                }
            }
        }
        "run" => oxicc_fuzz::campaign::main(&args.0),
        "reduce" => oxicc_fuzz::reduce::main(&args.0),
        "gpu-prepare" => oxicc_fuzz::gpu_prepare::main(&args.0),
        "check" => oxicc_fuzz::oracle::check_main(&args.0, args.flag("--nvcc")),
        "fmad-survey" => {
            // How often oxicc and nvcc agree bit for bit with contraction on (-fmad=true),
            // over programs with floats.
            let start = args.num("--seed-start", 0);
            let count = args.num("--count", 40);
            let (mut same, mut differ, mut skipped) = (0, 0, 0);
            for seed in start..start + count {
                let f = Features::parse("all").expect("all");
                let case = case_of(&generate(seed, f));
                let checks = oxicc_fuzz::oracle::Checks {
                    sm: oxicc_fuzz::campaign::sm_of(seed),
                    cache: Some(oxicc_fuzz::oracle::default_cache()),
                    ..Default::default()
                };
                match oxicc_fuzz::oracle::fmad_agrees(&case.source, &case.launch, &checks) {
                    Some(true) => same += 1,
                    Some(false) => {
                        differ += 1;
                        println!("seed {seed}: -fmad=true results differ");
                    }
                    None => skipped += 1,
                }
            }
            println!("-fmad=true: {same} programs agree with nvcc bit for bit, {differ} differ, {skipped} not run");
        }
        _ => usage(),
    }
}
