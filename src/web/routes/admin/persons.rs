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
use crate::web::forms::kept::KeptForm;
use crate::web::forms::values::RowId;
use crate::web::routes::admin::players::nearness;
use crate::web::routes::{render_status, see_other};
use crate::web::security::csrf::CsrfForm;
use crate::web::text::i18n::Lang;
use actix_web::http::StatusCode;
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
    /// This pair's merge or keep-apart was refused: why (issue 36: on its own page).
    refused: Option<String>,
}

/// A standing merge as the page shows it.
struct MergeLine {
    id: MergeId,
    kept_name: String,
    merged_name: String,
    /// The visitor owns the kept person (`app::authority`): the undo is offered.
    may_undo: bool,
    /// This merge's undo was refused: why.
    refused: Option<String>,
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
    /// A refused form (`merge`, `apart`, `unmerge`): what was sent and why.
    kept: KeptForm,
}

/// The pair forms' element ids (a merge, a keep-apart) and the undo's.
pub(crate) const PAIR_FORMS: [&str; 2] = ["merge", "apart"];
pub(crate) const UNMERGE_FORM: &str = "unmerge";

/// Why the merge or keep-apart of the pair `a`, `b` was refused, if it was (the page shows it
/// beside the pair whose form sent those ids).
pub(crate) fn pair_refused(kept: &KeptForm, lang: Lang, a: i64, b: i64) -> Option<String> {
    PAIR_FORMS.iter().find_map(|&form| {
        let sent = |name| kept.value(form, name, "").trim().parse::<i64>().ok();
        (kept.is_form(form) && sent("kept") == Some(a) && sent("merged") == Some(b))
            .then(|| said(kept, lang, form))
    })
}

/// Why the undo of merge `m` was refused, if it was.
pub(crate) fn unmerge_refused(kept: &KeptForm, lang: Lang, m: i64) -> Option<String> {
    let sent = kept.value(UNMERGE_FORM, "merge", "").parse::<i64>().ok();
    (kept.is_form(UNMERGE_FORM) && sent == Some(m)).then(|| said(kept, lang, UNMERGE_FORM))
}

fn said(kept: &KeptForm, lang: Lang, form: &str) -> String {
    kept.listed(&lang, form).into_iter().map(|l| l.text).collect::<Vec<_>>().join(" ")
}

/// The form's fields as sent, with the merge the path names (the undo has no other field).
pub(crate) fn with_merge(pairs: &[(String, String)], merge: i64) -> Vec<(String, String)> {
    let mut out = pairs.to_vec();
    out.push(("merge".to_string(), merge.to_string()));
    out
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
    render_persons(&ctx, &org, &db, !query.proposed.is_empty(), KeptForm::default()).await
}

