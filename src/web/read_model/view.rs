//! The read model of one tournament: everything the public pages and exports show, projected once
//! from the rows of one read transaction (`store::view::rows`) and labelled with the change stamp
//! they reflect. Pages only read it. Built by a pure function ([`TournamentView::build`]); cached per
//! stamp by `web::cache::Views`; the league is asked through `Loaded` (match outcomes, standings,
//! bracket), once per change instead of once per request.
//!
//! Indexes by id (matches by round and by player, games by id, standings by player) keep every page
//! and export linear in what it shows. Game logs are not part of it: only the game page shows one
//! and loads it by id.

use crate::league::Bracket;
use crate::store::deck_checks::DeckCheck;
use crate::store::rounds::{Round, Status};
use crate::store::tournaments::Tournament;
use crate::store::view::{Stamp, TournamentRows};
use crate::store::{GameId, MatchId, PlayerId, RoundId};
use crate::web::read_model::http::PageStore;
use crate::web::read_model::lines::{
    FinalLine, GameLine, MatchLine, StandingLine, final_lines, match_line, standing_lines,
};
use crate::web::read_model::loaded::Loaded;
use std::collections::HashMap;

pub struct TournamentView {
    /// The stamp the rows were read at.
    pub stamp: Stamp,
    /// The rows, indexed, with the league adapter.
    pub data: Loaded,
    /// One line per match, in `data.matches` order (round, table, byes last).
    lines: Vec<MatchLine>,
    by_round: HashMap<RoundId, Vec<usize>>,
    by_player: HashMap<PlayerId, Vec<usize>>,
    /// Match line and position in its `games` of every game.
    game_at: HashMap<GameId, (usize, usize)>,
    /// Tiebreak column keys (`tb_<name>`) in order.
    pub standing_columns: Vec<String>,
    pub standing_lines: Vec<StandingLine>,
    standing_at: HashMap<PlayerId, usize>,
    /// The knockout bracket, once seeded (or the league's reason it cannot be rebuilt).
    pub bracket: Option<Result<Bracket, String>>,
    /// What the standings count: "after round N", and the round still in play, shown apart.
    pub scope: StandingsScope,
    /// The final ranking, once the knockout is over (league `final_ranking`).
    pub final_lines: Option<Vec<FinalLine>>,
    decks: HashMap<MatchId, Vec<DeckCheck>>,
    /// The games being recorded at a table at this stamp.
    recording: std::collections::HashSet<GameId>,
    /// Rendered bodies of this version (see `web::http_cache`).
    pub pages: PageStore,
}

impl TournamentView {
    /// Project stored rows into everything the pages show (pure; the league decides every match
    /// once, the standings once and the bracket once).
    #[must_use]
    pub fn build(mut rows: TournamentRows, pages: PageStore) -> TournamentView {
        let stamp = rows.stamp;
        let deck_rows = std::mem::take(&mut rows.deck_checks);
        let recording = std::mem::take(&mut rows.recording).into_iter().collect();
        let data = Loaded::from_rows(rows);
        let lines: Vec<MatchLine> = data.matches.iter().map(|m| match_line(&data, m)).collect();
        let mut by_round: HashMap<RoundId, Vec<usize>> = HashMap::new();
        let mut by_player: HashMap<PlayerId, Vec<usize>> = HashMap::new();
        let mut game_at = HashMap::new();
        for (i, (m, line)) in data.matches.iter().zip(&lines).enumerate() {
            by_round.entry(m.round_id).or_default().push(i);
            by_player.entry(m.player_a).or_default().push(i);
            if let Some(b) = m.player_b {
                by_player.entry(b).or_default().push(i);
            }
            for (j, g) in line.games.iter().enumerate() {
                game_at.insert(g.id, (i, j));
            }
        }
        let standings = data.standings();
        let (standing_columns, standing_lines) = standing_lines(&data, &standings);
        let standing_at = standing_lines.iter().enumerate().map(|(i, l)| (l.player, i)).collect();
        let bracket = data.bracket();
        let final_lines = match &bracket {
            Some(Ok(b)) => {
                crate::league::final_ranking(b, &standings).map(|r| final_lines(&data, &r, &standings))
            }
            _ => None,
        };
        let scope = StandingsScope::of(&data);
        let mut decks: HashMap<MatchId, Vec<DeckCheck>> = HashMap::new();
        for d in deck_rows {
            decks.entry(d.match_id).or_default().push(d);
        }
        TournamentView {
            stamp,
            data,
            lines,
            by_round,
            by_player,
            game_at,
            standing_columns,
            standing_lines,
            standing_at,
            bracket,
            scope,
            final_lines,
            decks,
            recording,
            pages,
        }
    }

