//! Tournaments' configuration: the values this aggregate's writes take and the history records with them. A leaf (see
//! `store::values`).

use crate::engine::{Encirclement, RuleOptions};
use crate::league::TiebreakOrder;
use crate::store::StoredText;
use chrono::NaiveDate;
use serde::Serialize;

/// What the organiser configures (validated by the web layer before it gets here).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TournamentConfig {
    pub name: String,
    pub venue: String,
    pub first_day: NaiveDate,
    pub last_day: NaiveDate,
    pub swiss_rounds: i64,
    /// Size of the knockout bracket after the Swiss rounds; 0: no knockout.
    pub knockout_size: i64,
    pub third_place: bool,
    /// Match points in integer half-points.
    pub score_win: i64,
    pub score_draw: i64,
    pub score_loss: i64,
    pub score_bye: i64,
    /// The tiebreaks after match points, in order (stored as the league's names, comma-separated).
    pub tiebreaks: TiebreakOrder,
    /// The code of the edition the tournament plays (`store::editions`; a log's `Edition` tag).
    pub edition: String,
    /// The engine's switches for the tournament's games, stored as one JSON column (their serde
    /// form: a switch the engine adds later keeps its default until it is stored).
    pub rules: RuleOptions,
    /// Who keeps the time of a game recorded at the table. Left out of the stored configuration
    /// (history rows) while it is the default, so rows read as those written before it existed.
    #[serde(default, skip_serializing_if = "TableClock::is_players")]
    pub table_clock: TableClock,
    /// How long (minutes) a player of an online match is waited for before the one present may
    /// claim the match by no-show. Left out of the stored configuration (history rows) while it is
    /// the default, as `table_clock` is.
    #[serde(skip_serializing_if = "is_default_no_show_wait")]
    pub no_show_wait_mins: i64,
}

/// The waiting time of a new tournament (minutes).
pub const NO_SHOW_WAIT_MINS: i64 = 15;

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_default_no_show_wait(m: &i64) -> bool {
    *m == NO_SHOW_WAIT_MINS
}

/// Who keeps the time of a game recorded at the table (the league plays on chess clocks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TableClock {
    /// The players' chess clock: the recorder writes the readings the scribe types and the flag
    /// fall the scribe taps, nothing of its own.
    #[default]
    Players,
    /// "The tablet is the clock": a chess clock the server keeps, on a tablet between the players,
    /// each pressing their half; a recorded event carries its player's reading at their last press.
    Tablet,
}

impl TableClock {
    #[must_use]
    pub fn is_players(&self) -> bool {
        *self == TableClock::Players
    }
}

impl StoredText for TableClock {
    const ALL: &'static [TableClock] = &[TableClock::Players, TableClock::Tablet];
    fn as_str(self) -> &'static str {
        match self {
            TableClock::Players => "players",
            TableClock::Tablet => "tablet",
        }
    }
}

stored_as_text!(TableClock);

// A tiebreak order is stored as its text (the league's names, comma-separated; `TiebreakOrder`'s
// `Display`) and read back strictly: an unknown or repeated name in the column is an error when
// the row loads, never a tiebreak silently skipped.
impl<DB: sqlx::Database> sqlx::Type<DB> for TiebreakOrder
where
    str: sqlx::Type<DB>,
{
    fn type_info() -> DB::TypeInfo {
        <str as sqlx::Type<DB>>::type_info()
    }
    fn compatible(ty: &DB::TypeInfo) -> bool {
        <str as sqlx::Type<DB>>::compatible(ty)
    }
}

impl<'q, DB: sqlx::Database> sqlx::Encode<'q, DB> for TiebreakOrder
where
    String: sqlx::Encode<'q, DB>,
{
    fn encode_by_ref(
        &self,
        buf: &mut DB::ArgumentBuffer,
    ) -> Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
        <String as sqlx::Encode<'q, DB>>::encode(self.to_string(), buf)
    }
}

impl<'r, DB: sqlx::Database> sqlx::Decode<'r, DB> for TiebreakOrder
where
    &'r str: sqlx::Decode<'r, DB>,
{
    fn decode(value: DB::ValueRef<'r>) -> Result<Self, sqlx::error::BoxDynError> {
        let text = <&'r str as sqlx::Decode<'r, DB>>::decode(value)?;
        text.parse().map_err(|e| format!("stored tiebreak order {text:?}: {e}").into())
    }
}

impl TournamentConfig {
    /// The stored name of the encirclement reading (the form's choice).
    #[must_use]
    pub fn encirclement(&self) -> &'static str {
        match self.rules.encirclement {
            Encirclement::TwoAttackers => "two-attackers",
            Encirclement::FlankAttack => "flank-attack",
        }
    }
}