/// The persons page; a refused merge, keep-apart or undo comes back on it, the problem beside the
/// pair (or merge) whose form sent it and above the list (400), nothing stored.
async fn render_persons(
    ctx: &Ctx,
    org: &Organising,
    db: &Store,
    proposed: bool,
    kept: KeptForm,
) -> Result<HttpResponse, WebError> {
    let t = &org.t;
    let lang = ctx.lang;
    let open = app::proposals::open_from(db, t.id).await?;
    let mut waiting = Vec::new();
    for p in &open {
        waiting.push(WaitingLine {
            id: p.id.0,
            kept_name: labelled(&app::persons::person(db, p.kept).await?),
            merged_name: labelled(&app::persons::person(db, p.merged).await?),
            what: ctx.t(match p.kind {
                ProposalKind::Merge => "proposal_merge",
                ProposalKind::Apart => "proposal_apart",
            }),
        });
    }
    let asked = |a: PersonId, b: PersonId| {
        open.iter().any(|p| (p.kept == a && p.merged == b) || (p.kept == b && p.merged == a))
    };
    let pairs = app::persons::near_pairs(db, t.id)
        .await?
        .into_iter()
        .filter(|p| !asked(p.here.id, p.other.id))
        .map(|p| PairLine {
            here: p.here.id,
            here_name: labelled(&p.here),
            other: p.other.id,
            other_name: labelled(&p.other),
            why: nearness(ctx.lang, p.why),
            refused: pair_refused(&kept, lang, p.here.id.0, p.other.id.0),
        })
        .collect();
    let mut merges = Vec::new();
    for m in app::persons::merges_here(db, t.id).await? {
        let kept_person = app::persons::person(db, m.kept).await?;
        let merged = app::persons::person(db, m.merged).await?;
        let may_undo = app::persons::owns(db, org.by(), m.kept).await?;
        merges.push(MergeLine {
            id: m.id,
            kept_name: labelled(&kept_person),
            merged_name: labelled(&merged),
            may_undo,
            refused: unmerge_refused(&kept, lang, m.id.0),
        });
    }
    let status = if kept.is_refused() { StatusCode::BAD_REQUEST } else { StatusCode::OK };
    let page = PersonsPage { ctx, t, pairs, merges, waiting, proposed, kept };
    render_status(status, &page)
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
/// for the registry's owner when either plays in events the organiser does not run. A malformed id
/// or a refusal comes back on the persons page.
pub async fn merge(
    ctx: Ctx,
    org: Organising,
    db: web::Data<Store>,
    form: CsrfForm<MergeForm>,
) -> Result<HttpResponse, WebError> {
    let t = org.t.id;
    let merged = async {
        let (kept, merged) = form.value.pair()?;
        let asked = app::persons::merge_from(&db, t, kept, merged, org.by()).await?;
        tracing::info!(tournament = %t, %kept, %merged, ?asked, "persons merged (or proposed)");
        Ok::<_, WebError>(asked)
    };
    match merged.await {
        Ok(asked) => Ok(after(t, &asked)),
        Err(e) => {
            let kept = KeptForm::from_error(ctx.lang, PAIR_FORMS[0], &form.pairs, e)?;
            render_persons(&ctx, &org, &db, false, kept).await
        }
    }
}

/// "To różne osoby": the pair kept apart, not asked about again; logged in this tournament's
/// history (or proposed, as a merge is).
pub async fn keep_apart(
    ctx: Ctx,
    org: Organising,
    db: web::Data<Store>,
    form: CsrfForm<MergeForm>,
) -> Result<HttpResponse, WebError> {
    let t = org.t.id;
    let apart = async {
        let (a, b) = form.value.pair()?;
        let asked = app::persons::keep_apart(&db, t, a, b, org.by()).await?;
        tracing::info!(tournament = %t, %a, %b, ?asked, "persons kept apart (or proposed)");
        Ok::<_, WebError>(asked)
    };
    match apart.await {
        Ok(asked) => Ok(after(t, &asked)),
        Err(e) => {
            let kept = KeptForm::from_error(ctx.lang, PAIR_FORMS[1], &form.pairs, e)?;
            render_persons(&ctx, &org, &db, false, kept).await
        }
    }
}

#[derive(Deserialize)]
pub struct UnmergeForm {}

/// "Cofnij": the merge undone, every entry it moved back, logged in this tournament's history.
pub async fn unmerge(
    ctx: Ctx,
    org: Organising,
    db: web::Data<Store>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<UnmergeForm>,
) -> Result<HttpResponse, WebError> {
    let t = org.t.id;
    let merge = MergeId(path.1);
    if let Err(e) = app::persons::unmerge_from(&db, t, merge, org.by()).await {
        let pairs = with_merge(&form.pairs, merge.0);
        let kept = KeptForm::from_error(ctx.lang, UNMERGE_FORM, &pairs, e.into())?;
        return render_persons(&ctx, &org, &db, false, kept).await;
    }
    tracing::info!(tournament = %t, merge = %merge, "persons unmerged");
    Ok(see_other(&format!("/admin/t/{t}/persons")))
}
