//! A short notation token (unit code, space label, card) stored inline: parsing a game log allocates
//! no string per token, which keeps validation in microseconds.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Longest token the notation accepts (edition codes and labels are held to it by the loader).
pub const MAX_TOKEN: usize = 15;

/// An inline string of at most [`MAX_TOKEN`] bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Tok {
    len: u8,
    buf: [u8; MAX_TOKEN],
}

impl Tok {
    /// The token, or `None` if longer than [`MAX_TOKEN`] bytes.
    #[must_use]
    pub fn new(s: &str) -> Option<Tok> {
        let bytes = s.as_bytes();
        if bytes.len() > MAX_TOKEN {
            return None;
        }
        let mut buf = [0u8; MAX_TOKEN];
        buf[..bytes.len()].copy_from_slice(bytes);
        Some(Tok { len: bytes.len() as u8, buf })
    }

    /// A card's canonical token (`R07`), without allocating.
    #[must_use]
    pub fn card(c: crate::engine::ids::CardId) -> Tok {
        let mut buf = [0u8; MAX_TOKEN];
        buf[..3].copy_from_slice(&c.token_bytes());
        Tok { len: 3, buf }
    }

    /// Is the token exactly `s`? (Compares bytes: no UTF-8 check.)
    #[must_use]
    pub fn is(&self, s: &str) -> bool {
        &self.buf[..self.len as usize] == s.as_bytes()
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        // Built only from a whole `&str` of at most MAX_TOKEN bytes, so this is valid UTF-8.
        std::str::from_utf8(&self.buf[..self.len as usize]).unwrap_or("")
    }
}

impl std::ops::Deref for Tok {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Display for Tok {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Tok {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq<&str> for Tok {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl Serialize for Tok {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Tok {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Tok, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Tok::new(&s)
            .ok_or_else(|| serde::de::Error::custom(format!("token {s:?} is longer than {MAX_TOKEN} bytes")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_hold_up_to_15_bytes_and_round_trip_through_json() {
        let t = Tok::new("R16A").expect("short");
        assert_eq!(t.as_str(), "R16A");
        assert!(Tok::new("ŁomżaŁomżaŁomża").is_none());
        let json = serde_json::to_string(&t).expect("json");
        assert_eq!(json, "\"R16A\"");
        assert_eq!(serde_json::from_str::<Tok>(&json).expect("back"), t);
    }
}
