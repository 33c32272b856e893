//! Typed row ids, so a player id cannot be passed where a match id is expected.

use serde::{Deserialize, Serialize};

macro_rules! row_id {
    ($($(#[$doc:meta])* $name:ident),* $(,)?) => {$(
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, sqlx::Type)]
        #[sqlx(transparent)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }
    )*};
}

row_id!(
    /// A tournament.
    TournamentId,
    /// A login account.
    UserId,
    /// A registered player (one tournament).
    PlayerId,
    /// A round (Swiss or knockout).
    RoundId,
    /// A match or a bye.
    MatchId,
    /// One game of a match.
    GameId,
    /// A person across a season (their entries are players rows).
    PersonId,
    /// A merge of one person into another.
    MergeId,
    /// A proposal to merge two persons (or keep them apart) awaiting the registry's owner.
    ProposalId,
    /// A league season.
    SeasonId,
    /// A level of a season.
    LevelId,
    /// A region of a season.
    RegionId,
);
