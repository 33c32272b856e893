//! Tournament operations shared by the handlers and the demo loader: load, ask the league, store.

use crate::league::{
    self, ForbiddenPair, ForbiddenUntil, Pairing, PairingInput, PairingPlayer, PlayerStatus,
};
use crate::store::rounds::{NewMatch, Phase, Status};
use crate::store::{self, Store, UserId};
use crate::web::error::WebError;
use crate::web::read_model::loaded::{Loaded, Seeding, lp, scoring, slot_of, sp};
use crate::web::text::i18n::Lang;
use std::collections::BTreeMap;

/// The last round must be locked before another starts (results complete, no edits pending).
///
/// # Errors
/// [`WebError::BadRequest`] naming the round to lock.
pub fn check_last_round_locked(lang: Lang, data: &Loaded) -> Result<(), WebError> {
    match data.rounds.last() {
        Some(last) if last.status() != Status::Locked => Err(WebError::BadRequest(format!(
            "{} {}: {}",
            lang.t("round"),
            last.number,
            lang.t("lock_first")
        ))),
        _ => Ok(()),
    }
}

/// Pair the next Swiss round with the league's `pair_round` and store it as a draft; its number.
///
/// # Errors
/// The last round is not locked, every Swiss round is paired, the league finds no pairing without a
/// rematch, or the database fails.
pub async fn pair_next_swiss_round(
    db: &Store,
    lang: Lang,
    data: &Loaded,
    by: UserId,
) -> Result<i64, WebError> {
    check_last_round_locked(lang, data)?;
    let swiss_played = data.rounds.iter().filter(|r| r.phase() == Phase::Swiss).count();
    let knockout_started = data.rounds.iter().any(|r| r.phase() == Phase::Knockout);
    if knockout_started || i64::try_from(swiss_played).unwrap_or(i64::MAX) >= data.t.swiss_rounds {
        return Err(WebError::BadRequest(lang.t("swiss_done").to_string()));
    }
    let round = u32::try_from(swiss_played + 1).unwrap_or(u32::MAX);
    let standings = data.standings();
    let rank: BTreeMap<league::PlayerId, u32> = standings.iter().map(|r| (r.player, r.rank)).collect();
    let players = data
        .players
        .iter()
        .map(|p| PairingPlayer {
            id: lp(p.id),
            status: if p.withdrawn { PlayerStatus::Withdrawn } else { PlayerStatus::Active },
            joined_round: u32::try_from(p.joined_round).unwrap_or(1),
            rank: rank.get(&lp(p.id)).copied().unwrap_or(u32::MAX),
        })
        .collect();
    let forbidden = store::players::forbidden_pairs(db, data.t.id)
        .await?
        .into_iter()
        .map(|(a, b, until)| ForbiddenPair {
            a: lp(a),
            b: lp(b),
            until: match until.and_then(|n| u32::try_from(n).ok()) {
                Some(n) => ForbiddenUntil::Round(n),
                None => ForbiddenUntil::Always,
            },
        })
        .collect();
    let input =
        PairingInput { round, players, history: data.swiss_records(), forbidden, scoring: scoring(&data.t) };
    let pairing = league::pair_round(&input).map_err(|e| WebError::BadRequest(e.to_string()))?;
    let matches: Vec<NewMatch> = pairing
        .pairings
        .iter()
        .map(|p| match *p {
            Pairing::Match { table, red_first, other } => NewMatch {
                table_no: i64::from(table),
                player_a: sp(red_first),
                player_b: Some(sp(other)),
                bracket_slot: None,
            },
            Pairing::Bye { player } => {
                NewMatch { table_no: 0, player_a: sp(player), player_b: None, bracket_slot: None }
            }
        })
        .collect();
    let explanation = serde_json::to_string(&pairing.explanation).map_err(WebError::internal)?;
    let number = data.rounds.last().map_or(1, |r| r.number + 1);
    store::rounds::create(db, data.t.id, number, Phase::Swiss, &explanation, &matches, by).await?;
    Ok(number)
}

/// Start the knockout (seeding the top K of the Swiss standings, withdrawn players left out) or its
/// next round: every bracket match whose two players are known and which is not stored yet.
///
/// # Errors
/// Swiss rounds unfinished, last round not locked, nothing to pair (waiting for results, or the
/// knockout is over), or the database fails.
pub async fn pair_next_knockout_round(
    db: &Store,
    lang: Lang,
    data: &Loaded,
    by: UserId,
) -> Result<i64, WebError> {
    check_last_round_locked(lang, data)?;
    let swiss_played = data.rounds.iter().filter(|r| r.phase() == Phase::Swiss).count();
    if data.t.knockout_size < 2 {
        return Err(WebError::BadRequest(lang.t("no_knockout").to_string()));
    }
    if i64::try_from(swiss_played).unwrap_or(0) < data.t.swiss_rounds {
        return Err(WebError::BadRequest(lang.t("swiss_not_done").to_string()));
    }
    let first = data.seeding().is_none();
    let (bracket, explanation) = if first {
        let ranked: Vec<league::PlayerId> = data
            .standings()
            .iter()
            .map(|r| r.player)
            .filter(|&p| data.player(sp(p)).is_some_and(|p| !p.withdrawn))
            .take(usize::try_from(data.t.knockout_size).unwrap_or(0))
            .collect();
        let seeding = Seeding {
            ranked: ranked.iter().map(|p| p.0).collect(),
            third_place: data.t.third_place,
            lot_seed: rand_core::RngCore::next_u64(&mut rand_core::OsRng),
        };
        let bracket = league::Bracket::seeded(&ranked, seeding.third_place, seeding.lot_seed)
            .map_err(|e| WebError::BadRequest(e.to_string()))?;
        (bracket, serde_json::to_string(&seeding).map_err(WebError::internal)?)
    } else {
        let bracket =
            data.bracket().unwrap_or_else(|| Err("no seeding".into())).map_err(WebError::BadRequest)?;
        (bracket, String::new())
    };
    let stored: Vec<i64> = data.knockout_matches().map(|(_, at)| slot_of(at)).collect();
    let ready: Vec<NewMatch> = bracket
        .ready()
        .into_iter()
        .filter(|m| !stored.contains(&slot_of(m.at)))
        .filter_map(|m| m.players().map(|(a, b)| (m.at, a, b)))
        .zip(1..)
        .map(|((at, a, b), table)| NewMatch {
            table_no: table,
            player_a: sp(a),
            player_b: Some(sp(b)),
            bracket_slot: Some(slot_of(at)),
        })
        .collect();
    if ready.is_empty() {
        let key = if bracket.champion().is_some() { "knockout_over" } else { "knockout_waiting" };
        return Err(WebError::BadRequest(lang.t(key).to_string()));
    }
    let number = data.rounds.last().map_or(1, |r| r.number + 1);
    store::rounds::create(db, data.t.id, number, Phase::Knockout, &explanation, &ready, by).await?;
    Ok(number)
}
