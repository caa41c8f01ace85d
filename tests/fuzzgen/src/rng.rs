//! The generator's source of choices: splitmix64 from a seed (campaigns, `gen --seed`), or
//! a fuzzer's bytes (the cargo-fuzz target), so that coverage guidance steers the program
//! shape. Bytes that run out read as zeros, which always picks the smallest choice, so a
//! program from a short input is small and generation always ends.

pub enum Rng {
    Seed(u64),
    Bytes { data: Vec<u8>, pos: usize },
}

impl Rng {
    pub fn from_seed(seed: u64) -> Rng {
        Rng::Seed(seed)
    }

    pub fn from_bytes(data: &[u8]) -> Rng {
        Rng::Bytes {
            data: data.to_vec(),
            pos: 0,
        }
    }

    fn byte(&mut self) -> u64 {
        match self {
            Rng::Seed(_) => self.next_u64() & 0xff,
            Rng::Bytes { data, pos } => {
                let b = data.get(*pos).copied().unwrap_or(0);
                *pos += 1;
                b as u64
            }
        }
    }

    pub fn next_u64(&mut self) -> u64 {
        match self {
            Rng::Seed(s) => {
                *s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = *s;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^ (z >> 31)
            }
            Rng::Bytes { .. } => (0..8).fold(0, |acc, _| acc << 8 | self.byte()),
        }
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        if n <= 1 {
            return 0;
        }
        let r = if n <= 256 {
            self.byte()
        } else {
            self.next_u64()
        };
        r % n
    }

    /// True with probability `percent`/100 (a byte input decides it directly).
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }
}
