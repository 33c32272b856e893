//! The read model of one tournament: everything the public pages and exports show, projected once
//! from the rows of one read transaction (`store::view::rows`) and labelled with the change stamp
//! they reflect. Pages only read it, through the methods below (the rows stay private, so no page
//! redoes the league's work). Built by a pure function ([`TournamentView::build`]); cached per stamp
//! by `web::read_model::cache::Views`; the league is asked through `Loaded` (match outcomes,
//! standings, bracket), once per change instead of once per request.
//!
//! Indexes by id (matches by round and by player, games by id, standings by player) keep every page
//! and export linear in what it shows. Game logs are not part of it: only the game page shows one
//! and loads it by id.

use crate::app::snapshot::{Loaded, lp};
use crate::league::swiss::Explanation;
use crate::league::{Tiebreak, trf};
use crate::store::StoreError;
use crate::store::deck_checks::DeckCheck;
use crate::store::games::GameRow;
use crate::store::players::Player;
use crate::store::rounds::{MatchRow, Phase, Round, Status};
use crate::store::tournaments::Tournament;
use crate::store::view::{Stamp, TournamentRows};
use crate::store::{GameId, MatchId, PlayerId, RoundId};
use crate::web::read_model::coalesce::Coalesced;
use crate::web::read_model::groups::Groups;
use crate::web::read_model::http::PageStore;
use crate::web::read_model::knockout::Knockout;
use crate::web::read_model::lines::{
    FinalLine, FinalLines, GameLine, MatchLine, StandingLine, final_lines, match_line, standing_lines,
};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, OnceLock};

