//! SplitMix64, the one pseudo-random generator of the library: small, seeded, the same numbers
//! on every machine (Zobrist keys; `lingeo compare --random` starts, replayed by `--seed`).

/// The generator, its state the seed given and then the last number's.
#[derive(Clone, Debug)]
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The next number, uniform over `u64`.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0); the modulo bias is far below what a test would notice.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}
