//! Organiser round actions: compute the next Swiss round (a draft shown before publishing), publish,
//! lock a finished round, discard a draft, override a pairing by swapping two players.

use crate::store::rounds::Status;
use crate::store::tournaments::{Role, Tournament};
use crate::store::{self, PlayerId, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::forms::field;
use crate::web::operations;
use crate::web::read_model::loaded::Loaded;
use crate::web::routes::{see_other, tournament};
use crate::web::security::auth::{self, LoggedIn};
use crate::web::security::csrf::CsrfForm;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

pub(super) async fn organised(db: &Store, user: &LoggedIn, id: i64) -> Result<Tournament, WebError> {
    let t = tournament(db, id).await?;
    auth::require(db, &user.0, t.id, Role::Organiser).await?;
    Ok(t)
}

#[derive(Deserialize)]
pub struct Empty {}

/// Pair the next Swiss round with the league's `pair_round` and store it as a draft.
pub async fn start_round(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    path: web::Path<i64>,
    _form: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let t = organised(&db, &user, path.into_inner()).await?;
    let data = Loaded::load(&db, t).await?;
    let number = operations::pair_next_swiss_round(&db, ctx.lang, &data, user.0.id).await?;
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
    db: web::Data<Store>,
    path: web::Path<(i64, i64, String)>,
    form: CsrfForm<SwapForm>,
) -> Result<HttpResponse, WebError> {
    let (tid, number, action) = path.into_inner();
    let t = organised(&db, &user, tid).await?;
    let round = store::rounds::by_number(&db, t.id, number).await?.ok_or(WebError::NotFound)?;
    let by = user.0.id;
    match action.as_str() {
        "publish" => advance(&db, &t, &round, Status::Draft, Status::Published, by).await?,
        "lock" => {
            if round.status() != Status::Locked {
                let data = Loaded::load(&db, t.clone()).await?;
                if !data.round_complete(&round) {
                    return Err(WebError::BadRequest(format!(
                        "{} {number}: {}",
                        ctx.t("round"),
                        ctx.t("results_missing")
                    )));
                }
            }
            advance(&db, &t, &round, Status::Published, Status::Locked, by).await?;
        }
        "discard" => {
            if !crate::web::routes::confirm::confirmed(&form.pairs) {
                return crate::web::routes::confirm::ask(
                    &ctx,
                    crate::web::routes::confirm::Confirm {
                        title: format!("{} {number}: {}", ctx.t("round"), ctx.t("discard")),
                        details: vec![ctx.t("discard_explained").to_string()],
                        action: format!("/admin/t/{}/round/{number}/discard", t.id),
                        fields: form.pairs.clone(),
                        button: ctx.t("discard_yes").to_string(),
                        back: format!("/t/{}/round/{number}", t.id),
                    },
                );
            }
            store::rounds::discard_draft(&db, t.id, round.id, by).await?
        }
        "swap" => {
            let x = PlayerId(field::int(ctx.lang, "player", &form.value.x, 1, i64::MAX)?);
            let y = PlayerId(field::int(ctx.lang, "player", &form.value.y, 1, i64::MAX)?);
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

/// Move a round from `from` to `to`. Publishing or locking again (a double click, a resent form)
/// is a success: the round is where the organiser asked, whoever got it there first.
async fn advance(
    db: &Store,
    t: &Tournament,
    round: &crate::store::rounds::Round,
    from: Status,
    to: Status,
    by: crate::store::UserId,
) -> Result<(), WebError> {
    match store::rounds::advance(db, t.id, round.id, from, to, by).await {
        Err(store::StoreError::Conflict) => {
            let now = store::rounds::by_number(db, t.id, round.number).await?.ok_or(WebError::NotFound)?;
            if now.status() == to { Ok(()) } else { Err(store::StoreError::Conflict.into()) }
        }
        other => other.map_err(WebError::from),
    }
}

#[derive(Deserialize)]
pub struct AssignForm {
    /// The referee's username; empty: the tables go back to nobody in particular.
    #[serde(default)]
    referee: String,
    #[serde(default)]
    from: String,
    /// Empty: only the table `from`.
    #[serde(default)]
    to: String,
}

/// Assign a referee (of this tournament) to a table or a range of tables of a round (logged).
pub async fn assign_referee(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<AssignForm>,
) -> Result<HttpResponse, WebError> {
    let (tid, number) = path.into_inner();
    let t = organised(&db, &user, tid).await?;
    let round = store::rounds::by_number(&db, t.id, number).await?.ok_or(WebError::NotFound)?;
    if round.status() == Status::Locked {
        return Err(WebError::BadRequest(ctx.t("round_not_open").to_string()));
    }
    let f = &form.value;
    let from = field::int(ctx.lang, "table_from", &f.from, 1, 10_000)?;
    let to = field::opt_int(ctx.lang, "table_to", &f.to, from, 10_000)?.unwrap_or(from);
    let name = f.referee.trim();
    if name.chars().count() > crate::web::routes::account::USERNAME_MAX {
        return Err(WebError::BadRequest(format!("{}: {}", ctx.t("referee"), ctx.t("not_a_referee"))));
    }
    let referee = if name.is_empty() {
        None
    } else {
        let not_referee =
            || WebError::BadRequest(format!("{}: {}", ctx.t("referee"), ctx.t("not_a_referee")));
        let u = store::users::by_username(&db, name).await?.ok_or_else(not_referee)?;
        let refs = store::tournaments::has_role(&db, t.id, u.id, Role::Referee).await?
            || store::tournaments::has_role(&db, t.id, u.id, Role::Organiser).await?;
        if !refs {
            return Err(not_referee());
        }
        Some(u.id)
    };
    let tables = store::assignments::assign(&db, t.id, round.id, from, to, referee, user.0.id).await?;
    if tables.is_empty() {
        return Err(WebError::BadRequest(format!(
            "{}: {}",
            ctx.t("table_from"),
            ctx.t("no_tables_in_range")
        )));
    }
    tracing::info!(tournament = %t.id, round = number, from, to, referee = name, by = %user.0.username, "referee assigned");
    Ok(see_other(&format!("/t/{}/round/{number}", t.id)))
}

/// Start the knockout, or pair its next round, from the league's bracket.
pub async fn start_knockout(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    path: web::Path<i64>,
    _form: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let t = organised(&db, &user, path.into_inner()).await?;
    let data = Loaded::load(&db, t).await?;
    let number = operations::pair_next_knockout_round(&db, ctx.lang, &data, user.0.id).await?;
    tracing::info!(tournament = %data.t.id, round = number, by = %user.0.username, "knockout round paired (draft)");
    Ok(see_other(&format!("/t/{}/round/{number}", data.t.id)))
}
