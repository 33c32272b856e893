//! Organiser round actions: compute the next Swiss round (a draft shown before publishing), publish,
//! lock a finished round, discard a draft, override a pairing by swapping two players.

use super::{see_other, tournament};
use crate::league::{
    self, ForbiddenPair, ForbiddenUntil, Pairing, PairingInput, PairingPlayer, PlayerStatus,
};
use crate::store::rounds::{NewMatch, Phase, Status};
use crate::store::tournaments::{Role, Tournament};
use crate::store::{self, Db, PlayerId};
use crate::web::auth::{self, LoggedIn};
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::error::WebError;
use crate::web::form;
use crate::web::league_view::{Loaded, lp, scoring, sp};
use actix_web::{HttpResponse, web};
use serde::Deserialize;
use std::collections::BTreeMap;

pub(super) async fn organised(db: &Db, user: &LoggedIn, id: i64) -> Result<Tournament, WebError> {
    let t = tournament(db, id).await?;
    auth::require(db, &user.0, t.id, Role::Organiser).await?;
    Ok(t)
}

#[derive(Deserialize)]
pub struct Empty {}

/// The last round must be locked before another starts (results complete, no edits pending).
pub(super) fn check_last_round_locked(ctx: &Ctx, data: &Loaded) -> Result<(), WebError> {
    match data.rounds.last() {
        Some(last) if last.status() != Status::Locked => {
            Err(WebError::BadRequest(format!("{} {}: {}", ctx.t("round"), last.number, ctx.t("lock_first"))))
        }
        _ => Ok(()),
    }
}

/// Pair the next Swiss round with the league's `pair_round` and store it as a draft.
pub async fn start_round(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Db>,
    path: web::Path<i64>,
    _form: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let t = organised(&db, &user, path.into_inner()).await?;
    let data = Loaded::load(&db, t).await?;
    check_last_round_locked(&ctx, &data)?;
    let swiss_played = data.rounds.iter().filter(|r| r.phase() == Phase::Swiss).count();
    let knockout_started = data.rounds.iter().any(|r| r.phase() == Phase::Knockout);
    if knockout_started || i64::try_from(swiss_played).unwrap_or(i64::MAX) >= data.t.swiss_rounds {
        return Err(WebError::BadRequest(ctx.t("swiss_done").to_string()));
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
    let forbidden = store::players::forbidden_pairs(&db, data.t.id)
        .await?
        .into_iter()
        .map(|(a, b)| ForbiddenPair { a: lp(a), b: lp(b), until: ForbiddenUntil::Always })
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
    let explanation =
        serde_json::to_string(&pairing.explanation).map_err(|e| WebError::Internal(e.to_string()))?;
    let number = data.rounds.last().map_or(1, |r| r.number + 1);
    store::rounds::create(&db, data.t.id, number, Phase::Swiss, &explanation, &matches, user.0.id).await?;
    tracing::info!(tournament = %data.t.id, round = number, by = %user.0.username, "round paired (draft)");
    Ok(see_other(&format!("/t/{}/round/{number}", data.t.id)))
}

#[derive(Deserialize)]
pub struct SwapForm {
    #[serde(default)]
    x: String,
    #[serde(default)]
    y: String,
}

/// `publish`, `lock`, `discard` or `swap` a round.
pub async fn round_action(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Db>,
    path: web::Path<(i64, i64, String)>,
    form: CsrfForm<SwapForm>,
) -> Result<HttpResponse, WebError> {
    let (tid, number, action) = path.into_inner();
    let t = organised(&db, &user, tid).await?;
    let round = store::rounds::by_number(&db, t.id, number).await?.ok_or(WebError::NotFound)?;
    let by = user.0.id;
    match action.as_str() {
        "publish" => {
            store::rounds::advance(&db, t.id, round.id, Status::Draft, Status::Published, by).await?
        }
        "lock" => {
            let data = Loaded::load(&db, t.clone()).await?;
            if !data.round_complete(&round) {
                return Err(WebError::BadRequest(format!(
                    "{} {number}: {}",
                    ctx.t("round"),
                    ctx.t("results_missing")
                )));
            }
            store::rounds::advance(&db, t.id, round.id, Status::Published, Status::Locked, by).await?;
        }
        "discard" => store::rounds::discard_draft(&db, t.id, round.id, by).await?,
        "swap" => {
            let x = PlayerId(form::int(ctx.lang, "player", &form.value.x, 1, i64::MAX)?);
            let y = PlayerId(form::int(ctx.lang, "player", &form.value.y, 1, i64::MAX)?);
            store::rounds::swap_players(&db, t.id, round.id, x, y, by).await.map_err(|e| match e {
                store::StoreError::NotFound => WebError::BadRequest(ctx.t("swap_invalid").to_string()),
                other => other.into(),
            })?;
            tracing::info!(tournament = %t.id, round = number, %x, %y, by = %user.0.username, "pairing override");
        }
        _ => return Err(WebError::NotFound),
    }
    if action == "discard" {
        return Ok(see_other(&format!("/admin/t/{}#rounds", t.id)));
    }
    Ok(see_other(&format!("/t/{}/round/{number}", t.id)))
}
