//! The change history as sentences: what changed, where (round, table, game), who and when, and
//! the value before and after side by side, in words. Move logs are linked, never inlined. The
//! store reads its rows as typed changes (`store::history::Change`); this module only says them,
//! one file per concern: `results` (games, walkovers, deck checks), `pairings` (pairings,
//! rounds, referees), `players` (registrations, player changes, forbidden pairs),
//! `configuration`.

mod configuration;
mod pairings;
mod players;
mod results;

use crate::store::PlayerId;
use crate::store::history::{Change, Entry};
use crate::web::text::i18n::Lang;
use std::collections::HashMap;

/// One history row as the page shows it.
#[derive(Debug, Clone)]
pub struct HistoryLine {
    pub id: i64,
    /// When, as markup: Polish time in words, the stored UTC time in `datetime` ([`super::when::html`]).
    pub at: String,
    pub who: String,
    /// What changed and where, one sentence.
    pub what: String,
    pub before: Vec<String>,
    pub after: Vec<String>,
    /// The match page the row concerns.
    pub match_id: Option<i64>,
    pub old_log: bool,
    pub new_log: bool,
}

/// Names the sentences need: players by id, accounts by id.
pub struct Names {
    pub players: HashMap<i64, String>,
    pub users: HashMap<i64, String>,
}

impl Names {
    /// A player's name (`#id` for a player the tournament no longer lists).
    fn player(&self, id: PlayerId) -> String {
        self.players.get(&id.0).cloned().unwrap_or_else(|| format!("#{id}"))
    }

    /// [`Names::player`] by a joined column's id, or nothing.
    fn player_id(&self, id: Option<i64>) -> String {
        id.map_or_else(String::new, |id| self.player(PlayerId(id)))
    }

    /// "A – B", or "A" for a bye.
    fn pair(&self, a: PlayerId, b: Option<PlayerId>) -> String {
        match b {
            Some(b) => format!("{} – {}", self.player(a), self.player(b)),
            None => self.player(a),
        }
    }
}

/// What changed, and the values before and after, in words.
type Said = (String, Vec<String>, Vec<String>);

/// The row being described, with what every sentence may need of it.
struct Row<'a> {
    lang: Lang,
    names: &'a Names,
    entry: &'a Entry,
}

impl Row<'_> {
    /// `what`, with "(round 3, table 4)" as far as the row's place is known.
    fn at_place(&self, what: &str) -> String {
        let (lang, e) = (self.lang, self.entry);
        let mut parts = Vec::new();
        if let Some(r) = e.round_number {
            parts.push(format!("{} {r}", lang.t("round").to_lowercase()));
        }
        if let Some(t) = e.table_no.filter(|&t| t > 0) {
            parts.push(format!("{} {t}", lang.t("table").to_lowercase()));
        }
        if parts.is_empty() { what.to_string() } else { format!("{what} ({})", parts.join(", ")) }
    }

    /// `what`, then the match's players, "A – B", when the row concerns a match.
    fn with_players(&self, what: String) -> String {
        let (names, e) = (self.names, self.entry);
        let players = match (e.player_a, e.player_b) {
            (Some(a), Some(b)) => format!("{} – {}", names.player_id(Some(a)), names.player_id(Some(b))),
            (Some(a), None) => names.player_id(Some(a)),
            _ => String::new(),
        };
        if players.is_empty() { what } else { format!("{what}: {players}") }
    }
}

