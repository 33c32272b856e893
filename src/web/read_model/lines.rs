//! View models shared by the pages and the CSV exports: one line per match, one per standings row.
//! Built from [`Loaded`] (which asked the league); typed for templates: where a match stands is the
//! read model's [`MatchState`], how a game ended a [`Termination`], who won a [`Side`], what became of
//! its log a [`LogShown`] (the page's own enum for the store's [`LogStatus`]), clocks in seconds. Only `web::text` turns them into words, and templates
//! `{% match %}` on them. The read model (`web::read_model::view`) builds them once per change of the
//! tournament; pages only read them.

use crate::app::snapshot::{Loaded, MatchState, lp, sp};
use crate::league::{BracketRound, FinalPlace, MatchScore, Reached, StandingRow, Tiebreak};
use crate::outcome::{Side, Termination};
use crate::store::games::{GameRow, LogStatus};
use crate::store::rounds::{Forfeit, MatchRow, Phase, Round, Status};
use crate::store::{GameId, MatchId, PlayerId};
use crate::web::text::names::Named;

/// One game as listed under a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameLine {
    pub id: GameId,
    pub game_no: i64,
    pub red_id: PlayerId,
    pub red_name: String,
    /// Commanded the Polish Army.
    pub polish_name: String,
    /// The winning army, once a result is entered.
    pub winner: Option<Side>,
    pub winner_name: String,
    pub termination: Option<Termination>,
    pub red_points: Option<i64>,
    /// The clocks at the end of the game, in seconds (when the referee entered them).
    pub red_clock: Option<i64>,
    pub polish_clock: Option<i64>,
    pub log_status: LogShown,
    /// The engine's message on the log (the game page shows it).
    pub log_message: String,
    /// The edition the stored log was validated with (`None` without a log).
    pub edition: Option<String>,
    pub version: i64,
}

/// What became of a game's move log, as the pages show it: the templates' own enum for the store's
/// [`LogStatus`] (a template names no store type).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogShown {
    /// No log was entered.
    None,
    /// The engine accepted the log.
    Valid,
    /// The log was refused and the result typed stands (the log is kept).
    Invalid,
}

impl From<LogStatus> for LogShown {
    fn from(s: LogStatus) -> LogShown {
        match s {
            LogStatus::None => LogShown::None,
            LogStatus::Valid => LogShown::Valid,
            LogStatus::Invalid => LogShown::Invalid,
        }
    }
}

impl GameLine {
    /// A result was entered (the winner is what makes one).
    #[must_use]
    pub fn has_result(&self) -> bool {
        self.winner.is_some()
    }
}

/// A round as the pages list and head it, decided here from the stored [`Round`]: the words for its
/// stage (a knockout round's name, else its phase) and state, what the state allows, and which links
/// it has (a template names no store type).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundHead {
    pub number: i64,
    /// The text key of its phase (`swiss`, `groups`, `knockout`).
    pub phase_key: &'static str,
    /// The text key of what a knockout round is (`ćwierćfinał`), when it is one the bracket names.
    pub stage_key: Option<&'static str>,
    /// The text key of its state (`draft`, `published`, `locked`).
    pub status_key: &'static str,
    pub state: RoundState,
    /// A knockout round: the page links to the bracket.
    pub knockout: bool,
    /// A Swiss round with a pairing explanation: the page links to "why these pairings".
    pub explained: bool,
}

impl RoundHead {
    /// `stage`: what the round is in the bracket, if a knockout round.
    #[must_use]
    pub fn new(r: &Round, stage: Option<BracketRound>) -> RoundHead {
        RoundHead {
            number: r.number,
            phase_key: r.phase.text_key(),
            stage_key: stage.map(|s| s.text_key()),
            status_key: r.status.text_key(),
            state: r.status.into(),
            knockout: r.phase == Phase::Knockout,
            explained: r.phase == Phase::Swiss && !r.explanation.is_empty(),
        }
    }

    /// What the round is, as the lists name it: its knockout stage, else its phase.
    #[must_use]
    pub fn kind_key(&self) -> &'static str {
        self.stage_key.unwrap_or(self.phase_key)
    }
}

