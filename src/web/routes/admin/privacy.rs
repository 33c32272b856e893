//! Minors' data: after the season an organiser erases a player's personal data (name, birth date,
//! school); the results stay, under a pseudonym, so standings and history remain whole. Public
//! pages never show birth dates at all (only the organiser's page lists them).

use crate::app;
use crate::store::{PlayerId, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::role::Organising;
use crate::web::forms::field;
use crate::web::routes::see_other;
use crate::web::security::csrf::CsrfForm;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

#[derive(Deserialize)]
pub struct EraseForm {
    /// The organiser ticked "I understand" (a destructive action, confirmed without JavaScript).
    confirm: Option<String>,
}

/// Erase one player's personal data (organisers; logged in history and the server log, by id only).
pub async fn erase_player(
    ctx: Ctx,
    org: Organising,
    db: web::Data<Store>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<EraseForm>,
) -> Result<HttpResponse, WebError> {
    let (_, pid) = path.into_inner();
    let t = org.t;
    if !field::checkbox(form.value.confirm.as_ref()) {
        return Err(WebError::BadRequest(ctx.t("erase_confirm_needed").to_string()));
    }
    let today = chrono::Utc::now().date_naive();
    app::registration::erase(&db, t.id, PlayerId(pid), today, org.user.id).await?;
    tracing::info!(tournament = %t.id, player = pid, by = %org.user.username, "personal data erased");
    Ok(see_other(&format!("/t/{}/player/{pid}", t.id)))
}
