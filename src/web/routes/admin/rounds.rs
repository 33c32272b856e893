//! Organiser round actions: compute the next Swiss round (a draft shown before publishing), publish,
//! lock a finished round, discard a draft, override a pairing by swapping two players, assign
//! referees to tables, start the knockout. Each handler reads its form, calls the use case
//! (`app::rounds`, `app::knockout`) and redirects.

use crate::app;
use crate::store::PlayerId;
use crate::store::Store;
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::role::Organising;
use crate::web::forms::field;
use crate::web::forms::kept::KeptForm;
use crate::web::forms::values::RowId;
use crate::web::read_model::cache::Views;
use crate::web::routes::confirm::{self, Confirm};
use crate::web::routes::public::round;
use crate::web::routes::see_other;
use crate::web::security::csrf::CsrfForm;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

#[derive(Deserialize)]
pub struct Empty {}

/// Pair the next Swiss round with the league's `pair_round` and store it as a draft.
pub async fn start_round(
    org: Organising,
    db: web::Data<Store>,
    _form: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let number = app::rounds::pair_next_swiss_round(&db, org.t.id, org.by()).await?;
    tracing::info!(tournament = %org.t.id, round = number, by = %org.user.username, "round paired (draft)");
    Ok(see_other(&format!("/t/{}/round/{number}", org.t.id)))
}

#[derive(Deserialize)]
pub struct RoundForm {
    /// The players to swap.
    #[serde(default)]
    x: String,
    #[serde(default)]
    y: String,
    /// Why a locked round is opened again.
    #[serde(default)]
    reason: String,
}

/// `publish`, `lock` (confirmed first), `unlock` (with a reason), `discard` (confirmed first) or
/// `swap` a round.
pub async fn round_action(
    ctx: Ctx,
    org: Organising,
    db: web::Data<Store>,
    views: web::Data<Views>,
    path: web::Path<(i64, i64, String)>,
    form: CsrfForm<RoundForm>,
) -> Result<HttpResponse, WebError> {
    let (_, number, action) = path.into_inner();
    let t = org.t.id;
    let round = app::rounds::by_number(&db, t, number).await?;
    let by = org.by();
    match action.as_str() {
        "publish" => app::rounds::publish(&db, t, &round, by).await?,
        "lock" => {
            // Asked only when locking would be accepted: otherwise the use case says why not.
            if !confirm::confirmed(&form.pairs) && app::next_step::plan(&db, t).await?.can_lock(&number) {
                return confirm::ask(
                    &ctx,
                    Confirm {
                        title: format!("{} {number}: {}", ctx.t("round"), ctx.t("lock")),
                        details: vec![ctx.t("lock_explained").to_string()],
                        action: format!("/admin/t/{t}/round/{number}/lock"),
                        fields: form.pairs.clone(),
                        button: ctx.t("lock_yes").to_string(),
                        back: format!("/t/{t}/round/{number}"),
                    },
                );
            }
            app::rounds::lock(&db, t, number, by).await?;
        }
        "unlock" => {
            // None typed: the use case says what the reason is for; typed: parsed at the edge.
            let unlocked = async {
                let typed = &form.value.reason;
                let reason = match typed.trim() {
                    "" => String::new(),
                    _ => {
                        crate::web::forms::values::Reason::parse("season_reason", typed)?.as_str().to_string()
                    }
                };
                app::rounds::unlock(&db, t, number, &reason, by).await?;
                Ok::<(), WebError>(())
            };
            if let Err(e) = unlocked.await {
                let kept = KeptForm::from_error(ctx.lang, round::UNLOCK_FORM, &form.pairs, e)?;
                return round::refused(&ctx, &db, &views, t, number, kept).await;
            }
            tracing::info!(tournament = %t, round = number, by = %org.user.username, "round unlocked");
        }
        "discard" => {
            if !confirm::confirmed(&form.pairs) {
                return confirm::ask(
                    &ctx,
                    Confirm {
                        title: format!("{} {number}: {}", ctx.t("round"), ctx.t("discard")),
                        details: vec![ctx.t("discard_explained").to_string()],
                        action: format!("/admin/t/{t}/round/{number}/discard"),
                        fields: form.pairs.clone(),
                        button: ctx.t("discard_yes").to_string(),
                        back: format!("/t/{t}/round/{number}"),
                    },
                );
            }
            app::rounds::discard(&db, t, &round, by).await?;
            return Ok(see_other(&format!("/admin/t/{t}#rounds")));
        }
        "swap" => {
            let swapped = async {
                let x = PlayerId(RowId::parse("player", &form.value.x)?.0);
                let y = PlayerId(RowId::parse("player", &form.value.y)?.0);
                app::rounds::swap(&db, t, &round, x, y, by).await?;
                Ok::<_, WebError>((x, y))
            };
            let (x, y) = match swapped.await {
                Ok(pair) => pair,
                Err(e) => {
                    let kept = KeptForm::from_error(ctx.lang, round::SWAP_FORM, &form.pairs, e)?;
                    return round::refused(&ctx, &db, &views, t, number, kept).await;
                }
            };
            tracing::info!(tournament = %t, round = number, %x, %y, by = %org.user.username, "pairing override");
        }
        _ => return Err(WebError::NotFound),
    }
    Ok(see_other(&format!("/t/{t}/round/{number}")))
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
    org: Organising,
    db: web::Data<Store>,
    views: web::Data<Views>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<AssignForm>,
) -> Result<HttpResponse, WebError> {
    let (_, number) = path.into_inner();
    let t = org.t.id;
    let f = &form.value;
    let name = f.referee.trim();
    let assigned = async {
        let round = app::rounds::open_for_assignment(&db, t, number).await?;
        let from = field::int("table_from", &f.from, 1, 10_000)?;
        let to = field::opt_int("table_to", &f.to, from, 10_000)?.unwrap_or(from);
        let referee = Some(name).filter(|n| !n.is_empty());
        app::rounds::assign_referee(&db, t, &round, from, to, referee, org.by()).await?;
        Ok::<_, WebError>((from, to))
    };
    let (from, to) = match assigned.await {
        Ok(tables) => tables,
        Err(e) => {
            let kept = KeptForm::from_error(ctx.lang, round::ASSIGN_FORM, &form.pairs, e)?;
            return round::refused(&ctx, &db, &views, t, number, kept).await;
        }
    };
    tracing::info!(tournament = %t, round = number, from, to, referee = name, by = %org.user.username, "referee assigned");
    Ok(see_other(&format!("/t/{t}/round/{number}")))
}

/// Start the knockout, or pair its next round, from the league's bracket. The seed of the
/// extra-game lots is drawn here, from the operating system (and stored with the seeding).
pub async fn start_knockout(
    org: Organising,
    db: web::Data<Store>,
    _form: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let lot_seed = rand_core::RngCore::next_u64(&mut rand_core::OsRng);
    let number = app::knockout::pair_next_round(&db, org.t.id, lot_seed, org.by()).await?;
    tracing::info!(tournament = %org.t.id, round = number, by = %org.user.username, "knockout round paired (draft)");
    Ok(see_other(&format!("/t/{}/round/{number}", org.t.id)))
}