/// A history row in words.
#[must_use]
pub fn describe(lang: Lang, names: &Names, e: &Entry) -> HistoryLine {
    let row = Row { lang, names, entry: e };
    let (what, before, after) = match &e.change {
        Change::ResultEntered { after, .. } => results::entered(&row, after),
        Change::ResultCorrected { before, after, .. } => results::corrected(&row, before, after),
        Change::ExtraGameDrawn { red, .. } => results::lot(&row, *red),
        Change::ForfeitChanged { before, after, .. } => results::forfeit(&row, *before, *after),
        Change::DeckChecked { check, .. } => results::deck_check(&row, check),
        Change::MatchPaired { pairing, .. } => pairings::paired(&row, pairing),
        Change::PairingDiscarded { player_a, player_b, .. } => {
            pairings::discarded(&row, *player_a, *player_b)
        }
        Change::PlayersSwapped { before, after, .. } => pairings::swapped(&row, before, after),
        Change::DraftDiscarded { draft, .. } => pairings::draft_discarded(lang, draft),
        Change::RoundAdvanced { from, to, .. } => pairings::advanced(&row, *from, *to),
        Change::RoundUnlocked { reason, .. } => pairings::unlocked(&row, reason),
        Change::RefereesAssigned { before, after, .. } => pairings::referees(&row, before, after),
        Change::PlayerRegistered { player, registration } => players::registered(&row, *player, registration),
        Change::PlayerWithdrawn { player, before, after } => {
            players::changed(&row, "h_withdraw", *player, before, after)
        }
        Change::PlayerReadmitted { player, before, after } => {
            players::changed(&row, "h_readmit", *player, before, after)
        }
        Change::PlayerChanged { player, before, after } => {
            players::changed(&row, "h_player_change", *player, before, after)
        }
        Change::PlayerErased { player, .. } => players::erased(&row, *player),
        Change::PersonsMerged { player, .. } => players::persons(&row, "h_persons_merged", *player),
        Change::PersonsUnmerged { player, .. } => players::persons(&row, "h_persons_unmerged", *player),
        Change::PersonsKeptApart { player, .. } => players::persons(&row, "h_persons_apart", *player),
        Change::EntryAbsent { name, school, .. } => {
            (format!("{}: {name} ({school})", lang.t("h_entry_absent")), Vec::new(), Vec::new())
        }
        Change::PairForbidden { before, after } => players::forbidden(&row, before.as_ref(), after),
        Change::PairAllowed { player_a, player_b } => players::allowed(&row, *player_a, *player_b),
        Change::ConfigChanged { before, after, .. } => configuration::changed(lang, before, after),
        Change::StageChanged { position, event } => stage_event(lang, *position, event),
        // A live recording's rows have no sentence of their own (the page has always said "a
        // change"): the game's result, saved when the recording ends, has its own row.
        Change::RecordingStarted { .. } | Change::LineTakenBack { .. } => {
            (lang.t("h_other").to_string(), Vec::new(), Vec::new())
        }
        Change::RecordingEnded { steps, .. } => results::recording_ended(&row, *steps),
        Change::RecordedResultSetAside { recorded, .. } => results::recording_set_aside(&row, recorded),
    };
    HistoryLine {
        id: e.id,
        at: super::when::html(lang, &e.at),
        who: e.username.clone().unwrap_or_default(),
        what,
        before,
        after,
        match_id: e.match_id,
        old_log: e.old_log,
        new_log: e.new_log,
    }
}

/// A stage's history row: what was done to which stage (the lot's seed and the reason shown).
fn stage_event(
    lang: Lang,
    position: i64,
    event: &crate::store::stages::StageEvent,
) -> (String, Vec<String>, Vec<String>) {
    use crate::store::stages::StageEvent as E;
    let key = match event {
        E::Chosen { .. } => "h_stages_chosen",
        E::Drawn { .. } => "h_groups_drawn",
        E::LotDrawn { .. } => "h_group_lot",
        E::Withdrawal { .. } => "h_stage_withdrawal",
        E::Closed => "h_stage_closed",
        E::Reopened { .. } => "h_stage_reopened",
        E::SeedOrder { .. } => "h_seed_order",
        E::Tiebreaks { .. } => "h_group_tiebreaks",
    };
    let what = format!("{} ({} {position})", lang.t(key), lang.t("stage_position"));
    let after = match event {
        E::Drawn { lot_seed: Some(seed), .. } | E::LotDrawn { lot_seed: seed, .. } => {
            vec![format!("{}: {seed}", lang.t("lot_seed"))]
        }
        E::Reopened { reason } => vec![reason.clone()],
        // A row's order in words; one that does not read (none was ever written) as stored.
        E::Tiebreaks { order } => vec![match order.parse::<crate::league::TiebreakOrder>() {
            Ok(order) => order
                .iter()
                .map(|t| lang.t(crate::web::text::names::Named::text_key(t)))
                .collect::<Vec<_>>()
                .join(", "),
            Err(_) => order.clone(),
        }],
        _ => Vec::new(),
    };
    (what, Vec::new(), after)
}

#[cfg(test)]
mod tests;
