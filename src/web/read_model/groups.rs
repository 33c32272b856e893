//! The groups of a round-robin stage as the group pages show them (issue 19): each group's
//! crosstable (the grid of match results, the games' score in each cell, from the row player's
//! side), its standings (`app::stages::standings`, or the frozen ranking once the stage is
//! closed) with the qualifying places marked, and its schedule by round. Built once per change
//! with the rest of the read model; only public rounds count.

use crate::app::snapshot::{Loaded, MatchState, sp};
use crate::app::stages;
use crate::league::Tiebreak;
use crate::league::round_robin::standings::{DEFAULT_TIEBREAKS, GroupStandings, Tie, WithdrawalRule};
use crate::league::stages::Stage;
use crate::store::rounds::Phase;
use crate::store::stages::StageStatus;
use crate::store::{MatchId, PlayerId};
use crate::web::read_model::lines::MatchLine;

/// A group's letter: A for the first group, B for the second, ..., Z, then AA, AB, ... as
/// spreadsheet columns (a tournament of 64 groups has them).
#[must_use]
pub fn letter(g: usize) -> String {
    let mut n = g + 1;
    let mut out = Vec::new();
    while n > 0 {
        let r = (n - 1) % 26;
        out.push(char::from(b'A' + u8::try_from(r).unwrap_or(0)));
        n = (n - 1) / 26;
    }
    out.iter().rev().collect()
}

/// [`letter`] of a group index as the use cases number groups (0 for A), for templates.
#[must_use]
pub fn letter_of(g: &u32) -> String {
    letter(usize::try_from(*g).unwrap_or(usize::MAX))
}

/// The group a letter names (`A` is 0, `AA` is 26), as in the page's address.
#[must_use]
pub fn index_of(letter: &str) -> Option<usize> {
    if letter.is_empty() || letter.len() > 3 {
        return None;
    }
    letter
        .bytes()
        .try_fold(0usize, |n, c| {
            let c = c.to_ascii_uppercase();
            c.is_ascii_uppercase().then(|| n * 26 + usize::from(c - b'A') + 1)
        })
        .map(|n| n - 1)
}

/// How a crosstable cell reads for the row player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellOutcome {
    Won,
    Drawn,
    Lost,
    /// Paired, no result yet.
    Pending,
}

impl CellOutcome {
    /// The cell's class (the stylesheet shades wins and losses).
    #[must_use]
    pub fn class(self) -> &'static str {
        match self {
            CellOutcome::Won => "won",
            CellOutcome::Drawn => "drawn",
            CellOutcome::Lost => "lost",
            CellOutcome::Pending => "pending",
        }
    }
}

/// One match in a crosstable cell: the games won by the row player and by the column player
/// (`2:0`), with the Red-side points that decided a match level in games (`1:1 (21:10)`), or
/// `+`/`−` for a forfeit, as FIDE crosstables write one.
#[derive(Debug, Clone)]
pub struct Cell {
    pub match_id: MatchId,
    pub score: String,
    pub outcome: CellOutcome,
}

/// One row of a group's standings.
#[derive(Debug, Clone)]
pub struct GroupLine {
    pub rank: u32,
    pub player: PlayerId,
    /// The player's number in the group's Berger table.
    pub number: u32,
    pub name: String,
    pub club: String,
    pub withdrawn: bool,
    pub match_points: String,
    pub tiebreaks: Vec<String>,
    /// The place qualifies for the next stage ("awans"); never while a lot is still due for it.
    pub qualifies: bool,
    /// A tie at a qualifying place waits for the organiser's lot ("losowanie" where "awans"
    /// would be).
    pub lot_due: bool,
    pub tie: TieNote,
}

/// What the group's standings say of a row's tie, as the page shows it (the league's [`Tie`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TieNote {
    /// Separated by match points or a tiebreak: nothing said.
    None,
    /// A shared place.
    Shared,
    /// Decided by the organiser's lot, drawn with this seed.
    Lot { seed: u64 },
    /// Decides a qualifying place: the lot is still to be drawn.
    NeedsLot,
}

impl From<Tie> for TieNote {
    fn from(t: Tie) -> TieNote {
        match t {
            Tie::None => TieNote::None,
            Tie::Shared => TieNote::Shared,
            Tie::Lot { seed } => TieNote::Lot { seed },
            Tie::NeedsLot => TieNote::NeedsLot,
        }
    }
}

/// One member of a group in Berger-number order (the crosstable's rows and columns).
#[derive(Debug, Clone)]
pub struct Member {
    pub number: u32,
    pub player: PlayerId,
    pub name: String,
    /// One entry per member, in the same order: the matches between the two (two in a double
    /// round robin); empty on the diagonal and before they meet.
    pub cells: Vec<Vec<Cell>>,
}

#[derive(Debug, Clone)]
pub struct Group {
    pub letter: String,
    pub members: Vec<Member>,
    pub lines: Vec<GroupLine>,
    /// Withdrawn players whose results were annulled (not ranked).
    pub annulled: Vec<String>,
    /// The group rounds (their numbers) with this group's match lines in each, by table.
    pub schedule: Vec<(i64, Vec<usize>)>,
    /// The rounds of the group's Berger schedule (paired or not).
    pub schedule_rounds: usize,
}

/// Every group of the opening groups stage (empty for a tournament without one or before the draw).
#[derive(Debug, Clone, Default)]
pub struct Groups {
    pub groups: Vec<Group>,
    pub columns: Vec<Tiebreak>,
    /// How many of each group qualify.
    pub per_group: u32,
    /// The stage is closed: the standings are the frozen ranking.
    pub frozen: bool,
    /// The results of a withdrawn player are annulled when fewer than half were played.
    pub annul_under_half: bool,
    /// A knockout follows the groups (the pages link its bracket).
    pub knockout: bool,
}