pub struct TournamentView {
    /// The stamp the rows were read at.
    pub stamp: Stamp,
    /// The rows, indexed, with the league adapter (pages read them through the methods below).
    data: Loaded,
    /// One line per match, in `data.matches` order (round, table, byes last).
    lines: Vec<MatchLine>,
    by_round: HashMap<RoundId, Vec<usize>>,
    by_player: HashMap<PlayerId, Vec<usize>>,
    /// Match line and position in its `games` of every game.
    game_at: HashMap<GameId, (usize, usize)>,
    /// Tiebreak columns in order.
    standing_columns: Vec<Tiebreak>,
    standing_lines: Vec<StandingLine>,
    standing_at: HashMap<PlayerId, usize>,
    /// The knockout: a preview before it is seeded, else the bracket (or the league's reason it
    /// cannot be rebuilt).
    knockout: Knockout,
    /// What the standings count: "after round N", and the round still in play, shown apart.
    scope: StandingsScope,
    /// The round-robin groups (empty without a groups stage).
    groups: Groups,
    /// The final ranking, once the knockout is over (league `final_ranking`).
    final_lines: Option<FinalLines>,
    decks: HashMap<MatchId, Vec<DeckCheck>>,
    /// The games being recorded at a table at this stamp.
    recording: HashSet<GameId>,
    /// Each round's pairing explanation, parsed on the first visit to its "why" page (in
    /// `data.rounds` order; `None`: the round stores none that reads as one).
    explanations: Vec<OnceLock<Option<Explanation>>>,
    /// Rendered bodies of this version (see `web::read_model::http`).
    pub pages: PageStore,
    /// The revisions of the recordings in play, read for the live page (a recorded line moves a
    /// revision, not the stamp): one read shared by every request that arrived while the one before
    /// ran, each still seeing a read made after it came in (`read_model::coalesce`).
    pub live_revisions: Coalesced<Arc<Vec<(GameId, i64)>>, Arc<StoreError>>,
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
        let final_lines = final_ranking_lines(&data, &standings);
        let scope = StandingsScope::of(&data);
        let knockout = Knockout::of(&data, bracket.as_ref(), &standing_lines, scope.after_round);
        let mut decks: HashMap<MatchId, Vec<DeckCheck>> = HashMap::new();
        for d in deck_rows {
            decks.entry(d.match_id).or_default().push(d);
        }
        let explanations = data.rounds.iter().map(|_| OnceLock::new()).collect();
        let groups = Groups::of(&data, &lines);
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
            knockout,
            scope,
            groups,
            final_lines,
            decks,
            recording,
            explanations,
            pages,
            live_revisions: Coalesced::default(),
        }
    }

    /// What a knockout round is (`None`: a Swiss round).
    #[must_use]
    pub fn round_stage(&self, round: &Round) -> Option<crate::league::BracketRound> {
        self.data.stage_of_round(round)
    }

    /// What the rounds accept next at this stamp (the organiser's round actions offer only these).
    #[must_use]
    pub fn rounds_plan(&self) -> crate::app::next_step::RoundsPlan {
        crate::app::next_step::plan_of(&self.data)
    }

    /// Is this game being recorded at a table (its page live, never shared)? Starting and finishing
    /// a recording move the stamp, so the view knows without asking the database.
    #[must_use]
    pub fn is_recording(&self, game: GameId) -> bool {
        self.recording.contains(&game)
    }

    /// The games being recorded at this stamp, in game order (the live page reads only their
    /// recordings' revisions, and none when there are none).
    #[must_use]
    pub fn recording_games(&self) -> Vec<GameId> {
        let mut games: Vec<GameId> = self.recording.iter().copied().collect();
        games.sort_unstable();
        games
    }

    #[must_use]
    pub fn t(&self) -> &Tournament {
        &self.data.t
    }

    /// The players in registration order (their seeding order).
    #[must_use]
    pub fn players(&self) -> &[Player] {
        &self.data.players
    }

    #[must_use]
    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.data.player(id)
    }

    /// A player's name (`#id` for one not registered here).
    #[must_use]
    pub fn name(&self, id: PlayerId) -> String {
        self.data.name(id)
    }

    /// The round a visitor may see: public ones for everybody, drafts for organisers.
    #[must_use]
    pub fn round(&self, number: i64, organiser: bool) -> Option<&Round> {
        self.visible_rounds(organiser).find(|r| r.number == number)
    }

    /// The rounds a visitor may see, by number: public ones, and drafts for organisers.
    pub fn visible_rounds(&self, organiser: bool) -> impl Iterator<Item = &Round> {
        self.data.rounds.iter().filter(move |r| organiser || r.status() != Status::Draft)
    }

    /// The round in play: the last published one (the live page shows its tables).
    #[must_use]
    pub fn round_in_play(&self) -> Option<&Round> {
        self.data.rounds.iter().rev().find(|r| r.status() == Status::Published)
    }

    /// A round's pairing explanation ("why these pairings"), read from its stored JSON once per
    /// stamp; `None` if the round stores none.
    #[must_use]
    pub fn explanation(&self, round: &Round) -> Option<&Explanation> {
        let i = self.data.rounds.iter().position(|r| r.id == round.id)?;
        self.explanations.get(i)?.get_or_init(|| serde_json::from_str(&round.explanation).ok()).as_ref()
    }

    /// The stored rows of a round's matches, by table (the live page settles their recordings).
    pub fn match_rows_of_round(&self, round: &Round) -> impl Iterator<Item = &MatchRow> {
        self.data.matches_of_round(round)
    }

    /// The stored row of a match.
    #[must_use]
    pub fn match_row(&self, id: MatchId) -> Option<&MatchRow> {
        self.data.match_row(id)
    }

    /// A match's stored games, by number.
    #[must_use]
    pub fn game_rows(&self, m: MatchId) -> &[GameRow] {
        self.data.games_of(m)
    }

    /// A game's stored row with its match's (a recording is settled against them).
    #[must_use]
    pub fn game_row(&self, id: GameId) -> Option<(&MatchRow, &GameRow)> {
        let &(i, j) = self.game_at.get(&id)?;
        let m = self.data.matches.get(i)?;
        Some((m, self.data.games_of(m.id).get(j)?))
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

    /// The standings' tiebreak columns, in order.
    #[must_use]
    pub fn standing_columns(&self) -> &[Tiebreak] {
        &self.standing_columns
    }

    /// The standings after the finished Swiss rounds, best first.
    #[must_use]
    pub fn standing_lines(&self) -> &[StandingLine] {
        &self.standing_lines
    }

    /// A player's standings line.
    #[must_use]
    pub fn standing_of(&self, player: PlayerId) -> Option<&StandingLine> {
        self.standing_at.get(&player).and_then(|&i| self.standing_lines.get(i))
    }

    /// Which rounds the standings count.
    #[must_use]
    pub fn scope(&self) -> &StandingsScope {
        &self.scope
    }

    /// The knockout: its preview, its bracket, or why it cannot be shown.
    #[must_use]
    pub fn knockout(&self) -> &Knockout {
        &self.knockout
    }

    /// The round-robin groups: crosstables, standings, schedules.
    #[must_use]
    pub fn groups(&self) -> &Groups {
        &self.groups
    }

    /// A match line by its index in the matches (the groups' schedules hold indexes).
    #[must_use]
    pub fn line_at(&self, i: usize) -> Option<&MatchLine> {
        self.lines.get(i)
    }

    /// The final ranking, once the knockout is over.
    #[must_use]
    pub fn final_lines(&self) -> Option<&FinalLines> {
        self.final_lines.as_ref()
    }

    /// A player's line of the final ranking.
    #[must_use]
    pub fn final_line_of(&self, player: PlayerId) -> Option<&FinalLine> {
        self.final_lines.as_ref()?.iter().find(|f| f.player == player)
    }

    /// The deck checks recorded for a match, oldest first.
    #[must_use]
    pub fn decks_of(&self, m: MatchId) -> &[DeckCheck] {
        self.decks.get(&m).map_or(&[], Vec::as_slice)
    }

    /// The Swiss phase as a FIDE Tournament Report File (TRF-16, league `trf`): every finished
    /// public Swiss round (a round still in play is left out), players in registration order, no
    /// birth dates. A tournament that opens with groups has no Swiss phase: its file is the whole
    /// tournament's ([`TournamentView::groups_tournament_trf`]).
    #[must_use]
    pub fn trf(&self) -> String {
        let data = &self.data;
        if crate::app::snapshot::opens_with_groups(data) {
            return self.groups_tournament_trf();
        }
        let finished: Vec<u32> = data
            .public_rounds()
            .filter(|r| r.phase() == Phase::Swiss && data.round_complete(r))
            .filter_map(|r| u32::try_from(r.number).ok())
            .collect();
        let mut input = data.standings_input();
        input.rounds.retain(|r| finished.contains(&r.round));
        let event = trf::TrfEvent {
            name: data.t.name.clone(),
            city: data.t.venue.clone(),
            start_date: Some(data.t.first_day.format("%Y/%m/%d").to_string()),
            end_date: Some(data.t.last_day.format("%Y/%m/%d").to_string()),
            planned_rounds: u32::try_from(data.t.swiss_rounds).unwrap_or(0),
            names: data.players.iter().map(|p| (lp(p.id), p.name.clone())).collect(),
        };
        trf::write(&event, &input)
    }
}