    /// Is this game being recorded at a table (its page live, never shared)? Starting and finishing
    /// a recording move the stamp, so the view knows without asking the database.
    #[must_use]
    pub fn is_recording(&self, game: GameId) -> bool {
        self.recording.contains(&game)
    }

    #[must_use]
    pub fn t(&self) -> &Tournament {
        &self.data.t
    }

    /// The round a visitor may see: public ones for everybody, drafts for organisers.
    #[must_use]
    pub fn round(&self, number: i64, organiser: bool) -> Option<&Round> {
        self.data.rounds.iter().find(|r| r.number == number && (organiser || r.status() != Status::Draft))
    }

    /// The lines of a round, by table (byes last).
    pub fn lines_of_round(&self, round: &Round) -> impl Iterator<Item = &MatchLine> {
        self.by_round.get(&round.id).into_iter().flatten().filter_map(|&i| self.lines.get(i))
    }

    /// A player's matches in public rounds, by round.
    pub fn public_lines_of_player(&self, player: PlayerId) -> impl Iterator<Item = &MatchLine> {
        self.by_player
            .get(&player)
            .into_iter()
            .flatten()
            .filter(|&&i| self.data.matches.get(i).is_some_and(|m| self.data.is_public(m)))
            .filter_map(|&i| self.lines.get(i))
    }

    /// Every match of the public rounds, by round and table.
    pub fn public_lines(&self) -> impl Iterator<Item = &MatchLine> {
        self.data.matches.iter().zip(&self.lines).filter(|(m, _)| self.data.is_public(m)).map(|(_, l)| l)
    }

    /// A match the visitor may see: public ones for everybody, the rest for organisers.
    #[must_use]
    pub fn visible_line(&self, id: MatchId, organiser: bool) -> Option<&MatchLine> {
        let i = self.data.match_index(id)?;
        let m = self.data.matches.get(i)?;
        if !organiser && !self.data.is_public(m) {
            return None;
        }
        self.lines.get(i)
    }

    /// A game with its match, if the visitor may see the match.
    #[must_use]
    pub fn visible_game(&self, id: GameId, organiser: bool) -> Option<(&MatchLine, &GameLine)> {
        let &(i, j) = self.game_at.get(&id)?;
        let line = self.visible_line(self.data.matches.get(i)?.id, organiser)?;
        Some((line, line.games.get(j)?))
    }

    /// A player's standings line.
    #[must_use]
    pub fn standing_of(&self, player: PlayerId) -> Option<&StandingLine> {
        self.standing_at.get(&player).and_then(|&i| self.standing_lines.get(i))
    }

    /// The deck checks recorded for a match, oldest first.
    #[must_use]
    pub fn decks_of(&self, m: MatchId) -> &[DeckCheck] {
        self.decks.get(&m).map_or(&[], Vec::as_slice)
    }
}

/// Which Swiss rounds the standings count, and the round in play (its results are shown on its
/// pairings page and join the standings once the round is finished).
#[derive(Debug, Clone, Default)]
pub struct StandingsScope {
    /// The last finished Swiss round (`None`: none yet).
    pub after_round: Option<i64>,
    /// The Swiss round in play: its number, matches decided, matches in all (byes not counted).
    pub in_progress: Option<(i64, usize, usize)>,
    /// The knockout has started (the standings are then the Swiss phase's, final).
    pub knockout_started: bool,
}

impl StandingsScope {
    fn of(data: &Loaded) -> StandingsScope {
        use crate::store::rounds::Phase;
        use crate::web::read_model::loaded::MatchState;
        let finished: Vec<u32> = data.finished_swiss_records().iter().map(|r| r.round).collect();
        let in_progress = data
            .public_rounds()
            .filter(|r| r.phase() == Phase::Swiss)
            .find(|r| !finished.contains(&u32::try_from(r.number).unwrap_or(0)))
            .map(|r| {
                let played: Vec<_> = data.matches_of_round(r).filter(|m| m.player_b.is_some()).collect();
                let decided =
                    played.iter().filter(|m| matches!(data.state(m), MatchState::Decided(_))).count();
                (r.number, decided, played.len())
            });
        StandingsScope {
            after_round: finished.iter().max().map(|&n| i64::from(n)),
            in_progress,
            knockout_started: data
                .rounds
                .iter()
                .any(|r| r.phase() == Phase::Knockout && r.status() != Status::Draft),
        }
    }
}
