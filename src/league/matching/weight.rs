//! Edge weights for the matching solver: `i128` when the packed pairing criteria fit in it (the
//! fast, usual case), [`Wide`] (512 bits) when they do not. The solver only adds, subtracts,
//! compares, doubles and halves, so any exact integer type will do.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, AddAssign, Sub, SubAssign};

/// An exact integer the blossom solver can work with.
pub trait Weight:
    Copy + Ord + fmt::Debug + Add<Output = Self> + Sub<Output = Self> + AddAssign + SubAssign + Send + Sync
{
    const ZERO: Self;
    /// How many bits of magnitude the type holds (the packer keeps every value far below it).
    const BITS: u32;
    fn from_u64(v: u64) -> Self;
    /// `self * m`, or `None` if it does not fit.
    fn checked_mul_u64(self, m: u64) -> Option<Self>;
    fn double(self) -> Self;
    /// Arithmetic shift right by one (exact on the even values the solver halves).
    fn halve(self) -> Self;
    /// The number of significant bits of a non-negative value.
    fn bit_len(self) -> u32;
}

impl Weight for i128 {
    const ZERO: i128 = 0;
    const BITS: u32 = 127;
    fn from_u64(v: u64) -> i128 {
        i128::from(v)
    }
    fn checked_mul_u64(self, m: u64) -> Option<i128> {
        self.checked_mul(i128::from(m))
    }
    fn double(self) -> i128 {
        self * 2
    }
    fn halve(self) -> i128 {
        self >> 1
    }
    fn bit_len(self) -> u32 {
        128 - self.max(0).leading_zeros()
    }
}

const LIMBS: usize = 8;

/// A signed 512-bit integer (two's complement, little-endian 64-bit limbs): the weight type when
/// a field's criteria need more than 127 bits (many score groups, see `swiss::weights`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wide([u64; LIMBS]);

impl Wide {
    fn is_negative(&self) -> bool {
        self.0[LIMBS - 1] >> 63 == 1
    }

    /// The value if it fits in an `i128`.
    #[must_use]
    pub fn to_i128(self) -> Option<i128> {
        let fill = if self.is_negative() { u64::MAX } else { 0 };
        if self.0[2..].iter().any(|&l| l != fill) {
            return None;
        }
        let v = (u128::from(self.0[1]) << 64 | u128::from(self.0[0])) as i128;
        // The sign must survive the truncation.
        ((v < 0) == self.is_negative()).then_some(v)
    }
}

impl From<i128> for Wide {
    fn from(v: i128) -> Wide {
        let fill = if v < 0 { u64::MAX } else { 0 };
        let mut limbs = [fill; LIMBS];
        let u = v as u128;
        limbs[0] = u as u64;
        limbs[1] = (u >> 64) as u64;
        Wide(limbs)
    }
}

impl fmt::Debug for Wide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_i128() {
            Some(v) => write!(f, "Wide({v})"),
            None => write!(f, "Wide({:x?})", self.0),
        }
    }
}

impl Ord for Wide {
    fn cmp(&self, other: &Wide) -> Ordering {
        match (self.is_negative(), other.is_negative()) {
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            // Same sign: two's complement orders like unsigned, most significant limb first.
            _ => self.0.iter().rev().cmp(other.0.iter().rev()),
        }
    }
}