impl TournamentView {
    /// A tournament that opens with groups as one TRF (league `trf::write_groups_tournament`,
    /// issue 34): players in registration order, the finished public rounds from the first on
    /// (the groups' rounds, then the knockout's; a round in play and every round after it are
    /// left out, so each column is its round), ranked by the final ranking once the event is over
    /// (a shared place by its first), before that by their place in their group.
    #[must_use]
    pub fn groups_tournament_trf(&self) -> String {
        let data = &self.data;
        let mut rounds: Vec<&Round> = data.public_rounds().filter(|r| r.phase() != Phase::Swiss).collect();
        rounds.sort_by_key(|r| r.number);
        let mut records = Vec::new();
        for r in rounds {
            if !data.round_complete(r) {
                break;
            }
            let mut record = crate::league::RoundRecord {
                round: u32::try_from(r.number).unwrap_or(0),
                matches: Vec::new(),
                byes: Vec::new(),
            };
            for m in data.matches_of_round(r) {
                match data.state(m) {
                    crate::app::snapshot::MatchState::Bye => record.byes.push(lp(m.player_a)),
                    crate::app::snapshot::MatchState::Decided(result) => record.matches.push(result),
                    _ => {}
                }
            }
            records.push(record);
        }
        let mut input = data.standings_input();
        input.rounds = records;
        let ranks = match crate::app::final_ranking::of(data) {
            Ok(places) => places.iter().map(|p| (p.player, p.first)).collect(),
            Err(_) => self
                .groups
                .groups
                .iter()
                .flat_map(|g| g.lines.iter().map(|l| (lp(l.player), l.rank)))
                .collect(),
        };
        let knockout = crate::app::stages::stages_of(data).is_ok_and(|s| s.knockout().is_some());
        let event = trf::TrfEvent {
            name: data.t.name.clone(),
            city: data.t.venue.clone(),
            start_date: Some(data.t.first_day.format("%Y/%m/%d").to_string()),
            end_date: Some(data.t.last_day.format("%Y/%m/%d").to_string()),
            planned_rounds: u32::try_from(input.rounds.len()).unwrap_or(0),
            names: data.players.iter().map(|p| (lp(p.id), p.name.clone())).collect(),
        };
        trf::write_groups_tournament(&event, &input, &ranks, knockout)
    }