/// Where a round is in its life, as the pages act on it (the store's [`Status`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundState {
    /// Visible only to the organiser: publish, discard, swap.
    Draft,
    /// Results are being entered: referees enter them, the organiser locks.
    Published,
    /// Finished: the organiser may open it again.
    Locked,
}

impl From<Status> for RoundState {
    fn from(s: Status) -> RoundState {
        match s {
            Status::Draft => RoundState::Draft,
            Status::Published => RoundState::Published,
            Status::Locked => RoundState::Locked,
        }
    }
}

/// One match (or bye) as listed in pairings, player and match pages and exports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchLine {
    pub id: MatchId,
    pub round: i64,
    pub phase: Phase,
    pub table: i64,
    pub a_id: PlayerId,
    pub a_name: String,
    pub b_id: Option<PlayerId>,
    pub b_name: String,
    pub is_bye: bool,
    /// Where the match stands, as the league decided it.
    pub state: MatchState,
    /// Games won, e.g. `2 : 0`; empty until decided.
    pub score: String,
    /// Red-side points of each player in the two games, e.g. `21 : 10`.
    pub red_points: String,
    /// Winner's name, empty for a draw or pending.
    pub winner_name: String,
    pub games: Vec<GameLine>,
    /// The stored no-show or withdrawal; `None` when the games decide.
    pub forfeit: Option<Forfeit>,
    /// The match row's version (the forfeit form carries it).
    pub version: i64,
    /// The winner, once decided (`None`: a draw, a double no-show, or not decided).
    pub winner: Option<PlayerId>,
    /// Games won and Red-side points of A (Red in game 1) and B in the two match games.
    pub a_tally: (u32, u32),
    pub b_tally: (u32, u32),
    /// Knowledge-test scores of A and B, when recorded (they decide a level knockout match).
    pub a_knowledge: Option<i64>,
    pub b_knowledge: Option<i64>,
    /// What a knockout match is (final, semi-final, ...); `None` in the Swiss phase.
    pub stage: Option<crate::league::BracketRound>,
}

impl MatchLine {
    /// A knockout match (no double no-show: someone must go through).
    #[must_use]
    pub fn is_knockout(&self) -> bool {
        self.phase == Phase::Knockout
    }

    /// The loser's name, when someone won.
    #[must_use]
    pub fn loser_name(&self) -> &str {
        match self.winner {
            Some(w) if w == self.a_id => &self.b_name,
            Some(_) => &self.a_name,
            None => "",
        }
    }

    /// (winner's, loser's) games won and Red-side points; A's first when nobody won.
    #[must_use]
    pub fn tallies_winner_first(&self) -> ((u32, u32), (u32, u32)) {
        match self.winner {
            Some(w) if w != self.a_id => (self.b_tally, self.a_tally),
            _ => (self.a_tally, self.b_tally),
        }
    }

    /// (winner's, loser's) knowledge-test scores.
    #[must_use]
    pub fn knowledge_winner_first(&self) -> (Option<i64>, Option<i64>) {
        match self.winner {
            Some(w) if w != self.a_id => (self.b_knowledge, self.a_knowledge),
            _ => (self.a_knowledge, self.b_knowledge),
        }
    }

    /// Some game of the match has a result (the match is under way).
    #[must_use]
    pub fn started(&self) -> bool {
        self.games.iter().any(GameLine::has_result)
    }

    /// The CSS class of the result cell (`result win`, ...): the outcome from A's side (Red in
    /// game 1), `forfeit` for a match not played over the board, else where the match stands.
    #[must_use]
    pub fn result_class(&self) -> &'static str {
        match &self.state {
            MatchState::Bye => "bye",
            MatchState::Pending => "pending",
            MatchState::NeedsKnowledgeTest => "knowledge",
            MatchState::NeedsExtraGame => "extra",
            MatchState::Invalid(_) => "invalid",
            MatchState::Decided(r) if !r.played_over_the_board() => "forfeit",
            MatchState::Decided(r) => match r.score_of(lp(self.a_id)) {
                Some(MatchScore::Win) => "win",
                Some(MatchScore::Loss) => "loss",
                _ => "draw",
            },
        }
    }
}

