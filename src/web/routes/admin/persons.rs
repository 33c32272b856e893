//! A tournament's persons page (issue 20): the near-duplicate persons of its entrants across the
//! registry, each pair with "to ta sama osoba" (merge) and the merges standing with "cofnij"
//! (unmerge). Every action is a POST with the CSRF token, logged in the tournament's history;
//! birth dates are not shown (why a pair is near is said in words).

use crate::app;
use crate::app::persons::Asked;
use crate::store::persons::proposals::ProposalKind;
use crate::store::{MergeId, PersonId, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::role::Organising;
use crate::web::forms::values::RowId;
use crate::web::routes::admin::players::nearness;
use crate::web::routes::see_other;
use crate::web::security::csrf::CsrfForm;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

/// A near pair as the page shows it.
struct PairLine {
    here: PersonId,
    here_name: String,
    other: PersonId,
    other_name: String,
    why: &'static str,
}

/// A standing merge as the page shows it.
struct MergeLine {
    id: MergeId,
    kept_name: String,
    merged_name: String,
    /// The visitor owns the kept person (`app::authority`): the undo is offered.
    may_undo: bool,
}

/// A proposal asked from this page, waiting for the registry's owner.
struct WaitingLine {
    id: i64,
    kept_name: String,
    merged_name: String,
    what: &'static str,
}

#[derive(Template)]
#[template(path = "admin/persons.html")]
struct PersonsPage<'a> {
    ctx: &'a Ctx,
    t: &'a crate::store::tournaments::Tournament,
    pairs: Vec<PairLine>,
    merges: Vec<MergeLine>,
    waiting: Vec<WaitingLine>,
    /// A proposal was just recorded (`?proposed=1`).
    proposed: bool,
}

#[derive(Deserialize)]
pub struct PersonsQuery {
    #[serde(default)]
    proposed: String,
}

fn labelled(p: &crate::store::persons::Person) -> String {
    if p.school.is_empty() { p.name.clone() } else { format!("{}, {}", p.name, p.school) }
}

pub async fn persons_page(
    ctx: Ctx,
    org: Organising,
    db: web::Data<Store>,
    query: web::Query<PersonsQuery>,
) -> Result<HttpResponse, WebError> {
    let t = &org.t;
    let open = app::proposals::open_from(&db, t.id).await?;
    let mut waiting = Vec::new();
    for p in &open {
        waiting.push(WaitingLine {
            id: p.id.0,
            kept_name: labelled(&app::persons::person(&db, p.kept).await?),
            merged_name: labelled(&app::persons::person(&db, p.merged).await?),
            what: ctx.t(match p.kind {
                ProposalKind::Merge => "proposal_merge",
                ProposalKind::Apart => "proposal_apart",
            }),
        });
    }
    let asked = |a: PersonId, b: PersonId| {
        open.iter().any(|p| (p.kept == a && p.merged == b) || (p.kept == b && p.merged == a))
    };
    let pairs = app::persons::near_pairs(&db, t.id)
        .await?
        .into_iter()
        .filter(|p| !asked(p.here.id, p.other.id))
        .map(|p| PairLine {
            here: p.here.id,
            here_name: labelled(&p.here),
            other: p.other.id,
            other_name: labelled(&p.other),
            why: nearness(ctx.lang, p.why),
        })
        .collect();
    let mut merges = Vec::new();
    for m in app::persons::merges_here(&db, t.id).await? {
        let kept = app::persons::person(&db, m.kept).await?;
        let merged = app::persons::person(&db, m.merged).await?;
        let may_undo = app::persons::owns(&db, org.by(), m.kept).await?;
        merges.push(MergeLine {
            id: m.id,
            kept_name: labelled(&kept),
            merged_name: labelled(&merged),
            may_undo,
        });
    }
    let proposed = !query.proposed.is_empty();
    let page = PersonsPage { ctx: &ctx, t, pairs, merges, waiting, proposed };
    Ok(HttpResponse::Ok().content_type("text/html; charset=utf-8").body(page.render()?))
}

#[derive(Deserialize)]
pub struct MergeForm {
    /// The entrant's person, kept.
    #[serde(default)]
    kept: String,
    /// The near person, merged into `kept`.
    #[serde(default)]
    merged: String,
}

impl MergeForm {
    /// Both persons' ids, or the field that is no id (said in the page's language).
    fn pair(&self) -> Result<(PersonId, PersonId), WebError> {
        let kept = RowId::parse("person_kept", &self.kept)?;
        let merged = RowId::parse("person_merged", &self.merged)?;
        Ok((PersonId(kept.0), PersonId(merged.0)))
    }
}

/// The page again after a merge or keep-apart: with a note when it became a proposal.
fn after<T>(t: crate::store::TournamentId, asked: &Asked<T>) -> HttpResponse {
    match asked {
        Asked::Done(_) => see_other(&format!("/admin/t/{t}/persons")),
        Asked::Proposed(_) => see_other(&format!("/admin/t/{t}/persons?proposed=1#waiting")),
    }
}

/// "To ta sama osoba": `merged` goes into `kept`, logged in this tournament's history; a proposal
/// for the registry's owner when either plays in events the organiser does not run.
pub async fn merge(
    org: Organising,
    db: web::Data<Store>,
    form: CsrfForm<MergeForm>,
) -> Result<HttpResponse, WebError> {
    let t = org.t.id;
    let (kept, merged) = form.value.pair()?;
    let asked = app::persons::merge_from(&db, t, kept, merged, org.by()).await?;
    tracing::info!(tournament = %t, %kept, %merged, ?asked, "persons merged (or proposed)");
    Ok(after(t, &asked))
}

/// "To różne osoby": the pair kept apart, not asked about again; logged in this tournament's
/// history (or proposed, as a merge is).
pub async fn keep_apart(
    org: Organising,
    db: web::Data<Store>,
    form: CsrfForm<MergeForm>,
) -> Result<HttpResponse, WebError> {
    let t = org.t.id;
    let (a, b) = form.value.pair()?;
    let asked = app::persons::keep_apart(&db, t, a, b, org.by()).await?;
    tracing::info!(tournament = %t, %a, %b, ?asked, "persons kept apart (or proposed)");
    Ok(after(t, &asked))
}

#[derive(Deserialize)]
pub struct UnmergeForm {}

/// "Cofnij": the merge undone, every entry it moved back, logged in this tournament's history.
pub async fn unmerge(
    org: Organising,
    db: web::Data<Store>,
    path: web::Path<(i64, i64)>,
    _form: CsrfForm<UnmergeForm>,
) -> Result<HttpResponse, WebError> {
    let t = org.t.id;
    let merge = MergeId(path.1);
    app::persons::unmerge_from(&db, t, merge, org.by()).await?;
    tracing::info!(tournament = %t, merge = %merge, "persons unmerged");
    Ok(see_other(&format!("/admin/t/{t}/persons")))
}
