//! A tournament's persons page (issue 20): the near-duplicate persons of its entrants across the
//! registry, each pair with "to ta sama osoba" (merge) and the merges standing with "cofnij"
//! (unmerge). Every action is a POST with the CSRF token, logged in the tournament's history;
//! birth dates are not shown (why a pair is near is said in words).

use crate::app;
use crate::store::{MergeId, PersonId, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::role::Organising;
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
}

#[derive(Template)]
#[template(path = "admin/persons.html")]
struct PersonsPage<'a> {
    ctx: &'a Ctx,
    t: &'a crate::store::tournaments::Tournament,
    pairs: Vec<PairLine>,
    merges: Vec<MergeLine>,
}

fn labelled(p: &crate::store::persons::Person) -> String {
    if p.school.is_empty() { p.name.clone() } else { format!("{}, {}", p.name, p.school) }
}

pub async fn persons_page(ctx: Ctx, org: Organising, db: web::Data<Store>) -> Result<HttpResponse, WebError> {
    let t = &org.t;
    let pairs = app::persons::near_pairs(&db, t.id)
        .await?
        .into_iter()
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
        merges.push(MergeLine { id: m.id, kept_name: labelled(&kept), merged_name: labelled(&merged) });
    }
    let page = PersonsPage { ctx: &ctx, t, pairs, merges };
    Ok(HttpResponse::Ok().content_type("text/html; charset=utf-8").body(page.render()?))
}

#[derive(Deserialize)]
pub struct MergeForm {
    /// The entrant's person, kept.
    kept: i64,
    /// The near person, merged into `kept`.
    merged: i64,
}

/// "To ta sama osoba": `merged` goes into `kept`, logged in this tournament's history.
pub async fn merge(
    org: Organising,
    db: web::Data<Store>,
    form: CsrfForm<MergeForm>,
) -> Result<HttpResponse, WebError> {
    let t = org.t.id;
    app::persons::merge_from(&db, t, PersonId(form.value.kept), PersonId(form.value.merged), org.by())
        .await?;
    tracing::info!(tournament = %t, kept = form.value.kept, merged = form.value.merged, "persons merged");
    Ok(see_other(&format!("/admin/t/{t}/persons")))
}

/// "To różne osoby": the pair kept apart, not asked about again; logged in this tournament's history.
pub async fn keep_apart(
    org: Organising,
    db: web::Data<Store>,
    form: CsrfForm<MergeForm>,
) -> Result<HttpResponse, WebError> {
    let t = org.t.id;
    app::persons::keep_apart(&db, t, PersonId(form.value.kept), PersonId(form.value.merged), org.by())
        .await?;
    tracing::info!(tournament = %t, a = form.value.kept, b = form.value.merged, "persons kept apart");
    Ok(see_other(&format!("/admin/t/{t}/persons")))
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
