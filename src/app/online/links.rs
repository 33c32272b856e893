//! The players' personal links: 32 bytes from the operating system (256 bits) written as hex in the
//! link `/online/{token}`; the store keeps only the token's SHA-256, so a copy of the database opens
//! no game. The referee issues a link (a new one revokes the player's earlier) and revokes it.

use crate::app::AppResult;
use crate::app::recording::deal::{hex, sha256_hex};
use crate::store::online::{Link, Opened};
use crate::store::{self, MatchId, PlayerId, Store, TournamentId, UserId};
use rand_core::{OsRng, RngCore};

/// A fresh token (64 hex digits).
#[must_use]
pub fn fresh_token() -> String {
    let mut b = [0u8; 32];
    OsRng.fill_bytes(&mut b);
    hex(&b)
}

/// What the store keeps of a token.
#[must_use]
pub fn token_hash(token: &str) -> String {
    sha256_hex(token.as_bytes())
}

/// Issue `player` a new link to the online match; the token is returned once (shown to the referee).
///
/// # Errors
/// The match is not online, the player not one of its two; the database fails.
pub async fn issue(
    db: &Store,
    t: TournamentId,
    m: MatchId,
    player: PlayerId,
    by: UserId,
) -> AppResult<String> {
    let token = fresh_token();
    store::online::issue_link(db, t, m, player, &token_hash(&token), by).await?;
    Ok(token)
}

/// Revoke `player`'s link: it answers 403 from now on.
///
/// # Errors
/// The match is not the tournament's; the database fails.
pub async fn revoke(db: &Store, t: TournamentId, m: MatchId, player: PlayerId) -> AppResult<u64> {
    Ok(store::online::revoke(db, t, m, player).await?)
}

/// What a token opens, revoked or not, with everything its page needs, in one read; `None`: no
/// such link (or not a token at all).
///
/// # Errors
/// The database fails.
pub async fn open(db: &Store, token: &str) -> AppResult<Option<Opened>> {
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Ok(None);
    }
    Ok(store::online::open_link(db, &token_hash(&token.to_ascii_lowercase())).await?)
}

/// A live link opened (by a client the throttle lets through): its player is present from its
/// first opening since the match went online (what the no-show is decided on).
///
/// # Errors
/// The database fails.
pub async fn arrive(db: &Store, link: &mut Link) -> AppResult<()> {
    if !link.is_revoked() && link.present_since.is_none() {
        store::online::mark_present(db, link.id).await?;
        link.present_since = Some(store::now());
    }
    Ok(())
}
