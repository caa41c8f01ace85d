//! Feature switches of the generator: each turns on one family of constructs. A campaign
//! draws a subset per program (from the program's seed) unless the command line fixes it.

/// One switch: its name on the command line and what it enables.
pub const FEATURES: &[(&str, &str)] = &[
    (
        "float",
        "f32/f64 arithmetic, explicit fma, sqrt/fabs/fmin/fmax/floor/…, float casts",
    ),
    (
        "control",
        "if/else, switch with fall-through, for/while/do loops, break/continue",
    ),
    (
        "arrays",
        "local arrays and a per-thread slice of a global array, in-bounds indices",
    ),
    ("functions", "device functions (called from expressions)"),
    (
        "recursion",
        "recursive device functions with a bounded depth",
    ),
    (
        "intrinsics",
        "integer intrinsics: __popc, __clz, __brev, __mulhi, __ffs, …",
    ),
    (
        "shared",
        "shared arrays exchanged between threads around __syncthreads",
    ),
    (
        "warp",
        "warp shuffles (idx/xor/up/down) and votes (ballot/any/all), full masks",
    ),
    (
        "atomics",
        "commutative atomics (add/xor/or/and/max/min) on a global array",
    ),
    (
        "structs",
        "structs and unions, pointers and references into them",
    ),
    (
        "templates",
        "function templates (type and non-type parameters)",
    ),
    ("lambdas", "lambdas capturing locals by reference"),
    (
        "classes",
        "classes with constructors, operators and member functions",
    ),
    ("constant", "__constant__ arrays with initializers"),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Features(pub u32);

impl Features {
    pub fn all() -> Features {
        Features((1 << FEATURES.len()) - 1)
    }

    pub fn none() -> Features {
        Features(0)
    }

    pub fn has(self, name: &str) -> bool {
        let k = FEATURES
            .iter()
            .position(|&(n, _)| n == name)
            .unwrap_or_else(|| panic!("unknown feature {name}"));
        self.0 & (1 << k) != 0
    }

    /// `all`, `none`, or a comma-separated list of names (a `-name` removes one).
    pub fn parse(text: &str) -> Result<Features, String> {
        let mut f = Features::none();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (remove, name) = match part.strip_prefix('-') {
                Some(n) => (true, n),
                None => (false, part),
            };
            let bits = match name {
                "all" => Features::all().0,
                "none" => 0,
                _ => {
                    let k = FEATURES
                        .iter()
                        .position(|&(n, _)| n == name)
                        .ok_or_else(|| {
                            let names: Vec<&str> = FEATURES.iter().map(|f| f.0).collect();
                            format!(
                                "unknown feature `{name}` (known: all, none, {})",
                                names.join(", ")
                            )
                        })?;
                    1 << k
                }
            };
            if remove {
                f.0 &= !bits;
            } else {
                f.0 |= bits;
            }
        }
        Ok(f)
    }

    /// The switch set a campaign uses for `seed`: each switch on with probability 3/4, so
    /// every switch is covered both on and off over a few programs.
    pub fn for_seed(seed: u64) -> Features {
        let mut rng = crate::rng::Rng::from_seed(seed ^ 0x5eed_f00d);
        let mut bits = 0;
        for k in 0..FEATURES.len() {
            if rng.below(4) != 0 {
                bits |= 1 << k;
            }
        }
        Features(bits)
    }

    pub fn names(self) -> Vec<&'static str> {
        FEATURES
            .iter()
            .enumerate()
            .filter(|(k, _)| self.0 & (1 << k) != 0)
            .map(|(_, f)| f.0)
            .collect()
    }
}
