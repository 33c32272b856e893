//! Minors' data: after the season an organiser erases a player's personal data (name, birth date,
//! school); the results stay, under a pseudonym, so standings and history remain whole. Public
//! pages never show birth dates at all (only the organiser's page lists them).

use crate::store::tournaments::Tournament;
use crate::store::{self, PlayerId, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::forms::field;
use crate::web::routes::see_other;
use crate::web::security::auth::LoggedIn;
use crate::web::security::csrf::CsrfForm;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

/// Is the tournament over (its last day before today), so personal data may be erased?
#[must_use]
pub fn season_over(t: &Tournament) -> bool {
    t.last_day < chrono::Utc::now().date_naive()
}

#[derive(Deserialize)]
pub struct EraseForm {
    /// The organiser ticked "I understand" (a destructive action, confirmed without JavaScript).
    confirm: Option<String>,
}

/// Erase one player's personal data (organisers; logged in history and the server log, by id only).
pub async fn erase_player(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<EraseForm>,
) -> Result<HttpResponse, WebError> {
    let (tid, pid) = path.into_inner();
    let t = crate::web::routes::admin::rounds::organised(&db, &user, tid).await?;
    if !field::checkbox(form.value.confirm.as_ref()) {
        return Err(WebError::BadRequest(ctx.t("erase_confirm_needed").to_string()));
    }
    let today = chrono::Utc::now().date_naive();
    store::players::erase(&db, t.id, PlayerId(pid), today, user.0.id)
        .await
        .map_err(|e| ctx.store_error(e))?;
    tracing::info!(tournament = %t.id, player = pid, by = %user.0.username, "personal data erased");
    Ok(see_other(&format!("/admin/t/{}#players", t.id)))
}
