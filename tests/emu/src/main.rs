//! The `oxicc-emu` command: `oxicc-emu run KERNEL.ptx --launch LAUNCH.json
//! [--schedule=rr|random] [--seed N] [--stats] [--max-instructions N]`. Prints the result
//! JSON on stdout; on any error prints one line on stderr and exits with status 1.

use oxicc_emu::{run_text, RunOptions, Schedule};

const USAGE: &str = "usage: oxicc-emu run KERNEL.ptx --launch LAUNCH.json [--schedule=rr|random] [--seed N] [--stats] [--max-instructions N]";

fn main() {
    match real_main() {
        Ok(out) => println!("{out}"),
        Err(msg) => {
            eprintln!("oxicc-emu: {}", msg.replace('\n', " "));
            std::process::exit(1);
        }
    }
}

fn real_main() -> Result<String, String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) != Some("run") {
        return Err(USAGE.into());
    }
    let mut ptx_path = None;
    let mut launch_path = None;
    let mut opts = RunOptions::default();
    let mut stats = false;
    let mut k = 1;
    while k < args.len() {
        let a = args[k].as_str();
        let value = |k: &mut usize| -> Result<String, String> {
            *k += 1;
            args.get(*k)
                .cloned()
                .ok_or_else(|| format!("{a} needs a value"))
        };
        match a {
            "--launch" => launch_path = Some(value(&mut k)?),
            "--seed" => {
                opts.seed = value(&mut k)?
                    .parse()
                    .map_err(|_| "--seed needs an integer".to_string())?
            }
            "--stats" => stats = true,
            "--max-instructions" => {
                opts.max_instructions = value(&mut k)?
                    .parse()
                    .map_err(|_| "--max-instructions needs an integer".to_string())?
            }
            "--schedule" => opts.schedule = schedule(&value(&mut k)?)?,
            _ if a.starts_with("--schedule=") => {
                opts.schedule = schedule(&a["--schedule=".len()..])?
            }
            _ if a.starts_with("--launch=") => {
                launch_path = Some(a["--launch=".len()..].to_string())
            }
            _ if a.starts_with("--seed=") => {
                opts.seed = a["--seed=".len()..]
                    .parse()
                    .map_err(|_| "--seed needs an integer".to_string())?
            }
            _ if a.starts_with('-') => return Err(format!("unknown option `{a}`; {USAGE}")),
            _ if ptx_path.is_none() => ptx_path = Some(a.to_string()),
            _ => return Err(format!("unexpected argument `{a}`; {USAGE}")),
        }
        k += 1;
    }
    let ptx_path = ptx_path.ok_or(USAGE)?;
    let launch_path = launch_path.ok_or(USAGE)?;
    let ptx =
        std::fs::read_to_string(&ptx_path).map_err(|e| format!("cannot read {ptx_path}: {e}"))?;
    let launch = std::fs::read_to_string(&launch_path)
        .map_err(|e| format!("cannot read {launch_path}: {e}"))?;
    let start = std::time::Instant::now();
    let out = run_text(&ptx, &launch, &opts).map_err(|e| e.to_string())?;
    if stats {
        let secs = start.elapsed().as_secs_f64();
        eprintln!(
            "oxicc-emu: {} thread-instructions, {} threads, {:.3} s, {:.1} M thread-instructions/s",
            out.instructions,
            out.threads,
            secs,
            out.instructions as f64 / secs / 1e6
        );
    }
    Ok(out.to_json())
}

fn schedule(s: &str) -> Result<Schedule, String> {
    match s {
        "rr" => Ok(Schedule::RoundRobin),
        "random" => Ok(Schedule::Random),
        _ => Err(format!("unknown schedule `{s}` (rr or random)")),
    }
}
