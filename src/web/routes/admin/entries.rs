//! `/admin/t/{t}/entries`: the organiser's entries (issue 39). Opening them (the last day, the cap
//! of players, the cap per school, the birth years (an event of a season takes its season's), the
//! consent text shown to guardians with the data controller and the purposes, whether a teacher's
//! declaration of a signed paper form counts, the most schools that may sign up); every entry by
//! school with its state and its consent record; a waiting entry accepted past the caps, an entry
//! refused with a reason, a school's link revoked; the CSV export (Excel-ready: UTF-8 with a BOM,
//! `;`). Every handler takes `Organising` (the path's tournament); every entry named is the
//! event's (`app::authority::entry_of_event`).

use crate::app::entries::{open, organiser};
use crate::store::Store;
use crate::store::entries::{Entry, Opened, Rules, School, State};
use crate::web::csv_cell::{self, Separator};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::role::Organising;
use crate::web::forms::field::{self, FieldProblem, ProblemKind, checkbox, parse_date};
use crate::web::forms::values::{BirthYear, Reason};
use crate::web::routes::entries::mail::Mailer;
use crate::web::routes::entries::school::{consent_text, state_text};
use crate::web::routes::{render_status, see_other};
use crate::web::security::csrf::CsrfForm;
use crate::web::text::refusals::sentence;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

/// An entry as the organiser's page lists it.
struct Line {
    id: i64,
    name: String,
    born: String,
    class: String,
    state: State,
    state_text: &'static str,
    consent: String,
    reason: String,
    present: bool,
}

struct SchoolBlock {
    school: School,
    lines: Vec<Line>,
    confirmed: usize,
}

#[derive(Deserialize, Default, Clone)]
pub struct RulesForm {
    #[serde(default)]
    deadline: String,
    #[serde(default)]
    cap: String,
    #[serde(default)]
    per_school: String,
    #[serde(default)]
    born_from: String,
    #[serde(default)]
    born_to: String,
    #[serde(default)]
    consent_text: String,
    paper_allowed: Option<String>,
    #[serde(default)]
    max_schools: String,
    desk_referees: Option<String>,
}

impl RulesForm {
    fn of(o: &Opened) -> RulesForm {
        let r = &o.rules;
        RulesForm {
            deadline: r.deadline.to_string(),
            cap: r.cap.to_string(),
            per_school: r.per_school.map(|p| p.to_string()).unwrap_or_default(),
            born_from: r.born_from.to_string(),
            born_to: r.born_to.to_string(),
            consent_text: r.consent_text.clone(),
            paper_allowed: r.paper_allowed.then(|| "1".to_string()),
            max_schools: r.max_schools.to_string(),
            desk_referees: r.desk_referees.then(|| "1".to_string()),
        }
    }
}

#[derive(Template)]
#[template(path = "admin/entries.html")]
struct EntriesPage<'a> {
    ctx: &'a Ctx,
    t: i64,
    name: String,
    opened: Option<Opened>,
    season_years: Option<(i32, i32)>,
    form: RulesForm,
    paper: bool,
    problems: crate::web::routes::entries::Problems,
    schools: Vec<SchoolBlock>,
    confirmed: usize,
    waiting: usize,
    /// A refused decision (accept or refuse an entry): which, the reason as typed, and why.
    decision: Option<Decision>,
}

/// An entry's decision refused: it comes back beside that entry's form with the reason typed.
struct Decision {
    entry: i64,
    action: String,
    reason: String,
    problem: String,
}

impl EntriesPage<'_> {
    /// The reason typed into entry `entry`'s `action` form, when it was refused.
    fn typed(&self, entry: &i64, action: &str) -> &str {
        self.decision.as_ref().filter(|d| d.entry == *entry && d.action == action).map_or("", |d| &d.reason)
    }

    /// Why entry `entry`'s `action` was refused, if it was.
    fn refused(&self, entry: &i64, action: &str) -> Option<&str> {
        self.decision.as_ref().filter(|d| d.entry == *entry && d.action == action).map(|d| d.problem.as_str())
    }
}

