//! Standings: one function for every page and export. Players are ordered by match points, then
//! by the configured tiebreaks, then by a stable final key (seed, then id), so the order is total.
//!
//! Unplayed rounds follow FIDE C.07 Art. 16 as this module implements it (see `docs/league.md`):
//! - a player's own unplayed round (bye, forfeit won or lost, absence, a round before a late
//!   entry joined or after a withdrawal) counts, for Buchholz and Sonneborn-Berger, as a game
//!   against a dummy opponent with the player's own final score (Art. 16.4);
//! - an opponent's score, where it enters a tiebreak, is adjusted: the opponent's unplayed rounds
//!   count as draws (Art. 16.3);
//! - Buchholz cut-1 cuts an unplayed round's value first (Art. 16.5).

use super::ids::{HalfPoints, PlayerId};
use super::rounds::RoundRecord;
use super::scoring::Scoring;
use super::tiebreak::{Tiebreak, TiebreakValue};
use serde::{Deserialize, Serialize};
use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet};

/// A player as the standings see them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingPlayer {
    pub id: PlayerId,
    /// Seed / registration order (1 first): the final key of the total order.
    pub seed: u32,
    pub knowledge_test: Option<u32>,
}

/// What the standings depend on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StandingsInput {
    pub players: Vec<StandingPlayer>,
    pub rounds: Vec<RoundRecord>,
    pub scoring: Scoring,
    /// In order of application; [`Tiebreak::DEFAULT_ORDER`] by default.
    pub tiebreaks: Vec<Tiebreak>,
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingRow {
    /// 1-based and distinct: the order is total.
    pub rank: u32,
    pub player: PlayerId,
    pub match_points: HalfPoints,
    /// One value per configured tiebreak, in the configured order.
    pub tiebreaks: Vec<TiebreakValue>,
    pub seed: u32,
}

/// One player's round, from the player's side.
#[derive(Debug, Clone, Copy)]
struct Slot {
    opponent: Option<PlayerId>,
    points: HalfPoints,
    played: bool,
}

#[derive(Debug, Default)]
struct Record {
    slots: Vec<Slot>,
    score: HalfPoints,
    games_won: i64,
    red_points: i64,
}

