//! View models shared by the pages and the CSV exports: one line per match, one per standings row.
//! Built from [`Loaded`] (which asked the league); typed for templates: where a match stands is the
//! read model's [`MatchState`], how a game ended a [`Termination`], who won a [`Side`], what became of
//! its log a [`LogStatus`], clocks in seconds. Only `web::text` turns them into words, and templates
//! `{% match %}` on them. The read model (`web::read_model::view`) builds them once per change of the
//! tournament; pages only read them.

use crate::league::{FinalPlace, MatchScore, Reached, StandingRow, Tiebreak};
use crate::outcome::{Side, Termination};
use crate::store::games::{GameRow, LogStatus};
use crate::store::rounds::{Forfeit, MatchRow, Phase};
use crate::store::{GameId, MatchId, PlayerId};
use crate::web::read_model::loaded::{Loaded, MatchState, lp, sp};

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
    pub log_status: LogStatus,
    /// The engine's message on the log (the game page shows it).
    pub log_message: String,
    /// The edition the stored log was validated with (`None` without a log).
    pub edition: Option<String>,
    pub version: i64,
}

impl GameLine {
    /// A result was entered (the winner is what makes one).
    #[must_use]
    pub fn has_result(&self) -> bool {
        self.winner.is_some()
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
}

impl MatchLine {
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
        log_status: g.log_status,
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
        .unwrap_or_else(|| crate::web::forms::tiebreak_order::stored(&data.t.tiebreaks));
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
    pub player: PlayerId,
    pub name: String,
    pub club: String,
    /// How far the player got.
    pub reached: Reached,
    /// Rank after the Swiss phase.
    pub swiss_rank: u32,
}

/// The league's final ranking with names.
#[must_use]
pub fn final_lines(data: &Loaded, ranking: &[FinalPlace], swiss: &[StandingRow]) -> Vec<FinalLine> {
    let swiss_rank: std::collections::HashMap<_, _> = swiss.iter().map(|r| (r.player, r.rank)).collect();
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
                player: sp(f.player),
                name: data.name(sp(f.player)),
                club: p.map(|p| p.club.clone()).unwrap_or_default(),
                reached: f.reached,
                swiss_rank: swiss_rank.get(&f.player).copied().unwrap_or(0),
            }
        })
        .collect()
}
