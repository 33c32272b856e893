//! Minors' data: after the season an organiser erases a player's personal data (name, birth date,
//! school); the results stay, under a pseudonym, so standings and history remain whole. Public
//! pages never show birth dates at all (only the organiser's page lists them).

use crate::app;
use crate::store::{self, PlayerId, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::role::Organising;
use crate::web::forms::field;
use crate::web::routes::confirm::{self, Confirm};
use crate::web::routes::see_other;
use crate::web::security::csrf::CsrfForm;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

#[derive(Deserialize)]
pub struct EraseForm {
    /// The organiser ticked "I understand" (a destructive action, confirmed without JavaScript).
    confirm: Option<String>,
}

/// Erase one player's personal data (organisers; logged in history and the server log, by id only).
/// Without the tick the form comes back as the confirmation page (issue 36: the question again, the
/// fields kept, never a bare error page), which erases only when confirmed.
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
        let player = store::players::get(&db, t.id, PlayerId(pid)).await?.ok_or(WebError::NotFound)?;
        let page = confirm::ask(
            &ctx,
            Confirm {
                title: format!("{}: {}", ctx.t("erase_data"), player.name),
                details: vec![ctx.t("erase_confirm_needed").to_string(), ctx.t("pd_what").to_string()],
                action: format!("/admin/t/{}/players/{pid}/erase", t.id),
                fields: form.pairs.clone(),
                button: ctx.t("erase_data").to_string(),
                back: format!("/t/{}/player/{pid}#personal-data", t.id),
            },
        )?;
        return Ok(with_status(page, StatusCode::BAD_REQUEST));
    }
    let today = chrono::Utc::now().date_naive();
    app::registration::erase(&db, t.id, PlayerId(pid), today, org.user.id).await?;
    tracing::info!(tournament = %t.id, player = pid, by = %org.user.username, "personal data erased");
    Ok(see_other(&format!("/t/{}/player/{pid}", t.id)))
}

fn with_status(mut res: HttpResponse, status: StatusCode) -> HttpResponse {
    *res.status_mut() = status;
    res
}