/// One game of match `m` (the match is passed in: looking it up per game made exports quadratic).
fn game_line(data: &Loaded, m: &MatchRow, g: &GameRow) -> GameLine {
    let polish = if m.player_a == g.red_player { m.player_b } else { Some(m.player_a) };
    let polish_name = polish.map(|p| data.name(p)).unwrap_or_default();
    let winner_name = match g.winner {
        Some(Side::Red) => data.name(g.red_player),
        Some(Side::Polish) => polish_name.clone(),
        None => String::new(),
    };
    GameLine {
        id: g.id,
        game_no: g.game_no,
        red_id: g.red_player,
        red_name: data.name(g.red_player),
        polish_name,
        winner: g.winner,
        winner_name,
        termination: g.termination,
        red_points: g.red_points,
        red_clock: g.red_clock_secs,
        polish_clock: g.polish_clock_secs,
        log_status: g.log_status.into(),
        log_message: g.log_message.clone(),
        edition: g.edition.clone(),
        version: g.version,
    }
}

/// The line of one match.
#[must_use]
pub fn match_line(data: &Loaded, m: &MatchRow) -> MatchLine {
    let state = data.state(m);
    let mut line = MatchLine {
        id: m.id,
        round: m.round_number,
        phase: m.phase,
        table: m.table_no,
        a_id: m.player_a,
        a_name: m.a_name.clone(),
        b_id: m.player_b,
        b_name: m.b_name.clone().unwrap_or_default(),
        is_bye: m.player_b.is_none(),
        state: MatchState::Pending,
        score: String::new(),
        red_points: String::new(),
        winner_name: String::new(),
        games: data.games_of(m.id).iter().map(|g| game_line(data, m, g)).collect(),
        forfeit: m.forfeit(),
        version: m.version,
        winner: None,
        a_tally: (0, 0),
        b_tally: (0, 0),
        a_knowledge: data.player(m.player_a).and_then(|p| p.knowledge_score),
        b_knowledge: m.player_b.and_then(|b| data.player(b)).and_then(|p| p.knowledge_score),
        stage: data.stage_of(m),
    };
    if let MatchState::Decided(r) = &state {
        line.score = format!("{} : {}", r.red_first_tally.games_won, r.other_tally.games_won);
        line.red_points = format!("{} : {}", r.red_first_tally.red_points, r.other_tally.red_points);
        line.winner_name = r.winner.map(|w| data.name(sp(w))).unwrap_or_default();
        line.winner = r.winner.map(sp);
        line.a_tally = (r.red_first_tally.games_won, r.red_first_tally.red_points);
        line.b_tally = (r.other_tally.games_won, r.other_tally.red_points);
    }
    line.state = state;
    line
}

/// One standings line with names and printable values.
#[derive(Debug, Clone)]
pub struct StandingLine {
    pub rank: u32,
    pub player: PlayerId,
    pub name: String,
    pub club: String,
    pub withdrawn: bool,
    pub match_points: String,
    pub tiebreaks: Vec<String>,
    /// Red-side points as the league's scorecard counts them (flag rule applied).
    pub red_side_points: u32,
}

/// The standings with names, and the tiebreak columns in order (the tournament's order before
/// any round counts).
#[must_use]
pub fn standing_lines(data: &Loaded, rows: &[StandingRow]) -> (Vec<Tiebreak>, Vec<StandingLine>) {
    let columns = rows
        .first()
        .map(|r| r.tiebreaks.iter().map(|v| v.tiebreak).collect())
        .unwrap_or_else(|| data.t.tiebreaks.to_vec());
    let lines = rows
        .iter()
        .map(|r| {
            let p = data.player(sp(r.player));
            StandingLine {
                rank: r.rank,
                player: sp(r.player),
                name: data.name(sp(r.player)),
                club: p.map(|p| p.club.clone()).unwrap_or_default(),
                withdrawn: p.is_some_and(|p| p.withdrawn),
                match_points: r.match_points.to_decimal_string(),
                tiebreaks: r.tiebreaks.iter().map(|v| v.to_decimal_string()).collect(),
                red_side_points: r.red_side_points,
            }
        })
        .collect();
    (columns, lines)
}

/// One line of the final ranking after the knockout.
#[derive(Debug, Clone)]
pub struct FinalLine {
    /// `1`, or a shared range such as `5–8` (an en dash: spreadsheets do not read it as a date).
    pub place: String,
    /// The first place of the range (what closing a season's event stores as the place).
    pub first: u32,
    pub player: PlayerId,
    pub name: String,
    pub club: String,
    /// How far the player got.
    pub reached: Reached,
    /// Rank after the Swiss phase.
    pub swiss_rank: u32,
    /// After groups: the player's place in their group ("A3"), in place of the Swiss rank.
    pub group_place: Option<String>,
}

