//! Message authentication under the server's secret (kept in the database, so every process sharing
//! it agrees): HMAC-SHA-256 for CSRF tokens and device cookies, SHA-256 for stored session ids, and
//! the random values they are built from.

use hmac::{Hmac, Mac};
use rand_core::{OsRng, RngCore};
use sha2::{Digest, Sha256};

/// The server's secret key.
#[derive(Clone)]
pub struct Secret(Vec<u8>);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(..)")
    }
}

impl Secret {
    /// A secret from its bytes (at least 32).
    ///
    /// # Errors
    /// Fewer than 32 bytes.
    pub fn new(bytes: Vec<u8>) -> Result<Secret, String> {
        if bytes.len() < 32 {
            return Err(format!("the server secret has {} bytes, at least 32 are needed", bytes.len()));
        }
        Ok(Secret(bytes))
    }

    /// HMAC-SHA-256 of `parts` for `purpose`, hex. Parts are length-prefixed, so `("ab", "c")` and
    /// `("a", "bc")` differ, and a token made for one purpose is worthless for another.
    #[must_use]
    pub fn sign(&self, purpose: &str, parts: &[&str]) -> String {
        // A key of any length is accepted by HMAC; this cannot fail.
        let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(&self.0) else { return String::new() };
        for part in std::iter::once(purpose).chain(parts.iter().copied()) {
            mac.update(&(part.len() as u64).to_be_bytes());
            mac.update(part.as_bytes());
        }
        hex(&mac.finalize().into_bytes())
    }

    /// Does `tag` sign `parts` for `purpose`? (Compared in constant time.)
    #[must_use]
    pub fn verify(&self, purpose: &str, parts: &[&str], tag: &str) -> bool {
        same(&self.sign(purpose, parts), tag)
    }
}

/// Lower-case hex of bytes.
#[must_use]
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Random hex string of `bytes` random bytes, from the operating system's generator.
#[must_use]
pub fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    OsRng.fill_bytes(&mut buf);
    hex(&buf)
}

/// SHA-256 of `text`, hex (what the database keeps instead of a session id).
#[must_use]
pub fn sha256_hex(text: &str) -> String {
    hex(&Sha256::digest(text.as_bytes()))
}

/// Compare without an early exit, so timing does not leak how much of a guess was right.
#[must_use]
pub fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_depend_on_key_purpose_and_every_part() {
        let k = Secret::new(vec![7; 32]).unwrap();
        let other = Secret::new(vec![8; 32]).unwrap();
        let tag = k.sign("csrf", &["ab", "c"]);
        assert_eq!(tag.len(), 64);
        assert!(k.verify("csrf", &["ab", "c"], &tag));
        assert!(!k.verify("csrf", &["a", "bc"], &tag));
        assert!(!k.verify("device", &["ab", "c"], &tag));
        assert!(!other.verify("csrf", &["ab", "c"], &tag));
        assert!(Secret::new(vec![1; 31]).is_err());
    }

    #[test]
    fn hashes_and_random_values() {
        // SHA-256("abc") from FIPS 180-2, appendix B.1.
        assert_eq!(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert_eq!(random_hex(32).len(), 64);
        assert_ne!(random_hex(16), random_hex(16));
        assert!(same("abcd", "abcd") && !same("abcd", "abce") && !same("abc", "abcd"));
    }
}
