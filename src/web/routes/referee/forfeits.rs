//! A match not played over the board: one player did not come, both were absent, or one withdrew
//! (league `MatchPlay::NoShow` / `MatchPlay::Withdrawal`), or "match played" to clear it again.
//! Version-checked and logged like every result; the league says what a phase allows.

use super::page::{ForfeitForm, Refused, render_match};
use super::{open_for, refereed};
use crate::league::{self, Absence, MatchPlay};
use crate::store::rounds::{Forfeit, Phase};
use crate::store::{self, MatchId, Store, StoreError};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::forms::field;
use crate::web::forms::problems::Problems;
use crate::web::read_model::editions::EditionCache;
use crate::web::read_model::loaded::lp;
use crate::web::security::auth::LoggedIn;
use crate::web::security::csrf::CsrfForm;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

#[derive(Deserialize)]
pub struct ForfeitFields {
    version: String,
    /// Empty: the match is played (the games decide); otherwise a stored [`Forfeit`] name.
    #[serde(default)]
    forfeit: String,
}

/// The league's view of a stored forfeit (what `check_play` is asked about).
fn as_play(forfeit: Forfeit, a: store::PlayerId, b: store::PlayerId) -> MatchPlay {
    match forfeit {
        Forfeit::AbsentA => MatchPlay::NoShow { absent: Absence::One(lp(a)) },
        Forfeit::AbsentB => MatchPlay::NoShow { absent: Absence::One(lp(b)) },
        Forfeit::AbsentBoth => MatchPlay::NoShow { absent: Absence::Both },
        Forfeit::WithdrewA => MatchPlay::Withdrawal { withdrawn: lp(a) },
        Forfeit::WithdrewB => MatchPlay::Withdrawal { withdrawn: lp(b) },
    }
}

/// Record or clear a no-show or withdrawal. Repeating the same choice is a success.
pub async fn forfeit(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    editions: web::Data<EditionCache>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<ForfeitFields>,
) -> Result<HttpResponse, WebError> {
    let (tid, mid) = path.into_inner();
    let (t, organiser) = refereed(&db, &user, tid).await?;
    let m = store::rounds::get_match(&db, t.id, MatchId(mid)).await?.ok_or(WebError::NotFound)?;
    if !open_for(&m, organiser) {
        return Err(WebError::BadRequest(ctx.t("round_not_open").to_string()));
    }
    let Some(b) = m.player_b else { return Err(WebError::BadRequest(ctx.t("bye").to_string())) };
    let lang = ctx.lang;
    let f = &form.value;
    let version = field::int(lang, "version", &f.version, 0, i64::MAX)?;
    let mut problems = Problems::default();
    let choice = f.forfeit.trim();
    let forfeit = match choice {
        "" => Some(None),
        name => match Forfeit::parse(name) {
            Some(x) => Some(Some(x)),
            None => {
                problems.add("forfeit", lang.t("choose_one"));
                None
            }
        },
    };
    let phase =
        if m.phase == Phase::Knockout { league::DrawRule::MustBeDecided } else { league::DrawRule::Stands };
    if let Some(Some(x)) = forfeit
        && league::check_play(phase, &as_play(x, m.player_a, b)).is_err()
    {
        // A knockout match must send someone on.
        problems.add("forfeit", lang.t("double_no_show_knockout"));
    }
    let mut conflict = false;
    if let (Some(forfeit), true) = (forfeit, problems.is_empty()) {
        match store::rounds::set_forfeit(&db, t.id, m.id, version, forfeit, user.0.id).await {
            Ok(()) => {
                tracing::info!(tournament = %t.id, r#match = %m.id, forfeit = choice, by = %user.0.username, "forfeit saved");
                return Ok(crate::web::routes::see_other(&format!(
                    "/ref/t/{}/match/{}?saved=forfeit#forfeit",
                    t.id, m.id
                )));
            }
            Err(StoreError::Conflict) => {
                let now = store::rounds::get_match(&db, t.id, m.id).await?.ok_or(WebError::NotFound)?;
                if now.forfeit() == forfeit {
                    // The same choice again (a repeated submission): it is saved.
                    return Ok(crate::web::routes::see_other(&format!(
                        "/ref/t/{}/match/{}?saved=forfeit#forfeit",
                        t.id, m.id
                    )));
                }
                problems.add("forfeit", lang.t("conflict_reload"));
                conflict = true;
            }
            Err(other) => return Err(other.into()),
        }
    }
    let now = store::rounds::get_match(&db, t.id, m.id).await?.ok_or(WebError::NotFound)?;
    let state = ForfeitForm { choice: forfeit, version: now.version, problems };
    let edition = editions.get(&db, &t.edition).await?;
    let status = if conflict { StatusCode::CONFLICT } else { StatusCode::UNPROCESSABLE_ENTITY };
    let refused = Refused { forfeit: Some(state), ..Refused::default() };
    render_match(&ctx, &db, &edition, t, m.id, organiser, None, refused, status).await
}