fn line(ctx: &Ctx, e: &Entry) -> Line {
    Line {
        id: e.id,
        name: e.name.clone(),
        born: e.birth_date.format("%d.%m.%Y").to_string(),
        class: e.class.clone(),
        state: e.state,
        state_text: state_text(ctx, e.state),
        consent: consent_text(ctx, e),
        reason: e.reason.clone(),
        present: e.checked_in_at.is_some(),
    }
}

async fn page(
    ctx: &Ctx,
    db: &Store,
    org: &Organising,
    form: Option<RulesForm>,
    problems: Vec<(&'static str, String)>,
    decision: Option<Decision>,
) -> Result<HttpResponse, WebError> {
    let t = org.t.id;
    let opened = open::rules(db, t).await?;
    let (schools, entries) = organiser::entries(db, t).await?;
    let blocks: Vec<SchoolBlock> = schools
        .into_iter()
        .map(|s| {
            let mine: Vec<&Entry> = entries.iter().filter(|e| e.school_id == s.id).collect();
            SchoolBlock {
                confirmed: mine.iter().filter(|e| e.state == State::Confirmed).count(),
                lines: mine.into_iter().map(|e| line(ctx, e)).collect(),
                school: s,
            }
        })
        .collect();
    let form = form.unwrap_or_else(|| opened.as_ref().map(RulesForm::of).unwrap_or_default());
    let status =
        if problems.is_empty() && decision.is_none() { StatusCode::OK } else { StatusCode::BAD_REQUEST };
    let p = EntriesPage {
        ctx,
        t: t.0,
        name: org.t.name.clone(),
        season_years: open::season_years(db, t).await?,
        paper: form.paper_allowed.is_some() || opened.is_none(),
        form,
        opened,
        problems: crate::web::routes::entries::Problems(problems),
        confirmed: entries.iter().filter(|e| e.state == State::Confirmed).count(),
        waiting: entries.iter().filter(|e| e.state == State::Waiting).count(),
        schools: blocks,
        decision,
    };
    render_status(status, &p)
}

/// The organiser's entries page.
pub async fn entries_page(ctx: Ctx, org: Organising, db: web::Data<Store>) -> Result<HttpResponse, WebError> {
    page(&ctx, &db, &org, None, Vec::new(), None).await
}

/// A field's problem as the entries page says it beside the field: a sentence naming the allowed
/// range ("Podaj liczbę całkowitą od 1 do 10000.").
fn said(ctx: &Ctx, p: &FieldProblem) -> String {
    let text = crate::web::text::refusals::problem(ctx.lang, &p.kind);
    let mut chars = text.chars();
    let first = chars.next().map(|c| c.to_uppercase().collect::<String>()).unwrap_or_default();
    format!("{first}{}.", chars.as_str())
}

/// The longest consent text, in characters.
const CONSENT_MAX: usize = 20_000;

/// The consent text as stored: trimmed, composed (NFC), 1 to [`CONSENT_MAX`] characters, lines
/// and tabs allowed, no other control or direction character.
fn consent(value: &str) -> Result<String, FieldProblem> {
    use unicode_normalization::UnicodeNormalization;
    let text: String = value.trim().nfc().collect();
    field::multiline("consent_text", &text, usize::MAX)?;
    if text.is_empty() {
        return Err(FieldProblem::new("consent_text", ProblemKind::Missing));
    }
    if text.chars().count() > CONSENT_MAX {
        return Err(FieldProblem::new("consent_text", ProblemKind::TooLong { max: CONSENT_MAX }));
    }
    Ok(text)
}

/// The entries' rules parsed at the edge (issue 36): counts within their ranges, birth years in
/// the hundred-year window and in order, a date, the consent text; every problem beside its field.
fn check(ctx: &Ctx, f: &RulesForm, season: Option<(i32, i32)>) -> Result<Rules, Vec<(&'static str, String)>> {
    let mut problems = Vec::new();
    let mut take = |field: &'static str, parsed: Result<i64, FieldProblem>| match parsed {
        Ok(n) => Some(n),
        Err(p) => {
            problems.push((field, said(ctx, &p)));
            None
        }
    };
    let cap = take("cap", field::int("cap", &f.cap, 1, 10_000));
    let per_school = match field::opt_int("per_school", &f.per_school, 1, 10_000) {
        Ok(n) => n,
        Err(p) => {
            problems.push(("per_school", said(ctx, &p)));
            None
        }
    };
    let mut take = |field: &'static str, parsed: Result<i64, FieldProblem>| match parsed {
        Ok(n) => Some(n),
        Err(p) => {
            problems.push((field, said(ctx, &p)));
            None
        }
    };
    let max_schools = take("max_schools", field::int("max_schools", &f.max_schools, 1, 10_000));
    let (from, to) = match season {
        Some(years) => (Some(i64::from(years.0)), Some(i64::from(years.1))),
        None => {
            let year = |field, v| BirthYear::parse(field, v, this_year()).map(|y| i64::from(y.0));
            let from = take("born_from", year("born_from", &f.born_from));
            // The last year no earlier than the first: the range named from the first typed.
            let to = match (from, year("born_to", &f.born_to)) {
                (Some(from), Ok(to)) if to < from => {
                    let kind = ProblemKind::OutOfRange { min: from, max: i64::from(this_year()) };
                    take("born_to", Err(FieldProblem::new("born_to", kind)))
                }
                (_, to) => take("born_to", to),
            };
            (from, to)
        }
    };
    let deadline = parse_date(&f.deadline);
    if deadline.is_none() {
        problems.push(("deadline", ctx.t("en_date_invalid").to_string()));
    }
    let text = match consent(&f.consent_text) {
        Ok(text) => Some(text),
        Err(p) => {
            problems.push(("consent_text", said(ctx, &p)));
            None
        }
    };
    match (cap, max_schools, from, to, deadline, text) {
        (Some(cap), Some(max_schools), Some(from), Some(to), Some(deadline), Some(text))
            if problems.is_empty() =>
        {
            Ok(Rules {
                deadline,
                cap,
                per_school,
                born_from: i32::try_from(from).unwrap_or(0),
                born_to: i32::try_from(to).unwrap_or(0),
                consent_text: text,
                paper_allowed: checkbox(f.paper_allowed.as_ref()),
                desk_referees: checkbox(f.desk_referees.as_ref()),
                max_schools,
            })
        }
        _ => Err(problems),
    }
}

