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
use crate::web::forms::kept::KeptForm;
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
    /// What closing would qualify, before it closes (issue 34).
    preview: Option<PreviewView>,
    /// Places of the next level nobody fills, from this event or into it: (from, into, how many).
    unfilled: Vec<(String, String, u32)>,
    /// While the event is reopened for a correction: what closing it again would change.
    correction: Option<CorrectionView>,
    /// The reopening refused: the reason as typed and why.
    kept: KeptForm,
}

/// A correction after closing as the organiser's and the coordinator's pages show it (issue 34).
pub struct CorrectionView {
    pub t: i64,
    pub name: String,
    /// (name, place before, place after): "—" where the player is in one ranking only.
    pub places: Vec<(String, String, String)>,
    /// (person, the event its entry is withdrawn from if the invitation was accepted).
    pub revoked: Vec<(String, Option<String>)>,
    pub invited: Vec<String>,
    pub changes_invitations: bool,
    /// The tournament's stamp the view was made at, posted back by the confirmation.
    pub config: i64,
    pub changes: i64,
}

/// The [`CorrectionView`] of event `t`, if it is reopened for a correction whose final ranking
/// can be made.
///
/// # Errors
/// The database fails.
pub async fn correction_view(
    db: &Store,
    lang: crate::lang::Lang,
    t: crate::store::TournamentId,
) -> Result<Option<CorrectionView>, WebError> {
    let Some(c) = app::season::close::correction(db, t).await? else { return Ok(None) };
    let data = app::snapshot::Loaded::load_id(db, t).await?;
    let none = lang.t("cr_no_place");
    let shown = |p: Option<i64>| p.map_or_else(|| none.to_string(), |p| p.to_string());
    let mut revoked = Vec::new();
    for i in &c.revoked {
        let target = match i.state {
            crate::store::seasons::flow::InvitationState::Accepted => {
                Some(app::tournament::current(db, i.target_id).await?.name)
            }
            _ => None,
        };
        revoked.push((i.name.clone(), target));
    }
    Ok(Some(CorrectionView {
        t: t.0,
        name: data.t.name.clone(),
        places: c.places.iter().map(|p| (data.name(p.player), shown(p.before), shown(p.after))).collect(),
        revoked,
        invited: c.invited.iter().map(|p| data.name(*p)).collect(),
        changes_invitations: c.changes_invitations(),
        config: c.stamp.config,
        changes: c.stamp.changes,
    }))
}

/// The qualification's preview: the lines in the order it walks, the shared places at the cut
/// ("3–4") and the lot, if drawn.
struct PreviewView {
    lines: Vec<PreviewRow>,
    ties: Vec<String>,
    lot_due: bool,
    lot_seed: Option<i64>,
}

struct PreviewRow {
    player: i64,
    /// "3" or "3–4" for a shared place.
    place: String,
    name: String,
    /// The text key of what the line gets: "qualifies" ("awans"), "lot_due" ("losowanie"), ...
    outcome: &'static str,
    outcome_kind: &'static str,
    /// A qualifying place ("awans", in bold).
    qualifies: bool,
}

/// A shared place as the pages write it: "3–4" (one number for a place of one's own).
fn place_text(first: u32, lines: &[app::season::close::PreviewLine]) -> String {
    let n = u32::try_from(lines.iter().filter(|l| l.place == first).count()).unwrap_or(1).max(1);
    if n == 1 { first.to_string() } else { format!("{first}–{}", first + n - 1) }
}

fn preview_view(p: app::season::close::Preview, data: &app::snapshot::Loaded) -> PreviewView {
    use app::season::close::Outlook;
    let lines = p
        .lines
        .iter()
        .map(|l| {
            let (outcome, outcome_kind) = match l.outcome {
                Outlook::Qualifies => ("qualifies", "qualifies"),
                Outlook::LotDue => ("lot_due", "lot-due"),
                Outlook::Reserve => ("ev_reserve", "reserve"),
                Outlook::Ineligible => ("ev_ineligible", "ineligible"),
            };
            PreviewRow {
                player: l.player.0,
                place: place_text(l.place, &p.lines),
                name: data.name(l.player),
                outcome,
                outcome_kind,
                qualifies: l.outcome == Outlook::Qualifies,
            }
        })
        .collect();
    PreviewView {
        ties: p.ties.iter().map(|&t| place_text(t, &p.lines)).collect(),
        lot_due: !p.ties.is_empty() && p.lot_seed.is_none(),
        lot_seed: p.lot_seed,
        lines,
    }
}