/// The final ranking's lines, in order.
#[derive(Debug, Clone)]
pub struct FinalLines(Vec<FinalLine>);

impl FinalLines {
    /// Whether the ranking came after groups (its lines say the group place, not the Swiss rank).
    #[must_use]
    pub fn after_groups(&self) -> bool {
        self.0.iter().any(|f| f.group_place.is_some())
    }
}

impl std::ops::Deref for FinalLines {
    type Target = [FinalLine];
    fn deref(&self) -> &[FinalLine] {
        &self.0
    }
}

impl<'a> IntoIterator for &'a FinalLines {
    type Item = &'a FinalLine;
    type IntoIter = std::slice::Iter<'a, FinalLine>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// The league's final ranking with names.
#[must_use]
pub fn final_lines(
    data: &Loaded,
    ranking: &[FinalPlace],
    swiss: &[StandingRow],
    group_places: &std::collections::HashMap<crate::league::PlayerId, String>,
) -> FinalLines {
    let swiss_rank: std::collections::HashMap<_, _> = swiss.iter().map(|r| (r.player, r.rank)).collect();
    FinalLines(
        ranking
            .iter()
            .map(|f| {
                let p = data.player(sp(f.player));
                FinalLine {
                    place: if f.first == f.last {
                        f.first.to_string()
                    } else {
                        format!("{}–{}", f.first, f.last)
                    },
                    first: f.first,
                    player: sp(f.player),
                    name: data.name(sp(f.player)),
                    club: p.map(|p| p.club.clone()).unwrap_or_default(),
                    reached: f.reached,
                    swiss_rank: swiss_rank.get(&f.player).copied().unwrap_or(0),
                    group_place: group_places.get(&f.player).cloned(),
                }
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::store::TournamentId;
    use crate::store::players::Player;
    use crate::store::rounds::{Round, Status};
    use crate::store::tournaments::Tournament;
    use crate::store::view::{Stamp, TournamentRows};
    use crate::store::{MatchId, RoundId};
    use crate::web::text::i18n::Lang;
    use crate::web::text::sentences::{clocks_sentence, game_sentence, match_sentence};
    use askama::Template;
    use chrono::NaiveDate;

    const A: PlayerId = PlayerId(1);
    const B: PlayerId = PlayerId(2);

    /// One game as stored: Red's player, the winning army, how it ended, Red-side points.
    type Played = (PlayerId, Side, Termination, i64);

    /// A match between Anna (A, Red in game 1) and Beata (B), or a bye of A: its phase, stored
    /// forfeit, entered games and knowledge-test scores.
    struct Case {
        phase: Phase,
        bye: bool,
        forfeit: Option<Forfeit>,
        games: Vec<Played>,
        knowledge: (Option<i64>, Option<i64>),
    }

    impl Case {
        fn swiss(games: Vec<Played>) -> Case {
            Case { phase: Phase::Swiss, bye: false, forfeit: None, games, knowledge: (None, None) }
        }

        fn knockout(games: Vec<Played>, knowledge: (Option<i64>, Option<i64>)) -> Case {
            Case { phase: Phase::Knockout, knowledge, ..Case::swiss(games) }
        }

        fn line(&self) -> MatchLine {
            let t = tournament();
            let day = t.first_day;
            let player = |id: PlayerId, name: &str, knowledge_score| Player {
                id,
                tournament_id: t.id,
                name: name.into(),
                birth_date: day,
                club: String::new(),
                region: String::new(),
                knowledge_score,
                withdrawn: false,
                age_override: false,
                joined_round: 1,
                version: 1,
                erased_at: None,
            };
            let round = Round {
                id: RoundId(1),
                tournament_id: t.id,
                number: 1,
                phase: self.phase,
                status: Status::Published,
                explanation: String::new(),
                version: 1,
            };
            let m = MatchRow {
                id: MatchId(1),
                round_id: round.id,
                round_number: 1,
                phase: self.phase,
                round_status: Status::Published,
                table_no: 1,
                player_a: A,
                player_b: (!self.bye).then_some(B),
                a_name: "Anna Abacka".into(),
                b_name: (!self.bye).then(|| "Beata Babacka".into()),
                bracket_slot: None,
                version: 1,
                forfeit: self.forfeit,
                group_no: None,
            };
            let games = (1..=2)
                .filter(|_| !self.bye)
                .map(|no: i64| {
                    let entered = self.games.get(usize::try_from(no - 1).unwrap());
                    GameRow {
                        id: GameId(no),
                        match_id: m.id,
                        game_no: no,
                        red_player: entered.map_or(if no == 1 { A } else { B }, |g| g.0),
                        winner: entered.map(|g| g.1),
                        termination: entered.map(|g| g.2),
                        red_points: entered.map(|g| g.3),
                        red_clock_secs: entered.map(|_| 725),
                        polish_clock_secs: None,
                        log_status: LogStatus::None,
                        log_message: String::new(),
                        edition: None,
                        version: 1,
                    }
                })
                .collect();
            let rows = TournamentRows {
                stamp: Stamp::default(),
                players: vec![
                    player(A, "Anna Abacka", self.knowledge.0),
                    player(B, "Beata Babacka", self.knowledge.1),
                ],
                rounds: vec![round],
                matches: vec![m.clone()],
                games,
                deck_checks: Vec::new(),
                recording: Vec::new(),
                stages: crate::store::stages::StageRows::default(),
                tournament: t,
            };
            match_line(&Loaded::from_rows(rows), &m)
        }
    }

    fn tournament() -> Tournament {
        let day = NaiveDate::from_ymd_opt(2025, 5, 10).unwrap();
        Tournament {
            id: TournamentId(1),
            name: "Liga".into(),
            venue: String::new(),
            first_day: day,
            last_day: day,
            swiss_rounds: 3,
            knockout_size: 2,
            third_place: false,
            score_win: 2,
            score_draw: 1,
            score_loss: 0,
            score_bye: 2,
            tiebreaks: crate::league::TiebreakOrder::default(),
            edition: String::new(),
            rules: crate::engine::RuleOptions::default(),
            table_clock: crate::store::tournaments::TableClock::Players,
            no_show_wait_mins: 15,
            version: 1,
        }
    }

    use Side::{Polish, Red};
    use Termination::{RadzyminCheck, ThreeRedEliminated, WarsawEntered};

    /// Each way a match can stand becomes its typed line: the state, the result cell's class, and
    /// the sentence (worked out by hand from the league rules, Polish and English).
    #[test]
    fn each_match_state_becomes_its_typed_line_and_sentence() {
        let cases: Vec<(&str, Case, &str, &str, &str)> = vec![
            ("bye", Case { bye: true, ..Case::swiss(vec![]) }, "bye", "Wolny los", "Bye"),
            ("nothing entered", Case::swiss(vec![]), "pending", "jeszcze bez wyniku", "no result yet"),
            (
                "game 1 entered",
                Case::swiss(vec![(A, Red, WarsawEntered, 21)]),
                "pending",
                "W toku (część wyników wpisana)",
                "In progress (some results entered)",
            ),
            (
                "A wins both",
                Case::swiss(vec![(A, Red, WarsawEntered, 21), (B, Polish, ThreeRedEliminated, 4)]),
                "win",
                "Wygrywa Anna Abacka 2:0",
                "Anna Abacka wins 2:0",
            ),
            (
                "B wins both",
                Case::swiss(vec![(A, Polish, ThreeRedEliminated, 3), (B, Red, WarsawEntered, 18)]),
                "loss",
                "Wygrywa Beata Babacka 2:0",
                "Beata Babacka wins 2:0",
            ),
            (
                "1:1, more Red-side points for B",
                Case::swiss(vec![(A, Red, RadzyminCheck, 10), (B, Red, RadzyminCheck, 14)]),
                "loss",
                "Wygrywa Beata Babacka (1:1, więcej punktów za Czerwonych: 14 do 10)",
                "Beata Babacka wins (1:1, more points as Red: 14 to 10)",
            ),
            (
                "1:1, level, Swiss",
                Case::swiss(vec![(A, Red, RadzyminCheck, 10), (B, Red, RadzyminCheck, 10)]),
                "draw",
                "Remis 1:1 (tyle samo punktów za Czerwonych: 10 do 10)",
                "Draw 1:1 (equal points as Red: 10 to 10)",
            ),
            (
                "B did not come",
                Case { forfeit: Some(Forfeit::AbsentB), ..Case::swiss(vec![]) },
                "forfeit",
                "Wygrywa Anna Abacka walkowerem (nieobecność: Beata Babacka)",
                "Anna Abacka wins by walkover (Beata Babacka did not come)",
            ),
            (
                "1:1, level, knockout, no knowledge test yet",
                Case::knockout(vec![(A, Red, RadzyminCheck, 10), (B, Red, RadzyminCheck, 10)], (None, None)),
                "knowledge",
                "1:1 i tyle samo punktów za Czerwonych: rozstrzyga test wiedzy (czekamy na wyniki testu)",
                "1:1 and equal points as Red: the knowledge test decides (scores to be entered)",
            ),
            (
                "1:1, level, knockout, knowledge test level",
                Case::knockout(
                    vec![(A, Red, RadzyminCheck, 10), (B, Red, RadzyminCheck, 10)],
                    (Some(40), Some(40)),
                ),
                "extra",
                "1:1, tyle samo punktów za Czerwonych i test wiedzy po równo: potrzebna dogrywka",
                "1:1, equal points as Red and a level knowledge test: an extra game is needed",
            ),
            (
                "1:1, level, knockout, A knows more",
                Case::knockout(
                    vec![(A, Red, RadzyminCheck, 10), (B, Red, RadzyminCheck, 10)],
                    (Some(45), Some(40)),
                ),
                "win",
                "Wygrywa Anna Abacka (1:1, po 10 pkt za Czerwonych, lepszy test wiedzy: 45 do 40)",
                "Anna Abacka wins (1:1, 10 points as Red each, better knowledge test: 45 to 40)",
            ),
        ];
        for (what, case, class, pl, en) in cases {
            let line = case.line();
            assert_eq!(line.result_class(), class, "{what}: {:?}", line.state);
            assert_eq!(match_sentence(&Lang::Pl, &line), pl, "{what}");
            assert_eq!(match_sentence(&Lang::En, &line), en, "{what}");
        }
    }

    #[test]
    fn the_state_is_the_leagues_decision_typed() {
        let bye = Case { bye: true, ..Case::swiss(vec![]) }.line();
        assert_eq!((bye.state, bye.is_bye), (MatchState::Bye, true));
        let level = vec![(A, Red, RadzyminCheck, 10), (B, Red, RadzyminCheck, 10)];
        assert_eq!(Case::knockout(level.clone(), (None, None)).line().state, MatchState::NeedsKnowledgeTest);
        assert_eq!(Case::knockout(level, (Some(1), Some(1))).line().state, MatchState::NeedsExtraGame);
        let won = Case::swiss(vec![(A, Red, WarsawEntered, 21), (B, Polish, ThreeRedEliminated, 4)]).line();
        let MatchState::Decided(r) = &won.state else { panic!("decided: {:?}", won.state) };
        assert_eq!(r.decided_by, crate::league::DecidedBy::BothGames);
        assert_eq!((won.winner, won.score.as_str(), won.red_points.as_str()), (Some(A), "2 : 0", "21 : 4"));
        let absent = Case { forfeit: Some(Forfeit::AbsentB), ..Case::swiss(vec![]) }.line();
        assert_eq!(absent.forfeit, Some(Forfeit::AbsentB));
        let MatchState::Decided(r) = &absent.state else { panic!("decided: {:?}", absent.state) };
        assert_eq!(r.decided_by, crate::league::DecidedBy::NoShow);
    }

    /// A result the termination rules out (Red cannot win by losing three units) is the league's
    /// refusal, shown with its message.
    #[test]
    fn games_that_cannot_form_the_match_are_invalid_with_the_leagues_message() {
        let line = Case::swiss(vec![(A, Red, ThreeRedEliminated, 5), (B, Red, WarsawEntered, 21)]).line();
        let MatchState::Invalid(message) = &line.state else { panic!("invalid: {:?}", line.state) };
        assert!(!message.is_empty());
        assert_eq!(line.result_class(), "invalid");
        assert_eq!(match_sentence(&Lang::Pl, &line), format!("niespójne dane: {message}"));
    }

    #[test]
    fn a_game_line_keeps_the_typed_result_and_the_clocks_in_seconds() {
        let line = Case::swiss(vec![(A, Red, WarsawEntered, 21)]).line();
        let (one, two) = (&line.games[0], &line.games[1]);
        assert_eq!(
            (one.winner, one.termination, one.red_points, one.red_clock, one.polish_clock),
            (Some(Red), Some(WarsawEntered), Some(21), Some(725), None)
        );
        assert!(one.has_result() && !two.has_result());
        assert_eq!(
            game_sentence(&Lang::Pl, one),
            "Wygrywa Armia Czerwona (Anna Abacka): Czerwoni weszli do Warszawy; 21 pkt za Czerwonych"
        );
        assert_eq!(clocks_sentence(&Lang::Pl, one), "zegary: Czerwoni 12:05, Polacy –");
        assert_eq!(clocks_sentence(&Lang::En, two), "");
        assert_eq!(game_sentence(&Lang::En, two), "no result yet");
    }

    /// What the partials need of a page's context: the language and its words.
    struct PageCtx {
        lang: Lang,
    }

    /// What the partials ask of `Ctx`, without a request.
    impl PageCtx {
        fn t(&self, key: &str) -> &'static str {
            self.lang.t(key)
        }
        fn match_sentence(&self, line: &MatchLine) -> String {
            crate::web::text::sentences::match_sentence(&self.lang, line)
        }
        fn game_sentence(&self, g: &GameLine) -> String {
            crate::web::text::sentences::game_sentence(&self.lang, g)
        }
        fn clocks_sentence(&self, g: &GameLine) -> String {
            crate::web::text::sentences::clocks_sentence(&self.lang, g)
        }
    }

    #[derive(Template)]
    #[template(path = "partials/result_cell.html")]
    struct ResultCell<'a> {
        ctx: PageCtx,
        line: &'a MatchLine,
    }

    #[derive(Template)]
    #[template(path = "partials/games_table.html")]
    struct GamesTable<'a> {
        ctx: PageCtx,
        t: &'a Tournament,
        line: &'a MatchLine,
    }

    /// The result cell renders the typed state as its class and the sentence of its state.
    #[test]
    fn the_result_cell_shows_the_class_and_sentence_of_the_state() {
        let cases = [
            (
                Case::knockout(vec![(A, Red, RadzyminCheck, 10), (B, Red, RadzyminCheck, 10)], (None, None)),
                "knowledge",
            ),
            (Case { forfeit: Some(Forfeit::AbsentB), ..Case::swiss(vec![]) }, "forfeit"),
            (Case::swiss(vec![]), "pending"),
        ];
        for (case, class) in cases {
            let line = case.line();
            for lang in [Lang::Pl, Lang::En] {
                let html = ResultCell { ctx: PageCtx { lang }, line: &line }.render().unwrap();
                let sentence = match_sentence(&lang, &line);
                assert_eq!(html, format!("<span class=\"result {class}\">{sentence}</span>"));
            }
        }
    }

    /// The games table links a game with a log and says which kind of log (typed `LogShown`).
    #[test]
    fn the_games_table_shows_each_log_status() {
        let mut line = Case::swiss(vec![(A, Red, WarsawEntered, 21)]).line();
        line.games[0].log_status = LogShown::Valid;
        line.games[1].log_status = LogShown::Invalid;
        let t = Tournament { id: TournamentId(7), ..tournament() };
        let html = GamesTable { ctx: PageCtx { lang: Lang::En }, t: &t, line: &line }.render().unwrap();
        let valid = format!("<a href=\"/t/7/game/1\">{}</a>", Lang::En.t("log_valid"));
        let invalid = format!("<a href=\"/t/7/game/2\">{}</a>", Lang::En.t("log_invalid"));
        assert!(html.contains(&valid) && html.contains(&invalid), "{html}");
        assert!(!html.contains(Lang::En.t("no_log")), "{html}");
        line.games[1].log_status = LogShown::None;
        let html = GamesTable { ctx: PageCtx { lang: Lang::En }, t: &t, line: &line }.render().unwrap();
        assert!(
            html.contains(&format!("<td data-label=\"Move log\">{}</td>", Lang::En.t("no_log"))),
            "{html}"
        );
    }
}