/// The current year (the birth years' window ends there).
fn this_year() -> i32 {
    use chrono::Datelike;
    chrono::Utc::now().year()
}

/// Open or change the entries; a refused form comes back with what was typed.
pub async fn open_entries(
    ctx: Ctx,
    req: actix_web::HttpRequest,
    org: Organising,
    db: web::Data<Store>,
    form: CsrfForm<RulesForm>,
) -> Result<HttpResponse, WebError> {
    let f = form.value;
    let rules = match check(&ctx, &f, open::season_years(&db, org.t.id).await?) {
        Ok(r) => r,
        Err(problems) => return page(&ctx, &db, &org, Some(f), problems, None).await,
    };
    let mail = Mailer::of(&req, &ctx);
    match open::open(&db, org.t.id, rules, org.by(), mail.hook()).await {
        Ok(_) => Ok(see_other(&format!("/admin/t/{}/entries", org.t.id))),
        Err(crate::app::AppError::Refused(r)) if crate::web::routes::entries::on_form(&r) => {
            page(&ctx, &db, &org, Some(f), vec![("form", sentence(ctx.lang, &r))], None).await
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Deserialize)]
pub struct ReasonForm {
    #[serde(default)]
    reason: String,
}

/// Accept a waiting entry past the caps, or refuse an entry; both with the organiser's reason.
pub async fn decide(
    ctx: Ctx,
    req: actix_web::HttpRequest,
    org: Organising,
    db: web::Data<Store>,
    path: web::Path<(i64, i64, String)>,
    form: CsrfForm<ReasonForm>,
) -> Result<HttpResponse, WebError> {
    let (_, entry, action) = path.into_inner();
    if !matches!(action.as_str(), "accept" | "refuse") {
        return Err(WebError::NotFound);
    }
    let refused = |problem: String| Decision {
        entry,
        action: action.clone(),
        reason: form.value.reason.clone(),
        problem,
    };
    // The reason parsed at the edge (issue 36): required, at most 2,000 characters, one line
    // without control characters; refused beside the entry's form with what was typed.
    let reason = match Reason::parse("en_reason", &form.value.reason) {
        Ok(r) => r,
        Err(p) => return page(&ctx, &db, &org, None, Vec::new(), Some(refused(said(&ctx, &p)))).await,
    };
    let reason = reason.as_str();
    let mail = Mailer::of(&req, &ctx);
    let done = match action.as_str() {
        "accept" => organiser::accept(&db, org.t.id, entry, reason, mail.hook()).await,
        _ => organiser::refuse(&db, org.t.id, entry, reason, mail.hook()).await.map(|_| ()),
    };
    match done {
        Ok(()) => Ok(see_other(&format!("/admin/t/{}/entries#entry-{entry}", org.t.id))),
        Err(crate::app::AppError::Refused(r)) if crate::web::routes::entries::on_form(&r) => {
            page(
                &ctx,
                &db,
                &org,
                None,
                vec![("form", sentence(ctx.lang, &r))],
                Some(refused(sentence(ctx.lang, &r))),
            )
            .await
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Deserialize)]
pub struct Empty {}

/// Revoke a school's link.
pub async fn revoke_school(
    org: Organising,
    db: web::Data<Store>,
    path: web::Path<(i64, i64)>,
    _form: CsrfForm<Empty>,
) -> Result<HttpResponse, WebError> {
    let (_, school) = path.into_inner();
    organiser::revoke_school(&db, org.t.id, school).await?;
    tracing::info!(tournament = %org.t.id, school, "a school's entry link revoked");
    Ok(see_other(&format!("/admin/t/{}/entries#school-{school}", org.t.id)))
}

#[derive(Deserialize)]
pub struct Format {
    sep: Option<String>,
}

/// Every entry as CSV (school, town, region, teacher, contact, pupil, birth date, class, state,
/// consent: how, by whom, when, the text's version; the reason; checked in).
pub async fn entries_csv(
    ctx: Ctx,
    org: Organising,
    db: web::Data<Store>,
    q: web::Query<Format>,
) -> Result<HttpResponse, WebError> {
    let (schools, entries) = organiser::entries(&db, org.t.id).await?;
    let t = |k: &str| ctx.t(k).to_string();
    let mut rows = vec![vec![
        t("en_school_name"),
        t("en_town"),
        t("en_region"),
        t("en_teacher"),
        t("en_email"),
        t("en_phone"),
        t("en_pupil_name"),
        t("en_pupil_born"),
        t("en_class"),
        t("en_state"),
        t("en_consent"),
        t("en_version"),
        t("en_reason"),
        t("en_present"),
    ]];
    for e in &entries {
        let Some(s) = schools.iter().find(|s| s.id == e.school_id) else { continue };
        rows.push(vec![
            s.name.clone(),
            s.town.clone(),
            s.region.clone(),
            s.teacher.clone(),
            s.email.clone(),
            s.phone.clone(),
            e.name.clone(),
            e.birth_date.format("%d.%m.%Y").to_string(),
            e.class.clone(),
            state_text(&ctx, e.state).to_string(),
            consent_text(&ctx, e),
            e.text_version.map(|v| v.to_string()).unwrap_or_default(),
            e.reason.clone(),
            if e.checked_in_at.is_some() { t("en_present") } else { String::new() },
        ]);
    }
    let body = csv_cell::write(rows, Separator::from_query(q.sep.as_deref()))
        .map_err(|e| WebError::internal(e.to_string()))?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header(("Content-Disposition", format!("attachment; filename=\"entries-{}.csv\"", org.t.id)))
        .body(body))
}
