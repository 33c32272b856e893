//! Entries from schools (issue 39), the league's front door. PRODUCT.md, "Entries (decisions)":
//! "a pupil without a guardian's consent (online, or the teacher's declaration of a signed paper
//! form, as the organiser allows) is never paired and never public; caps per event and per school
//! with a waiting list in order of arrival, promoted at once on a withdrawal; check-in on the day
//! decides who is paired in round 1; e-mail is optional (an outbox sent through SMTP when
//! configured), links are always shown on screen."
//!
//! | step | who | use case |
//! |---|---|---|
//! | open entries (deadline, caps, birth years, consent text, paper allowed) | organiser | [`open::open`] |
//! | sign a school up, a private link shown once | teacher, no account | [`school::sign_up`] |
//! | add, withdraw pupils; a paper consent declared | teacher (the school's link) | [`school`] |
//! | consent, or withdraw it (the pupil's data erased) | guardian (the pupil's link) | [`consent`] |
//! | accept from the waiting list, refuse with a reason, revoke a school's link | organiser | [`organiser`] |
//! | tick who came; seat round 1's players from the checked-in confirmed entries | organiser, the desk | [`desk`] |
//!
//! Links: a school's token is 32 bytes from the operating system (hex); a pupil's guardian token
//! is the SHA-256 of the school's token and the entry's id, so the teacher's page can print it
//! again while the database keeps only each token's SHA-256 (a copy of it opens nothing).
//! Nothing of an entry is public: the pupils become players only when the desk seats round 1.

pub mod consent;
pub mod desk;
pub mod open;
pub mod organiser;
pub mod school;

use crate::app::recording::deal::sha256_hex;
pub use crate::store::entries::{Compose, MailFacts, MailKind};
pub use crate::store::outbox::OutMail;

/// The guardian's token of `entry`, from the school's token.
#[must_use]
pub fn guardian_token(school_token: &str, entry: i64) -> String {
    sha256_hex(format!("bitwa-guardian:{school_token}:{entry}").as_bytes())
}

/// What the store keeps of a token.
#[must_use]
pub fn token_hash(token: &str) -> String {
    sha256_hex(token.as_bytes())
}

/// Whether `token` looks like one of ours (64 hex digits): anything else opens nothing, unread.
#[must_use]
pub fn well_formed(token: &str) -> bool {
    token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit())
}
