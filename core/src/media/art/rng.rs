//! A tiny deterministic generator (SplitMix64) seeded by SHA-256: the pictures must not
//! change when a dependency's generator changes, so none is borrowed.

use sha2::{Digest, Sha256};

pub(super) struct Rng(u64);

impl Rng {
    /// Seeded by SHA-256 of the parts, each followed by a 0 byte (so ("ab","c") ≠ ("a","bc")).
    pub(super) fn from_parts(parts: &[&str]) -> Self {
        let mut hasher = Sha256::new();
        for part in parts {
            hasher.update(part.as_bytes());
            hasher.update([0]);
        }
        let digest = hasher.finalize();
        let mut seed = [0u8; 8];
        seed.copy_from_slice(&digest[..8]);
        Self(u64::from_le_bytes(seed))
    }

    pub(super) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A float in [0, 1).
    pub(super) fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// A float in [lo, hi).
    pub(super) fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }

    /// An index below `n` (n > 0).
    pub(super) fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub(super) fn chance(&mut self, p: f32) -> bool {
        self.unit() < p
    }
}
