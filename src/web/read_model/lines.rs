//! View models shared by the pages and the CSV exports: one line per match, one per standings row.
//! Built from [`Loaded`] (which asked the league); plain strings and numbers for templates. The read
//! model (`web::view`) builds them once per change of the tournament; pages only read them.

use crate::league::{FinalPlace, MatchScore, Reached, StandingRow};
use crate::outcome::Side;
use crate::store::games::GameRow;
use crate::store::rounds::MatchRow;
use crate::store::{GameId, MatchId, PlayerId};
use crate::web::read_model::loaded::{Loaded, MatchState, lp, sp};

/// One game as listed under a match.
#[derive(Debug, Clone)]
pub struct GameLine {
    pub id: GameId,
    pub game_no: i64,
    pub red_id: PlayerId,
    pub red_name: String,
    /// `red` / `polish` / empty.
    pub winner: String,
    pub winner_name: String,
    pub termination: String,
    pub red_points: String,
    pub red_clock: String,
    pub polish_clock: String,
    /// `none`, `valid`, `invalid`.
    pub log_status: String,
    /// The engine's message on the log (the game page shows it).
    pub log_message: String,
    /// The edition the stored log was validated with (`None` without a log).
    pub edition: Option<String>,
    pub version: i64,
    pub has_result: bool,
    /// Commanded the Polish Army.
    pub polish_name: String,
}

/// One match (or bye) as listed in pairings, player and match pages and exports.
#[derive(Debug, Clone)]
pub struct MatchLine {
    pub id: MatchId,
    pub round: i64,
    pub phase: String,
    pub table: i64,
    pub a_id: PlayerId,
    pub a_name: String,
    pub b_id: Option<PlayerId>,
    pub b_name: String,
    pub is_bye: bool,
    /// Games won, e.g. `2 : 0`; empty until decided.
    pub score: String,
    /// Red-side points of each player in the two games, e.g. `21 : 10`.
    pub red_points: String,
    /// Winner's name, empty for a draw or pending.
    pub winner_name: String,
    /// `win` for A, `loss` for A, `draw`, `forfeit` (no-show or withdrawal: see `decided_by`), `pending`, `bye`, `knowledge`, `extra`, `invalid`.
    pub state: &'static str,
    /// The league's `DecidedBy` name, when decided.
    pub decided_by: String,
    /// The league's message when the entered games cannot form this match.
    pub problem: String,
    pub games: Vec<GameLine>,
    /// The stored no-show or withdrawal (`absent-a`, ...), empty when the games decide.
    pub forfeit: String,
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
        self.games.iter().any(|g| g.has_result)
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
    let opt = |v: Option<i64>| v.map(|v| v.to_string()).unwrap_or_default();
    GameLine {
        id: g.id,
        game_no: g.game_no,
        red_id: g.red_player,
        red_name: data.name(g.red_player),
        winner: g.winner.map(|w| w.as_str().to_string()).unwrap_or_default(),
        winner_name,
        termination: g.termination.map(|t| t.as_str().to_string()).unwrap_or_default(),
        red_points: opt(g.red_points),
        red_clock: opt(g.red_clock_secs),
        polish_clock: opt(g.polish_clock_secs),
        log_status: g.log_status.as_str().to_string(),
        log_message: g.log_message.clone(),
        edition: g.edition.clone(),
        version: g.version,
        has_result: g.has_result(),
        polish_name,
    }
}

/// The line of one match.
#[must_use]
pub fn match_line(data: &Loaded, m: &MatchRow) -> MatchLine {
    let state = data.state(m);
    let mut line = MatchLine {
        id: m.id,
        round: m.round_number,
        phase: m.phase.as_str().to_string(),
        table: m.table_no,
        a_id: m.player_a,
        a_name: m.a_name.clone(),
        b_id: m.player_b,
        b_name: m.b_name.clone().unwrap_or_default(),
        is_bye: m.player_b.is_none(),
        score: String::new(),
        red_points: String::new(),
        winner_name: String::new(),
        state: "pending",
        decided_by: String::new(),
        problem: String::new(),
        games: data.games_of(m.id).iter().map(|g| game_line(data, m, g)).collect(),
        forfeit: m.forfeit().map(|f| f.as_str().to_string()).unwrap_or_default(),
        version: m.version,
        winner: None,
        a_tally: (0, 0),
        b_tally: (0, 0),
        a_knowledge: data.player(m.player_a).and_then(|p| p.knowledge_score),
        b_knowledge: m.player_b.and_then(|b| data.player(b)).and_then(|p| p.knowledge_score),
    };
    match state {
        MatchState::Bye => line.state = "bye",
        MatchState::Pending => line.state = "pending",
        MatchState::NeedsKnowledgeTest => line.state = "knowledge",
        MatchState::NeedsExtraGame => line.state = "extra",
        MatchState::Invalid(msg) => {
            line.state = "invalid";
            line.problem = msg;
        }
        MatchState::Decided(r) => {
            line.score = format!("{} : {}", r.red_first_tally.games_won, r.other_tally.games_won);
            line.red_points = format!("{} : {}", r.red_first_tally.red_points, r.other_tally.red_points);
            line.decided_by = r.decided_by.as_str().to_string();
            line.state = match r.score_of(lp(m.player_a)) {
                _ if !r.played_over_the_board() => "forfeit",
                Some(MatchScore::Win) => "win",
                Some(MatchScore::Loss) => "loss",
                _ => "draw",
            };
            line.winner_name = r.winner.map(|w| data.name(sp(w))).unwrap_or_default();
            line.winner = r.winner.map(sp);
            line.a_tally = (r.red_first_tally.games_won, r.red_first_tally.red_points);
            line.b_tally = (r.other_tally.games_won, r.other_tally.red_points);
        }
    }
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

/// The standings with names, and the tiebreak column keys (`tb_<name>`) in order.
#[must_use]
pub fn standing_lines(data: &Loaded, rows: &[StandingRow]) -> (Vec<String>, Vec<StandingLine>) {
    let columns = rows
        .first()
        .map(|r| r.tiebreaks.iter().map(|v| format!("tb_{}", v.tiebreak.as_str())).collect())
        .unwrap_or_else(|| {
            crate::web::forms::tiebreak_order::stored(&data.t.tiebreaks)
                .iter()
                .map(|t| format!("tb_{}", t.as_str()))
                .collect()
        });
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
    /// How far the player got: a translation key (`stage_champion`, ...).
    pub stage: &'static str,
    /// Rank after the Swiss phase.
    pub swiss_rank: u32,
}

/// The translation key of a stage of the knockout.
#[must_use]
pub fn stage_key(stage: Reached) -> &'static str {
    match stage {
        Reached::Champion => "stage_champion",
        Reached::Finalist => "stage_finalist",
        Reached::ThirdPlace => "stage_third",
        Reached::FourthPlace => "stage_fourth",
        Reached::SemiFinal => "stage_semi",
        Reached::KnockoutRound { before_final: 2 } => "stage_quarter",
        Reached::KnockoutRound { before_final: 3 } => "stage_16",
        Reached::KnockoutRound { before_final: 4 } => "stage_32",
        Reached::KnockoutRound { .. } => "stage_knockout",
        Reached::Swiss => "stage_swiss",
    }
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
                stage: stage_key(f.reached),
                swiss_rank: swiss_rank.get(&f.player).copied().unwrap_or(0),
            }
        })
        .collect()
}

/// The translation key of a tiebreak column's one-line explanation (`tb_buchholz` →
/// `tbhelp_buchholz`).
#[must_use]
pub fn help_key(column: &str) -> String {
    column.replacen("tb_", "tbhelp_", 1)
}
