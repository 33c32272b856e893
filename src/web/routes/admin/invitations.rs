//! An event's invitations, for its organiser (issue 20): who is invited into this tournament (a
//! qualifier of a lower level's event, or the coordinator's wildcard), each open one with "accept"
//! (an entry of this tournament, the same person) and "declined" (the next reserve is invited).
//! The same page closes this event (its ranking stored, its qualifiers invited one level up) and
//! reopens it with a reason. An organiser of another event reaches none of these: the path's
//! tournament is checked by the role, and the invitation's target by the use case.

use crate::app;
use crate::store::Store;
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::role::Organising;
use crate::web::routes::public::season::{InvitationLine, invitation_lines};
use crate::web::routes::see_other;
use crate::web::security::csrf::CsrfForm;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

#[derive(Template)]
#[template(path = "admin/invitations.html")]
struct InvitationsPage<'a> {
    ctx: &'a Ctx,
    t: &'a crate::store::tournaments::Tournament,
    /// The season's id, if the tournament is an event of one.
    season: Option<i64>,
    closed: bool,
    invitations: Vec<InvitationLine>,
    /// The tournament opens with groups not drawn yet: the seed list may come from the placings.
    may_seed: bool,
}

pub async fn invitations_page(
    ctx: Ctx,
    org: Organising,
    db: web::Data<Store>,
) -> Result<HttpResponse, WebError> {
    let t = &org.t;
    let event = app::season::event_of(&db, t.id).await?;
    let list = app::season::invitations::to_event(&db, t.id).await?;
    let data = app::snapshot::Loaded::load_id(&db, t.id).await?;
    let may_seed = app::snapshot::opens_with_groups(&data) && data.stage_rows.draws.is_empty();
    let page = InvitationsPage {
        may_seed: event.is_some() && may_seed,
        ctx: &ctx,
        t,
        season: event.map(|e| e.season_id.0),
        closed: event.is_some_and(|e| e.closed),
        invitations: invitation_lines(&db, ctx.lang, &list).await?,
    };
    crate::web::routes::render(&page)
}

#[derive(Deserialize)]
pub struct NoFields {}

/// "Przyjmij zgłoszenie": the invited person becomes an entry of this tournament.
pub async fn accept(
    org: Organising,
    db: web::Data<Store>,
    path: web::Path<(i64, i64)>,
    _form: CsrfForm<NoFields>,
) -> Result<HttpResponse, WebError> {
    let t = org.t.id;
    let player = app::season::invitations::accept(&db, t, path.1, org.by()).await?;
    tracing::info!(tournament = %t, invitation = path.1, player = %player, "invitation accepted");
    Ok(see_other(&format!("/admin/t/{t}/invitations")))
}

/// "Oznacz jako odrzucone": the next reserve of the same source event is invited.
pub async fn decline(
    org: Organising,
    db: web::Data<Store>,
    path: web::Path<(i64, i64)>,
    _form: CsrfForm<NoFields>,
) -> Result<HttpResponse, WebError> {
    let t = org.t.id;
    let made = app::season::invitations::decline(&db, t, path.1, org.by()).await?;
    tracing::info!(tournament = %t, invitation = path.1, invited = made.len(), "invitation declined");
    Ok(see_other(&format!("/admin/t/{t}/invitations")))
}

/// Seed the groups by the qualifying events' placings (the stages page shows the list and the
/// draw's preview).
pub async fn seed(
    org: Organising,
    db: web::Data<Store>,
    _form: CsrfForm<NoFields>,
) -> Result<HttpResponse, WebError> {
    let t = org.t.id;
    let order = app::season::seeding::seed_from_placings(&db, t, org.by()).await?;
    tracing::info!(tournament = %t, seeds = order.len(), "seeded by placings");
    Ok(see_other(&format!("/admin/t/{t}/stages")))
}

/// Close this event: its final ranking stored, its qualifiers invited into the next level.
pub async fn close(
    org: Organising,
    db: web::Data<Store>,
    _form: CsrfForm<NoFields>,
) -> Result<HttpResponse, WebError> {
    let t = org.t.id;
    app::season::close::close_event(&db, t, org.by()).await?;
    tracing::info!(tournament = %t, "event closed");
    Ok(see_other(&format!("/admin/t/{t}/invitations")))
}

#[derive(Deserialize)]
pub struct ReasonForm {
    #[serde(default)]
    reason: String,
}

/// Reopen this event with a reason (the season's log); its invitations not accepted are withdrawn.
pub async fn reopen(
    org: Organising,
    db: web::Data<Store>,
    form: CsrfForm<ReasonForm>,
) -> Result<HttpResponse, WebError> {
    let t = org.t.id;
    let reason = crate::web::forms::values::Reason::parse("season_reason", &form.value.reason)?;
    app::season::close::reopen_event(&db, t, reason.as_str(), org.by()).await?;
    tracing::info!(tournament = %t, "event reopened");
    Ok(see_other(&format!("/admin/t/{t}/invitations")))
}
