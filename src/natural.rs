//! Natural numbers of any size, for counts that can pass 128 bits: the number of paths through
//! a derivation forest ([`crate::grammar::forest`]) is a sum over its edges, which a forest of
//! a few hundred binary choices in a row takes past `u128::MAX`. Only what counting needs:
//! addition, comparison, conversion to `u128` where it fits, and the exact decimal digits.

use std::cmp::Ordering;
use std::fmt;

/// A natural number: 64-bit limbs, least significant first, without high zero limbs (zero
/// has none).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Natural {
    limbs: Vec<u64>,
}

impl Natural {
    /// 0, the count of nothing.
    pub fn zero() -> Natural {
        Natural::default()
    }

    /// 1, the count of one path.
    pub fn one() -> Natural {
        Natural::from(1u64)
    }

    /// Whether the number is 0.
    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// `self += other`.
    pub fn add(&mut self, other: &Natural) {
        if self.limbs.len() < other.limbs.len() {
            self.limbs.resize(other.limbs.len(), 0);
        }
        let mut carry = false;
        for (i, a) in self.limbs.iter_mut().enumerate() {
            let b = other.limbs.get(i).copied().unwrap_or(0);
            if b == 0 && !carry && i >= other.limbs.len() {
                break;
            }
            let (s, c1) = a.overflowing_add(b);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *a = s;
            carry = c1 || c2;
        }
        if carry {
            self.limbs.push(1);
        }
    }

    /// The number as a `u128`, where it fits.
    pub fn to_u128(&self) -> Option<u128> {
        match self.limbs.as_slice() {
            [] => Some(0),
            [a] => Some(u128::from(*a)),
            [a, b] => Some(u128::from(*a) | (u128::from(*b) << 64)),
            _ => None,
        }
    }

    /// Divides in place by `d` (non-zero), giving the remainder.
    fn div_small(&mut self, d: u64) -> u64 {
        let mut rem: u128 = 0;
        for limb in self.limbs.iter_mut().rev() {
            let cur = (rem << 64) | u128::from(*limb);
            *limb = (cur / u128::from(d)) as u64;
            rem = cur % u128::from(d);
        }
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
        rem as u64
    }
}

impl From<u64> for Natural {
    fn from(n: u64) -> Natural {
        Natural {
            limbs: if n == 0 { Vec::new() } else { vec![n] },
        }
    }
}

impl From<u128> for Natural {
    fn from(n: u128) -> Natural {
        let mut limbs = vec![n as u64, (n >> 64) as u64];
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
        Natural { limbs }
    }
}

impl Ord for Natural {
    fn cmp(&self, other: &Natural) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

impl PartialOrd for Natural {
    fn partial_cmp(&self, other: &Natural) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// A text that is not a natural number in decimal digits (the text).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a natural number in decimal digits")]
pub struct NotNatural(pub String);

/// Decimal digits, as [`Natural`]'s `Display` writes them.
impl std::str::FromStr for Natural {
    type Err = NotNatural;

    fn from_str(text: &str) -> Result<Natural, NotNatural> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(NotNatural(text.to_string()));
        }
        let mut n = Natural::zero();
        for b in text.bytes() {
            // n = 10 n + digit, by additions (counts are added, never multiplied).
            let copy = n.clone();
            for _ in 0..9 {
                n.add(&copy);
            }
            n.add(&Natural::from(u64::from(b - b'0')));
        }
        Ok(n)
    }
}

/// The exact decimal digits.
impl fmt::Display for Natural {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = self.to_u128() {
            return write!(f, "{n}");
        }
        // Groups of 19 digits, least significant first (10^19 fits in 64 bits).
        const BASE: u64 = 10_000_000_000_000_000_000;
        let mut rest = self.clone();
        let mut groups = Vec::new();
        while !rest.is_zero() {
            groups.push(rest.div_small(BASE));
        }
        let mut text = groups.pop().map_or(String::new(), |g| g.to_string());
        for g in groups.iter().rev() {
            text.push_str(&format!("{g:019}"));
        }
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_past_128_bits_print_their_exact_digits() {
        let mut n = Natural::from(u128::MAX);
        assert_eq!(n.to_string(), u128::MAX.to_string());
        n.add(&Natural::one());
        assert_eq!(n.to_u128(), None);
        // 2^128.
        assert_eq!(n.to_string(), "340282366920938463463374607431768211456");
        let mut doubled = n.clone();
        doubled.add(&n);
        assert_eq!(
            doubled.to_string(),
            "680564733841876926926749214863536422912"
        );
        assert!(doubled > n && n > Natural::from(u128::MAX));
        // 2^192 = 6277101735386680763835789423207666416102355444464034512896.
        let mut big = Natural::from(1u64);
        for _ in 0..192 {
            let copy = big.clone();
            big.add(&copy);
        }
        assert_eq!(
            big.to_string(),
            "6277101735386680763835789423207666416102355444464034512896"
        );
    }

    #[test]
    fn digits_read_back() {
        let text = "6277101735386680763835789423207666416102355444464034512896";
        assert_eq!(text.parse::<Natural>().unwrap().to_string(), text);
        assert_eq!("0".parse::<Natural>().unwrap(), Natural::zero());
        assert!("12a".parse::<Natural>().is_err());
        assert!("".parse::<Natural>().is_err());
    }

    #[test]
    fn small_sums_are_exact_and_carry_between_limbs() {
        let mut n = Natural::zero();
        assert_eq!(n.to_string(), "0");
        assert!(n.is_zero());
        n.add(&Natural::from(u64::MAX));
        n.add(&Natural::from(1u64));
        assert_eq!(n.to_u128(), Some(1u128 << 64));
        assert_eq!(Natural::from(0u128), Natural::zero());
        assert!(Natural::from(5u64) < Natural::from(1u128 << 64));
    }
}