    /// Group `g` (0 for A) as a TRF round robin (league `trf::write_round_robin`): its members
    /// by their numbers in the Berger table, its public group rounds, each player ranked as the
    /// group's standings rank them (the frozen ranking once the stage is closed). `None`: no
    /// such group.
    #[must_use]
    pub fn group_trf(&self, g: usize) -> Option<String> {
        let data = &self.data;
        let input = crate::app::stages::group_inputs(data).ok()?.into_iter().nth(g)?;
        let line = self.groups.groups.get(g)?;
        let ranks = line.lines.iter().map(|l| (lp(l.player), l.rank)).collect();
        let event = trf::TrfEvent {
            name: format!("{} – Grupa {}", data.t.name, line.letter),
            city: data.t.venue.clone(),
            start_date: Some(data.t.first_day.format("%Y/%m/%d").to_string()),
            end_date: Some(data.t.last_day.format("%Y/%m/%d").to_string()),
            planned_rounds: u32::try_from(line.schedule_rounds).unwrap_or(0),
            names: data.players.iter().map(|p| (lp(p.id), p.name.clone())).collect(),
        };
        Some(trf::write_group(&event, &input, &ranks))
    }
}

/// The final ranking with names, where the standings page shows one (`app::final_ranking::of`,
/// what closing a season's event stores): after a knockout, and after the groups of a groups-only
/// tournament once the stage is closed. A Swiss-only tournament's standings are its final ranking
/// (the same function's places: rank for rank), shown as the standings table.
fn final_ranking_lines(data: &Loaded, standings: &[crate::league::StandingRow]) -> Option<FinalLines> {
    let groups = crate::app::snapshot::opens_with_groups(data);
    if !groups && data.t.knockout_size < 2 {
        return None;
    }
    let ranking = crate::app::final_ranking::of(data).ok()?;
    let mut places = HashMap::new();
    for (g, group) in crate::app::stages::frozen(data).unwrap_or_default().iter().enumerate() {
        for r in &group.rows {
            places.insert(r.player, format!("{}{}", crate::web::read_model::groups::letter(g), r.rank));
        }
    }
    Some(final_lines(data, &ranking, standings, &places))
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
        use crate::app::snapshot::MatchState;
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