pub async fn invitations_page(
    ctx: Ctx,
    org: Organising,
    db: web::Data<Store>,
) -> Result<HttpResponse, WebError> {
    render_invitations(&ctx, &org, &db, KeptForm::default()).await
}

/// The invitations page; the reopening refused comes back on it with the reason typed (400).
async fn render_invitations(
    ctx: &Ctx,
    org: &Organising,
    db: &Store,
    kept: KeptForm,
) -> Result<HttpResponse, WebError> {
    let t = &org.t;
    let event = app::season::event_of(db, t.id).await?;
    let list = app::season::invitations::to_event(db, t.id).await?;
    let data = app::snapshot::Loaded::load_id(db, t.id).await?;
    let may_seed = app::snapshot::opens_with_groups(&data) && data.stage_rows.draws.is_empty();
    let preview = match event {
        Some(_) => app::season::close::preview(db, t.id).await?.map(|p| preview_view(p, &data)),
        None => None,
    };
    let mut unfilled = Vec::new();
    if let Some(e) = event {
        for u in app::season::unfilled::of_season(db, e.season_id).await? {
            if u.source == t.id || u.target == t.id {
                let source = app::tournament::current(db, u.source).await?.name;
                let target = app::tournament::current(db, u.target).await?.name;
                unfilled.push((source, target, u.places));
            }
        }
    }
    let correction = match event {
        Some(_) => correction_view(db, ctx.lang, t.id).await?,
        None => None,
    };
    let page = InvitationsPage {
        kept,
        correction,
        preview,
        unfilled,
        may_seed: event.is_some() && may_seed,
        ctx,
        t,
        season: event.map(|e| e.season_id.0),
        closed: event.is_some_and(|e| e.closed),
        invitations: invitation_lines(db, ctx.lang, &list).await?,
    };
    if page.kept.is_refused() {
        crate::web::routes::render_status(actix_web::http::StatusCode::BAD_REQUEST, &page)
    } else {
        crate::web::routes::render(&page)
    }
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

/// "Losuj": the organiser's lot for a tie at a qualifying place, its seed drawn from the operating
/// system and recorded (issue 34).
pub async fn lot(
    org: Organising,
    db: web::Data<Store>,
    _form: CsrfForm<NoFields>,
) -> Result<HttpResponse, WebError> {
    let t = org.t.id;
    let seed = rand_core::RngCore::next_u64(&mut rand_core::OsRng);
    let seed = app::season::close::draw_lot(&db, t, seed, org.by()).await?;
    tracing::info!(tournament = %t, seed, "qualifying lot drawn");
    Ok(see_other(&format!("/admin/t/{t}/invitations#qualification")))
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
/// A reason refused (empty, over 2,000 characters, control characters) or a refusal of the use
/// case comes back on the form with the reason typed, nothing stored.
pub async fn reopen(
    ctx: Ctx,
    org: Organising,
    db: web::Data<Store>,
    form: CsrfForm<ReasonForm>,
) -> Result<HttpResponse, WebError> {
    let t = org.t.id;
    let reopened = async {
        let reason = crate::web::forms::values::Reason::parse("season_reason", &form.value.reason)?;
        app::season::close::reopen_event(&db, t, reason.as_str(), org.by()).await?;
        Ok::<(), WebError>(())
    };
    if let Err(e) = reopened.await {
        let kept = KeptForm::from_error(ctx.lang, "reopen", &form.pairs, e)?;
        return render_invitations(&ctx, &org, &db, kept).await;
    }
    tracing::info!(tournament = %t, "event reopened");
    Ok(see_other(&format!("/admin/t/{t}/invitations")))
}