impl PartialOrd for Wide {
    fn partial_cmp(&self, other: &Wide) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add for Wide {
    type Output = Wide;
    fn add(self, rhs: Wide) -> Wide {
        let mut out = [0u64; LIMBS];
        let mut carry = false;
        for (k, o) in out.iter_mut().enumerate() {
            let (s1, c1) = self.0[k].overflowing_add(rhs.0[k]);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            *o = s2;
            carry = c1 || c2;
        }
        Wide(out)
    }
}

impl Sub for Wide {
    type Output = Wide;
    fn sub(self, rhs: Wide) -> Wide {
        let mut out = [0u64; LIMBS];
        let mut borrow = false;
        for (k, o) in out.iter_mut().enumerate() {
            let (d1, b1) = self.0[k].overflowing_sub(rhs.0[k]);
            let (d2, b2) = d1.overflowing_sub(u64::from(borrow));
            *o = d2;
            borrow = b1 || b2;
        }
        Wide(out)
    }
}

impl AddAssign for Wide {
    fn add_assign(&mut self, rhs: Wide) {
        *self = *self + rhs;
    }
}

impl SubAssign for Wide {
    fn sub_assign(&mut self, rhs: Wide) {
        *self = *self - rhs;
    }
}

impl Weight for Wide {
    const ZERO: Wide = Wide([0; LIMBS]);
    const BITS: u32 = 511;
    fn from_u64(v: u64) -> Wide {
        let mut limbs = [0; LIMBS];
        limbs[0] = v;
        Wide(limbs)
    }
    fn checked_mul_u64(self, m: u64) -> Option<Wide> {
        if self.is_negative() {
            return None;
        }
        let mut out = [0u64; LIMBS];
        let mut carry = 0u128;
        for (k, o) in out.iter_mut().enumerate() {
            let p = u128::from(self.0[k]) * u128::from(m) + carry;
            *o = p as u64;
            carry = p >> 64;
        }
        let w = Wide(out);
        (carry == 0 && !w.is_negative()).then_some(w)
    }
    fn double(self) -> Wide {
        self + self
    }
    fn halve(self) -> Wide {
        let mut out = [0u64; LIMBS];
        for (k, o) in out.iter_mut().enumerate() {
            // The bit shifted in from above: the next limb's lowest, or the sign at the top.
            let high =
                if k + 1 < LIMBS { self.0[k + 1] << 63 } else { ((self.0[k] as i64 >> 63) as u64) << 63 };
            *o = self.0[k] >> 1 | high;
        }
        Wide(out)
    }
    fn bit_len(self) -> u32 {
        if self.is_negative() {
            return 0;
        }
        for k in (0..LIMBS).rev() {
            if self.0[k] != 0 {
                return 64 * k as u32 + (64 - self.0[k].leading_zeros());
            }
        }
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_arithmetic_agrees_with_i128_where_both_fit() {
        let samples: [i128; 9] = [0, 1, -1, 7, -8, i128::from(u64::MAX), -(1 << 100), (1 << 120) + 3, -12345];
        for &a in &samples {
            for &b in &samples {
                let (wa, wb) = (Wide::from(a), Wide::from(b));
                if let Some(s) = a.checked_add(b) {
                    assert_eq!((wa + wb).to_i128(), Some(s), "{a} + {b}");
                }
                if let Some(d) = a.checked_sub(b) {
                    assert_eq!((wa - wb).to_i128(), Some(d), "{a} - {b}");
                }
                assert_eq!(wa.cmp(&wb), a.cmp(&b), "{a} <=> {b}");
            }
            assert_eq!(Wide::from(a).halve().to_i128(), Some(a >> 1), "{a} / 2");
            if let Some(d) = a.checked_mul(2) {
                assert_eq!(Wide::from(a).double().to_i128(), Some(d));
            }
        }
        assert_eq!(Wide::from(5).checked_mul_u64(7).and_then(Wide::to_i128), Some(35));
        assert_eq!(Wide::from(1i128 << 100).bit_len(), 101);
        assert_eq!(Wide::from(0).bit_len(), 0);
    }

    #[test]
    fn wide_goes_beyond_i128_and_back() {
        let big = Wide::from(1i128 << 120).checked_mul_u64(1 << 40).expect("fits in 512 bits");
        assert_eq!(big.to_i128(), None);
        assert_eq!(big.bit_len(), 161);
        assert!(big > Wide::from(i128::MAX));
        let back = big - Wide::from(1i128 << 120).checked_mul_u64((1 << 40) - 1).expect("fits");
        assert_eq!(back.to_i128(), Some(1 << 120));
        assert!(Wide::from(-1) < Wide::ZERO);
        // Multiplying past 511 bits is refused, not wrapped.
        let mut v = Wide::from(1);
        let mut steps = 0;
        while let Some(next) = v.checked_mul_u64(1 << 32) {
            v = next;
            steps += 1;
        }
        assert_eq!(steps, 15, "2^480 fits, 2^512 does not");
    }
}
