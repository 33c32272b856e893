//! A match not played over the board: one player did not come, both were absent, or one withdrew
//! (league `MatchPlay::NoShow` / `MatchPlay::Withdrawal`), or "match played" to clear it again.
//! Version-checked and logged like every result; the league says what a phase allows
//! (`app::results::set_forfeit`).

use super::page::{ForfeitForm, Refused, render_match};
use crate::app::editions::cache::EditionCache;
use crate::app::{self, AppError, Refusal};
use crate::store::rounds::Forfeit;
use crate::store::{MatchId, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::role::Refereeing;
use crate::web::forms::field::{self, FieldProblem, ProblemKind};
use crate::web::forms::problems::Problems;
use crate::web::routes::see_other;
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

/// Record or clear a no-show or withdrawal. Repeating the same choice is a success.
pub async fn forfeit(
    ctx: Ctx,
    referee: Refereeing,
    db: web::Data<Store>,
    editions: web::Data<EditionCache>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<ForfeitFields>,
) -> Result<HttpResponse, WebError> {
    let (_, mid) = path.into_inner();
    let t = referee.t.clone();
    let m = app::results::open_match(&db, t.id, MatchId(mid), referee.role()).await?;
    if m.player_b.is_none() {
        return Err(Refusal::Bye.into());
    }
    let lang = ctx.lang;
    let f = &form.value;
    let version = field::int("version", &f.version, 0, i64::MAX)?;
    let mut problems = Problems::default();
    let choice = f.forfeit.trim();
    let forfeit = match choice {
        "" => Some(None),
        name => match Forfeit::parse(name) {
            Some(x) => Some(Some(x)),
            None => {
                problems.field(lang, &FieldProblem::new("forfeit", ProblemKind::NotAChoice));
                None
            }
        },
    };
    let mut conflict = false;
    if let Some(forfeit) = forfeit {
        match app::results::set_forfeit(&db, t.id, &m, version, forfeit, referee.role(), referee.by()).await {
            Ok(()) => {
                tracing::info!(tournament = %t.id, r#match = %m.id, forfeit = choice, by = %referee.user.username, "forfeit saved");
                return Ok(see_other(&format!("/ref/t/{}/match/{}?saved=forfeit#forfeit", t.id, m.id)));
            }
            Err(e) if e.is_conflict() => {
                problems.add("forfeit", lang.t("conflict_reload"));
                conflict = true;
            }
            // Beside the choice; any other refusal (the round locked meanwhile) is the page's.
            Err(AppError::Refused(r @ Refusal::KnockoutNeedsAWinner)) => problems.refused(lang, &r),
            Err(other) => return Err(other.into()),
        }
    }
    let now = app::results::find_match(&db, t.id, m.id).await?;
    let state = ForfeitForm { choice: forfeit, version: now.version, problems };
    let edition = editions.get(&db, &t.edition).await?;
    let status = if conflict { StatusCode::CONFLICT } else { StatusCode::UNPROCESSABLE_ENTITY };
    let refused = Refused { forfeit: Some(state), ..Refused::default() };
    render_match(&ctx, &db, &edition, t, m.id, referee.organiser, None, refused, status).await
}