/// Compute the standings.
#[must_use]
pub fn compute(input: &StandingsInput) -> Vec<StandingRow> {
    let mut rounds: Vec<&RoundRecord> = input.rounds.iter().collect();
    rounds.sort_by_key(|r| r.round);
    let s = &input.scoring;

    // Every player's slot in every round; absent players get an unplayed, pointless slot.
    let mut records: BTreeMap<PlayerId, Record> = BTreeMap::new();
    for p in &input.players {
        records.entry(p.id).or_default();
    }
    let mut met: BTreeMap<(PlayerId, PlayerId), HalfPoints> = BTreeMap::new();
    for (ri, r) in rounds.iter().enumerate() {
        for m in &r.matches {
            for (me, opp) in [(m.red_first, m.other), (m.other, m.red_first)] {
                let rec = records.entry(me).or_default();
                rec.slots.resize(ri, Slot { opponent: None, points: HalfPoints::ZERO, played: false });
                let points = m.score_of(me).map_or(HalfPoints::ZERO, |sc| s.points(sc));
                let tally = m.tally_of(me).unwrap_or_default();
                rec.games_won += i64::from(tally.games_won);
                rec.red_points += i64::from(tally.red_points);
                rec.slots.push(Slot { opponent: Some(opp), points, played: m.played_over_the_board() });
                *met.entry((me, opp)).or_default() += points;
            }
        }
        for &b in &r.byes {
            let rec = records.entry(b).or_default();
            rec.slots.resize(ri, Slot { opponent: None, points: HalfPoints::ZERO, played: false });
            rec.slots.push(Slot { opponent: None, points: s.bye, played: false });
        }
        for rec in records.values_mut() {
            rec.slots.resize(ri + 1, Slot { opponent: None, points: HalfPoints::ZERO, played: false });
        }
    }
    for rec in records.values_mut() {
        rec.score = rec.slots.iter().map(|sl| sl.points).sum();
    }
    // C.07 Art. 16.3: an opponent's unplayed rounds count as draws.
    let adjusted: BTreeMap<PlayerId, HalfPoints> = records
        .iter()
        .map(|(&id, rec)| (id, rec.slots.iter().map(|sl| if sl.played { sl.points } else { s.draw }).sum()))
        .collect();

    let knowledge: BTreeMap<PlayerId, u32> =
        input.players.iter().map(|p| (p.id, p.knowledge_test.unwrap_or(0))).collect();
    let value_of = |id: PlayerId, t: Tiebreak| -> i64 {
        let Some(rec) = records.get(&id) else { return 0 };
        // C.07 Art. 16.4: an unplayed round is a game against a dummy opponent with the
        // player's own score.
        let contributions = rec.slots.iter().map(|sl| match (sl.played, sl.opponent) {
            (true, Some(o)) => (adjusted.get(&o).copied().unwrap_or_default(), sl.points, true),
            _ => (rec.score, sl.points, false),
        });
        match t {
            Tiebreak::Buchholz => contributions.map(|c| c.0.0).sum(),
            Tiebreak::BuchholzCut1 => {
                let all: Vec<(HalfPoints, HalfPoints, bool)> = contributions.collect();
                let total: i64 = all.iter().map(|c| c.0.0).sum();
                // Art. 16.5: unplayed rounds are cut first; otherwise the lowest value.
                let cut = all
                    .iter()
                    .filter(|c| !c.2)
                    .map(|c| c.0.0)
                    .min()
                    .or_else(|| all.iter().map(|c| c.0.0).min())
                    .unwrap_or(0);
                total - cut
            }
            // Quarter-points: opponent's half-points times the half-points scored.
            Tiebreak::SonnebornBerger => contributions.map(|c| c.0.0 * c.1.0).sum(),
            Tiebreak::GamesWon => rec.games_won,
            Tiebreak::RedSidePoints => rec.red_points,
            Tiebreak::KnowledgeTest => i64::from(knowledge.get(&id).copied().unwrap_or(0)),
            Tiebreak::DirectEncounter => 0,
        }
    };

    struct Row {
        player: StandingPlayer,
        score: HalfPoints,
        values: Vec<i64>,
    }
    let mut rows: Vec<Row> = input
        .players
        .iter()
        .map(|p| Row {
            player: *p,
            score: records.get(&p.id).map(|r| r.score).unwrap_or_default(),
            values: input.tiebreaks.iter().map(|&t| value_of(p.id, t)).collect(),
        })
        .collect();

    // Direct encounter depends on who is still tied when it is applied: the players level on
    // match points and on every tiebreak before it (C.07 Art. 6).
    for (k, &t) in input.tiebreaks.iter().enumerate() {
        if t != Tiebreak::DirectEncounter {
            continue;
        }
        let mut groups: BTreeMap<(HalfPoints, Vec<i64>), Vec<usize>> = BTreeMap::new();
        for (i, r) in rows.iter().enumerate() {
            groups.entry((r.score, r.values[..k].to_vec())).or_default().push(i);
        }
        for members in groups.values().filter(|g| g.len() > 1) {
            let ids: Vec<PlayerId> = members.iter().map(|&i| rows[i].player.id).collect();
            let all_met =
                ids.iter().enumerate().all(|(x, &a)| ids[x + 1..].iter().all(|&b| met.contains_key(&(a, b))));
            if !all_met {
                continue;
            }
            let set: BTreeSet<PlayerId> = ids.iter().copied().collect();
            for &i in members {
                let me = rows[i].player.id;
                rows[i].values[k] =
                    set.iter().filter(|&&o| o != me).filter_map(|&o| met.get(&(me, o))).map(|h| h.0).sum();
            }
        }
    }

    rows.sort_by(|a, b| {
        (
            Reverse(a.score),
            a.values.iter().map(|&v| Reverse(v)).collect::<Vec<_>>(),
            a.player.seed,
            a.player.id,
        )
            .cmp(&(
                Reverse(b.score),
                b.values.iter().map(|&v| Reverse(v)).collect::<Vec<_>>(),
                b.player.seed,
                b.player.id,
            ))
    });
    rows.into_iter()
        .enumerate()
        .map(|(i, r)| StandingRow {
            rank: u32::try_from(i + 1).unwrap_or(u32::MAX),
            player: r.player.id,
            match_points: r.score,
            tiebreaks: input
                .tiebreaks
                .iter()
                .zip(r.values.iter())
                .map(|(&tiebreak, &value)| TiebreakValue { tiebreak, value })
                .collect(),
            seed: r.player.seed,
        })
        .collect()
}