impl Groups {
    /// Project the groups from the rows and the match lines (in `data.matches` order).
    #[must_use]
    pub fn of(data: &Loaded, lines: &[MatchLine]) -> Groups {
        let Ok((row, stage)) = stages::groups_stage(data) else { return Groups::default() };
        let frozen = row.status == StageStatus::Closed;
        let standings: Vec<GroupStandings> =
            if frozen { stages::frozen(data) } else { stages::standings(data) }.unwrap_or_default();
        let per_group = stage.qualify.per_group;
        let columns = standings
            .iter()
            .flat_map(|s| s.rows.first())
            .next()
            .map_or_else(|| DEFAULT_TIEBREAKS.to_vec(), |r| r.tiebreaks.iter().map(|v| v.tiebreak).collect());
        let public: Vec<(i64, crate::store::RoundId)> =
            data.public_rounds().filter(|r| r.phase() == Phase::Groups).map(|r| (r.number, r.id)).collect();
        let schedules = stages::schedules(data, &stage);
        let groups = stages::drawn_groups(data)
            .iter()
            .enumerate()
            .map(|(g, ids)| {
                let group_no = i64::try_from(g).ok();
                let in_group: Vec<usize> = data
                    .matches
                    .iter()
                    .enumerate()
                    .filter(|(_, m)| m.phase == Phase::Groups && m.group_no == group_no && data.is_public(m))
                    .map(|(i, _)| i)
                    .collect();
                let members = ids
                    .iter()
                    .zip(1..)
                    .map(|(&id, number)| Member {
                        number,
                        player: id,
                        name: data.name(id),
                        cells: ids.iter().map(|&other| cells(lines, &in_group, id, other)).collect(),
                    })
                    .collect();
                let standing = standings.get(g);
                let group_lines = standing
                    .map(|s| {
                        s.rows
                            .iter()
                            .map(|r| {
                                let id = sp(r.player);
                                let p = data.player(id);
                                GroupLine {
                                    rank: r.rank,
                                    player: id,
                                    number: r.number,
                                    name: data.name(id),
                                    club: p.map(|p| p.club.clone()).unwrap_or_default(),
                                    withdrawn: p.is_some_and(|p| p.withdrawn),
                                    match_points: r.match_points.to_decimal_string(),
                                    tiebreaks: r.tiebreaks.iter().map(|v| v.to_decimal_string()).collect(),
                                    qualifies: r.rank <= per_group && r.tie != Tie::NeedsLot,
                                    lot_due: r.tie == Tie::NeedsLot,
                                    tie: r.tie.into(),
                                }
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                let annulled = standing
                    .map(|s| s.annulled.iter().map(|&p| data.name(sp(p))).collect())
                    .unwrap_or_default();
                let schedule = public
                    .iter()
                    .map(|&(number, round)| {
                        let of_round = in_group
                            .iter()
                            .copied()
                            .filter(|&i| data.matches.get(i).is_some_and(|m| m.round_id == round));
                        (number, of_round.collect())
                    })
                    .collect();
                let schedule_rounds = schedules.get(g).map_or(0, |s| s.rounds.len());
                Group { letter: letter(g), members, lines: group_lines, annulled, schedule, schedule_rounds }
            })
            .collect();
        Groups {
            groups,
            columns,
            per_group,
            frozen,
            annul_under_half: row.withdrawal == WithdrawalRule::AnnulUnderHalf,
            knockout: data.stage_rows.stages.iter().any(|s| matches!(s.definition, Stage::Knockout(_))),
        }
    }
}

/// The matches between `row` and `column` in the group, as `row` reads them.
fn cells(lines: &[MatchLine], in_group: &[usize], row: PlayerId, column: PlayerId) -> Vec<Cell> {
    if row == column {
        return Vec::new();
    }
    in_group
        .iter()
        .filter_map(|&i| lines.get(i))
        .filter(|l| (l.a_id == row && l.b_id == Some(column)) || (l.a_id == column && l.b_id == Some(row)))
        .map(|l| {
            let decided = matches!(l.state, MatchState::Decided(_));
            let outcome = match (decided, l.winner) {
                (false, _) => CellOutcome::Pending,
                (true, None) => CellOutcome::Drawn,
                (true, Some(w)) if w == row => CellOutcome::Won,
                (true, Some(_)) => CellOutcome::Lost,
            };
            let (mine, theirs) = if l.a_id == row { (l.a_tally, l.b_tally) } else { (l.b_tally, l.a_tally) };
            let score = match (outcome, l.forfeit.is_some()) {
                (CellOutcome::Pending, _) => "·".to_string(),
                (CellOutcome::Won, true) => "+".to_string(),
                (CellOutcome::Lost, true) => "−".to_string(),
                // Level in games: the Red-side points decided (league rules, "Match result").
                _ if mine.0 == theirs.0 => format!("{}:{} ({}:{})", mine.0, theirs.0, mine.1, theirs.1),
                _ => format!("{}:{}", mine.0, theirs.0),
            };
            Cell { match_id: l.id, score, outcome }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_group_s_letter_names_it_in_the_address_and_back() {
        assert_eq!(letter(0), "A");
        assert_eq!(letter(3), "D");
        assert_eq!(letter(25), "Z");
        assert_eq!(index_of("A"), Some(0));
        assert_eq!(index_of("d"), Some(3));
        assert_eq!(letter(26), "AA");
        assert_eq!(letter(63), "BL");
        assert_eq!(index_of("AA"), Some(26));
        assert_eq!(index_of("1"), None);
        assert_eq!(index_of(""), None);
        for g in 0..1000 {
            assert_eq!(index_of(&letter(g)), Some(g));
        }
    }
}
