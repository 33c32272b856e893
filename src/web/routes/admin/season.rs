//! The season coordinator's pages (issue 20). `/admin/seasons`: the seasons one coordinates and a
//! form creating one (the default levels and regions; an account that may create tournaments).
//! `/admin/season/{id}`: its events with their status, a form adding a tournament the coordinator
//! organises as an event (level, region, the qualification rule), wildcards (a person, an event, a
//! reason: logged), appointing another coordinator, and the season's log; above them what waits:
//! the events without an organiser (appoint one from the page), the invitations awaiting an answer
//! (since when; a link to the event's invitations page where the coordinator organises it too),
//! the near-duplicate persons with their birth dates (the page is not public), each pair
//! confirmed as one person or kept apart, and the merges standing in the season, each undone from
//! the page. Who coordinates: the season's creator and the users appointed here
//! (`app::season::is_coordinator`, checked by the `Coordinating` extractor of every handler below
//! but the list and the creation); anyone else gets 403 on every page and form of the season.

use crate::app;
use crate::league::season::{Eligibility, QualificationRule, SeasonDraft};
use crate::store::seasons::flow::{Invitation, InvitationState, LogKind};
use crate::store::tournaments::Role;
use crate::store::{self, LevelId, MergeId, PersonId, RegionId, SeasonId, Store, TournamentId};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::role::Coordinating;
use crate::web::forms::field;
use crate::web::forms::kept::KeptForm;
use crate::web::forms::problems::Problems;
use crate::web::forms::values::{BirthYear, Name, Reason, RowId};
use crate::web::routes::admin::persons::{
    PAIR_FORMS, UNMERGE_FORM, pair_refused, unmerge_refused, with_merge,
};
use crate::web::routes::admin::players::nearness;
use crate::web::routes::public::season::{InvitationLine, invitation_lines};
use crate::web::routes::see_other;
use crate::web::security::auth::LoggedIn;
use crate::web::security::csrf::CsrfForm;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use chrono::NaiveDate;
use serde::Deserialize;

#[derive(Template)]
#[template(path = "admin/seasons.html")]
struct SeasonsPage<'a> {
    ctx: &'a Ctx,
    seasons: Vec<(SeasonId, String)>,
    may_create: bool,
    /// The creation form refused: what was typed and why.
    kept: KeptForm,
}

pub async fn seasons(ctx: Ctx, user: LoggedIn, db: web::Data<Store>) -> Result<HttpResponse, WebError> {
    seasons_page(&ctx, &user, &db, KeptForm::default()).await
}

/// The seasons' list with the creation form (refused: 400, with what was typed).
async fn seasons_page(
    ctx: &Ctx,
    user: &LoggedIn,
    db: &Store,
    kept: KeptForm,
) -> Result<HttpResponse, WebError> {
    let seasons = app::season::coordinated_by(db, user.0.id).await?;
    let refused = kept.is_refused();
    let page = SeasonsPage { ctx, seasons, may_create: user.0.is_admin, kept };
    let res = crate::web::routes::render(&page)?;
    Ok(if refused { with_status(res, StatusCode::BAD_REQUEST) } else { res })
}

/// A rendered page answered with `status` (a refused form: 400).
fn with_status(mut res: HttpResponse, status: StatusCode) -> HttpResponse {
    *res.status_mut() = status;
    res
}

#[derive(Deserialize)]
pub struct NewSeasonForm {
    name: String,
    first_day: String,
    last_day: String,
    years_from: String,
    years_to: String,
}

/// The current year (the birth years' window ends there).
fn this_year() -> i32 {
    use chrono::Datelike;
    chrono::Utc::now().year()
}

/// Create a season with the default levels and regions, born in the typed years. Every field is
/// parsed at the edge (`web::forms::values`): a name of 1 to 200 characters without control or
/// direction characters, dates, birth years in a hundred-year window; a refusal names the field.
pub async fn create(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    form: CsrfForm<NewSeasonForm>,
) -> Result<HttpResponse, WebError> {
    if !user.0.is_admin {
        return Err(WebError::Forbidden);
    }
    let f = &form.value;
    let mut problems = Problems::default();
    let lang = ctx.lang;
    let name = problems.take(lang, Name::parse("season_name", &f.name));
    let first_day = problems.take(lang, field::date("season_first_day", &f.first_day));
    let last_day = problems.take(lang, field::date("season_last_day", &f.last_day));
    let from = problems.take(lang, BirthYear::parse("season_years_from", &f.years_from, this_year()));
    let to = problems.take(lang, BirthYear::parse("season_years_to", &f.years_to, this_year()));
    let (Some(name), Some(first_day), Some(last_day), Some(from), Some(to)) =
        (name, first_day, last_day, from, to)
    else {
        return seasons_page(&ctx, &user, &db, KeptForm::refused("new-season", &form.pairs, problems)).await;
    };
    let eligibility = Eligibility::BirthYears { from: from.0, to: to.0 };
    let draft = SeasonDraft::with_defaults(
        name.as_str(),
        first_day,
        last_day,
        app::tournament::default_edition(),
        eligibility,
    );
    let id = app::season::create(&db, draft, user.0.id).await?;
    tracing::info!(season = %id, by = %user.0.username, "season created");
    Ok(see_other(&format!("/admin/season/{id}")))
}

struct EventLine {
    t: i64,
    name: String,
    level: String,
    region: String,
    closed: bool,
    /// The chosen next event's name (empty: the default).
    next: String,
}

struct LogRow {
    at: String,
    what: &'static str,
    event: String,
    reason: String,
}

#[derive(Template)]
#[template(path = "admin/season.html")]
struct SeasonPage<'a> {
    ctx: &'a Ctx,
    id: i64,
    name: &'a str,
    events: Vec<EventLine>,
    /// The level choices: (id, name).
    levels: Vec<(i64, String)>,
    regions: Vec<(i64, String)>,
    /// Tournaments the coordinator organises that are no event yet.
    free: Vec<(i64, String)>,
    log: Vec<LogRow>,
    /// The events nobody but the coordinators organises: (tournament, name).
    unrun: Vec<UnrunLine>,
    pending: Vec<PendingLine>,
    /// Places of the next level nobody fills (issue 34): (source's name, target's name, places).
    unfilled: Vec<(String, String, u32)>,
    duplicates: Vec<DuplicateLine>,
    /// The merges standing in the season: (merge, "kept ← merged", when, why its undo was refused).
    merges: Vec<(i64, String, String, Option<String>)>,
    /// The events the coordinator organises too (their invitations page is theirs to open).
    organised: Vec<i64>,
    /// When the season's retention erases its persons' data (issue 41; `None`: not set).
    retention: Option<String>,
    /// Events reopened for a correction that changes invitations: what changes, to confirm.
    corrections: Vec<crate::web::routes::admin::invitations::CorrectionView>,
    /// A refused form (`add-event`, `wildcard`): what was typed and why.
    kept: KeptForm,
}

impl SeasonPage<'_> {
    /// The summary of the refused form `form`, linked to its fields only when they are on the page.
    fn summary(&self, form: &str, linked: bool) -> Vec<crate::web::forms::problems::Listed> {
        let mut listed = self.kept.listed(&self.ctx.lang, form);
        if !linked {
            for l in &mut listed {
                l.href.clear();
            }
        }
        listed
    }

    /// The event organisers' summary: linked to the refused event's login field, which is on the
    /// page when the form named an event without an organiser.
    fn organiser_summary(&self) -> Vec<crate::web::forms::problems::Listed> {
        self.summary(ORGANISER_FORM, self.unrun.iter().any(|u| u.refused.is_some()))
    }

    /// The next event's summary (its form is on the page with two events or more).
    fn next_summary(&self) -> Vec<crate::web::forms::problems::Listed> {
        self.summary(NEXT_FORM, self.events.len() > 1)
    }

    /// Whether the confirmation of event `t`'s correction is the refused form.
    fn correction_refused(&self, t: &i64) -> bool {
        self.kept.is_form(CORRECTION_FORM)
            && self.kept.value(CORRECTION_FORM, "tournament", "") == t.to_string()
            && self.corrections.iter().any(|c| c.t == *t)
    }

    /// A refused confirmation whose correction is not on the page (no longer waiting), said above
    /// the corrections; empty otherwise.
    fn correction_elsewhere(&self) -> Vec<crate::web::forms::problems::Listed> {
        if self.corrections.iter().any(|c| self.correction_refused(&c.t)) {
            return Vec::new();
        }
        self.summary(CORRECTION_FORM, false)
    }
}

/// An open invitation on the coordinator's page: into which event, whom, since when.
struct PendingLine {
    target: i64,
    target_name: String,
    line: InvitationLine,
    since: String,
}

/// A near-duplicate pair on the coordinator's page (birth dates shown: the page is not public).
struct DuplicateLine {
    a: DuplicatePerson,
    b: DuplicatePerson,
    why: &'static str,
    /// This pair's merge or keep-apart was refused: why.
    refused: Option<String>,
}

/// An event without an organiser, with its appointment form's state.
struct UnrunLine {
    t: i64,
    name: String,
    /// The login typed, when this event's appointment was refused.
    typed: String,
    refused: Option<String>,
}

struct DuplicatePerson {
    id: i64,
    name: String,
    school: String,
    region: String,
    birth_date: NaiveDate,
}

impl From<&store::persons::Person> for DuplicatePerson {
    fn from(p: &store::persons::Person) -> Self {
        DuplicatePerson {
            id: p.id.0,
            name: p.name.clone(),
            school: p.school.clone(),
            region: p.region.clone(),
            birth_date: p.birth_date,
        }
    }
}

/// A stored time (RFC 3339, UTC) as the pages show it: "9 maja 2026, 12:30", Polish time (issue 37).
pub(crate) fn shown_time(lang: crate::lang::Lang, at: &str) -> String {
    crate::web::text::when::stored(lang, at)
}

pub async fn season_page(ctx: Ctx, co: Coordinating, db: web::Data<Store>) -> Result<HttpResponse, WebError> {
    render_season(&ctx, &co, &db, KeptForm::default()).await
}

/// The coordinator's page; a refused form (adding an event, a wildcard) comes back on it with
/// what was typed and why (400).
async fn render_season(
    ctx: &Ctx,
    co: &Coordinating,
    db: &Store,
    kept: KeptForm,
) -> Result<HttpResponse, WebError> {
    let s = &co.season;
    let mut events = Vec::new();
    let listed = app::season::events(db, s.id).await?;
    for e in &listed {
        let name = store::tournaments::get(db, e.tournament_id).await?.map(|t| t.name).unwrap_or_default();
        let level = s.level_index(e.level_id).map(|l| s.season.levels()[l].clone()).unwrap_or_default();
        let region = e.region_id.and_then(|r| s.region_index(r)).map_or_else(
            || ctx.lang.t("season_whole_country").to_string(),
            |r| s.season.regions()[r].clone(),
        );
        events.push(EventLine {
            t: e.tournament_id.0,
            name,
            level,
            region,
            closed: e.closed,
            next: String::new(),
        });
    }
    for (line, e) in events.iter_mut().zip(&listed) {
        if let Some(n) = e.next_id {
            line.next = store::tournaments::get(db, n).await?.map(|t| t.name).unwrap_or_default();
        }
    }
    let mut free = Vec::new();
    let mut organised = Vec::new();
    for (t, name, role) in store::tournaments::roles_of(db, co.by()).await? {
        if role != Role::Organiser {
            continue;
        }
        if listed.iter().any(|e| e.tournament_id == t) {
            organised.push(t.0);
        } else if !free.iter().any(|(id, _)| *id == t.0) && app::season::event_of(db, t).await?.is_none() {
            free.push((t.0, name));
        }
    }
    let name_of = |t: Option<TournamentId>| {
        t.and_then(|t| events.iter().find(|e| e.t == t.0)).map(|e| e.name.clone()).unwrap_or_default()
    };
    let log = store::seasons::flow::log(db, s.id)
        .await?
        .into_iter()
        .map(|l| LogRow {
            at: shown_time(ctx.lang, &l.at),
            what: ctx.lang.t(match l.kind {
                LogKind::Closed => "season_log_closed",
                LogKind::Reopened => "season_log_reopened",
                LogKind::Wildcard => "season_log_wildcard",
                LogKind::Elsewhere => "season_log_elsewhere",
                LogKind::Lot => "season_log_lot",
                LogKind::Revoked => "season_log_revoked",
                LogKind::Corrected => "season_log_corrected",
            }),
            event: name_of(l.tournament_id),
            reason: match l.person_id {
                Some(p) => format!("#{p} {}", l.reason),
                None => l.reason.clone(),
            },
        })
        .collect();
    let unrun = app::season::organisers::without_organisers(db, s.id, co.by())
        .await?
        .into_iter()
        .map(|t| {
            let name = events.iter().find(|e| e.t == t.0).map(|e| e.name.clone()).unwrap_or_default();
            let this = kept.is_form(ORGANISER_FORM)
                && kept.value(ORGANISER_FORM, "tournament", "").trim() == t.0.to_string();
            UnrunLine {
                t: t.0,
                name,
                typed: if this {
                    kept.value(ORGANISER_FORM, "username", "").to_string()
                } else {
                    String::new()
                },
                refused: this.then(|| {
                    kept.listed(&ctx.lang, ORGANISER_FORM)
                        .into_iter()
                        .map(|l| l.text)
                        .collect::<Vec<_>>()
                        .join(" ")
                }),
            }
        })
        .collect();
    let open: Vec<Invitation> = app::season::invitations::of_season(db, s.id)
        .await?
        .into_iter()
        .filter(|i| i.state == InvitationState::Invited)
        .collect();
    let lines = invitation_lines(db, ctx.lang, &open).await?;
    let pending = open
        .iter()
        .zip(lines)
        .map(|(i, line)| PendingLine {
            target: i.target_id.0,
            target_name: name_of(Some(i.target_id)),
            line,
            since: shown_time(ctx.lang, &i.created_at),
        })
        .collect();
    let duplicates = app::season::duplicates::near_pairs(db, s.id, co.by())
        .await?
        .iter()
        .map(|p| DuplicateLine {
            a: (&p.a).into(),
            b: (&p.b).into(),
            why: nearness(ctx.lang, p.why),
            refused: pair_refused(&kept, ctx.lang, p.a.id.0, p.b.id.0),
        })
        .collect();
    let mut merges = Vec::new();
    for m in app::season::duplicates::merges(db, s.id, co.by()).await? {
        let kept_person = app::persons::person(db, m.kept).await?;
        let merged = app::persons::person(db, m.merged).await?;
        merges.push((
            m.id.0,
            format!("{} ← {}", kept_person.name, merged.name),
            shown_time(ctx.lang, &m.at),
            unmerge_refused(&kept, ctx.lang, m.id.0),
        ));
    }
    let retention = crate::web::routes::admin::erasure::warning(ctx, db, co).await?;
    let unfilled = app::season::unfilled::of_season(db, s.id)
        .await?
        .into_iter()
        .map(|u| (name_of(Some(u.source)), name_of(Some(u.target)), u.places))
        .collect();
    let mut corrections = Vec::new();
    for e in listed.iter().filter(|e| !e.closed) {
        if let Some(c) =
            crate::web::routes::admin::invitations::correction_view(db, ctx.lang, e.tournament_id).await?
            && c.changes_invitations
        {
            corrections.push(c);
        }
    }
    let page = SeasonPage {
        corrections,
        unfilled,
        retention,
        merges,
        organised,
        unrun,
        pending,
        duplicates,
        ctx,
        id: s.id.0,
        name: s.season.name(),
        levels: s.levels.iter().zip(s.season.levels()).map(|(id, n)| (id.0, n.clone())).collect(),
        regions: s.regions.iter().zip(s.season.regions()).map(|(id, n)| (id.0, n.clone())).collect(),
        events,
        free,
        log,
        kept,
    };
    let refused = page.kept.is_refused();
    let res = crate::web::routes::render(&page)?;
    Ok(if refused { with_status(res, StatusCode::BAD_REQUEST) } else { res })
}

#[derive(Deserialize)]
pub struct EventForm {
    tournament: String,
    level: String,
    #[serde(default)]
    region: String,
    places: String,
    #[serde(default)]
    per_school: String,
}

/// Add a tournament the coordinator organises as an event of the season. A wrong value or a
/// refusal (a level of another season, a tournament that is an event already) comes back on the
/// form with what was chosen and typed.
pub async fn add_event(
    ctx: Ctx,
    co: Coordinating,
    db: web::Data<Store>,
    form: CsrfForm<EventForm>,
) -> Result<HttpResponse, WebError> {
    let s = &co.season;
    let f = &form.value;
    let lang = ctx.lang;
    let mut problems = Problems::default();
    let t = problems.take(lang, RowId::parse("season_tournament", &f.tournament));
    let level = problems.take(lang, RowId::parse("season_level", &f.level));
    let region = problems.take(lang, RowId::parse_optional("season_region", &f.region));
    // At most as many qualifying places as a tournament may hold players; a cap of one or more.
    let places = problems.take(lang, field::int("season_places", &f.places, 0, 10_000));
    let per_school = problems.take(lang, field::opt_int("season_per_school", &f.per_school, 1, 10_000));
    let (Some(t), Some(level), Some(region), Some(places), Some(per_school)) =
        (t, level, region, places, per_school)
    else {
        return render_season(&ctx, &co, &db, KeptForm::refused("add-event", &form.pairs, problems)).await;
    };
    let t = TournamentId(t.0);
    if !store::tournaments::has_role(&db, t, co.by(), Role::Organiser).await? {
        return Err(WebError::Forbidden);
    }
    let rule = QualificationRule {
        places: u32::try_from(places).unwrap_or(0),
        per_school: per_school.map(|n| u32::try_from(n).unwrap_or(1)),
    };
    let region = region.map(|r| RegionId(r.0));
    match app::season::add_event(&db, s.id, t, LevelId(level.0), region, rule).await {
        Ok(()) => {}
        Err(app::AppError::Refused(r)) if on_the_form(&r) => {
            return render_season(&ctx, &co, &db, KeptForm::refusal(lang, "add-event", &form.pairs, &r))
                .await;
        }
        Err(e) => return Err(e.into()),
    }
    tracing::info!(season = %s.id, tournament = %t, "event added");
    Ok(see_other(&co.page("")))
}

/// A refusal said on the form (the form's values were wrong), not a conflict or a missing right.
fn on_the_form(r: &app::Refusal) -> bool {
    crate::web::error::refusal_status(r) == StatusCode::BAD_REQUEST
}

#[derive(Deserialize)]
pub struct WildcardForm {
    person: String,
    tournament: String,
    #[serde(default)]
    reason: String,
}

/// A wildcard: a person invited into an event outside the qualification, the reason logged. The
/// person is found by name (diacritics and case aside) or number; a wrong value or a refusal (a
/// closed event, a person the coordinator does not see) comes back on the form with what was typed.
pub async fn wildcard(
    ctx: Ctx,
    co: Coordinating,
    db: web::Data<Store>,
    form: CsrfForm<WildcardForm>,
) -> Result<HttpResponse, WebError> {
    let s = &co.season;
    let f = &form.value;
    let lang = ctx.lang;
    let mut problems = Problems::default();
    let t = problems.take(lang, RowId::parse("season_event", &f.tournament));
    let person = match wildcard_person(&db, co.by(), &f.person).await {
        Ok(person) => Some(person),
        Err(WebError::Field(p)) => {
            problems.field(lang, &p);
            None
        }
        Err(e) => return Err(e),
    };
    let reason = problems.take(lang, Reason::parse("season_reason", &f.reason));
    let (Some(t), Some(person), Some(reason)) = (t, person, reason) else {
        return render_season(&ctx, &co, &db, KeptForm::refused("wildcard", &form.pairs, problems)).await;
    };
    let t = TournamentId(t.0);
    match app::season::invitations::wildcard(&db, s.id, t, person, reason.as_str(), co.by()).await {
        Ok(_) => {}
        Err(app::AppError::Refused(r)) if on_the_form(&r) => {
            return render_season(&ctx, &co, &db, KeptForm::refusal(lang, "wildcard", &form.pairs, &r)).await;
        }
        Err(e) => return Err(e.into()),
    }
    tracing::info!(season = %s.id, tournament = %t, person = %person, "wildcard");
    Ok(see_other(&co.page("")))
}

/// The wildcard's person: a person's number (as their page's address shows it), or a name
/// searched diacritic-blind among the persons the coordinator sees (exactly one must match).
async fn wildcard_person(db: &Store, by: crate::store::UserId, typed: &str) -> Result<PersonId, WebError> {
    if let Ok(id) = RowId::parse("season_person_number", typed) {
        return Ok(PersonId(id.0));
    }
    let name = Name::parse("season_person_number", typed)?;
    let found = app::persons::named_and_seen(db, by, name.as_str()).await?;
    match found.as_slice() {
        [one] => Ok(one.id),
        [] => Err(field::FieldProblem::new("season_person_number", field::ProblemKind::NoPersonFound).into()),
        many => Err(field::FieldProblem::new(
            "season_person_number",
            field::ProblemKind::SeveralPersons { count: many.len() },
        )
        .into()),
    }
}

#[derive(Deserialize)]
pub struct AppointForm {
    username: String,
}

/// Appoint another account coordinator of the season. A login of no account (or of control
/// characters) comes back on the form with what was typed.
pub async fn appoint(
    ctx: Ctx,
    co: Coordinating,
    db: web::Data<Store>,
    form: CsrfForm<AppointForm>,
) -> Result<HttpResponse, WebError> {
    let s = &co.season;
    let appointed = async {
        let other = account("season_username", &db, &form.value.username).await?;
        app::season::appoint(&db, s.id, other.id, co.by()).await?;
        Ok::<_, WebError>(other)
    };
    match appointed.await {
        Ok(other) => {
            tracing::info!(season = %s.id, user = %other.username, "coordinator appointed");
            Ok(see_other(&co.page("")))
        }
        Err(e) => {
            let kept = KeptForm::from_error(ctx.lang, "appoint", &form.pairs, e)?;
            render_season(&ctx, &co, &db, kept).await
        }
    }
}

/// The account a typed login names: 1 to 60 characters without control characters, and an account
/// with it; otherwise the field's problem.
async fn account(field_name: &'static str, db: &Store, typed: &str) -> Result<store::users::User, WebError> {
    let username = field::text(field_name, typed, 60)?;
    store::users::by_username(db, &username)
        .await?
        .ok_or_else(|| field::FieldProblem::new(field_name, field::ProblemKind::NoSuchAccount).into())
}

#[derive(Deserialize)]
pub struct NextForm {
    source: String,
    /// Empty: back to the default.
    #[serde(default)]
    next: String,
}

/// The coordinator chooses the event of the level above an event's qualifiers go to.
/// A wrong value or a refusal comes back on the form with what was chosen (issue 36).
pub async fn choose_next(
    ctx: Ctx,
    co: Coordinating,
    db: web::Data<Store>,
    form: CsrfForm<NextForm>,
) -> Result<HttpResponse, WebError> {
    let s = &co.season;
    let f = &form.value;
    let chosen = async {
        let source = TournamentId(RowId::parse("sr_source_event", &f.source)?.0);
        let next = RowId::parse_optional("sr_next_event", &f.next)?.map(|n| TournamentId(n.0));
        app::season::choose_next(&db, s.id, source, next, co.by()).await?;
        Ok::<_, WebError>(source)
    };
    match chosen.await {
        Ok(source) => {
            tracing::info!(season = %s.id, source = %source, "next event chosen");
            Ok(see_other(&co.page("")))
        }
        Err(e) => {
            let kept = KeptForm::from_error(ctx.lang, NEXT_FORM, &form.pairs, e)?;
            render_season(&ctx, &co, &db, kept).await
        }
    }
}

/// The element id of the form choosing where an event's qualifiers go.
const NEXT_FORM: &str = "choose-next";
/// The element id of the forms confirming a correction (one per correction waiting; the refused
/// one is the event the path names, kept as `tournament`).
const CORRECTION_FORM: &str = "correction";

#[derive(Deserialize)]
pub struct OrganiserForm {
    tournament: String,
    username: String,
}

/// The coordinator appoints an existing account organiser of one of the season's events. A login
/// of no account comes back beside that event's form with what was typed.
pub async fn appoint_organiser(
    ctx: Ctx,
    co: Coordinating,
    db: web::Data<Store>,
    form: CsrfForm<OrganiserForm>,
) -> Result<HttpResponse, WebError> {
    let s = &co.season;
    let appointed = async {
        let t = TournamentId(RowId::parse("season_event", &form.value.tournament)?.0);
        let other = account("season_username", &db, &form.value.username).await?;
        app::season::organisers::appoint(&db, s.id, t, other.id, co.by()).await?;
        Ok::<_, WebError>((t, other))
    };
    match appointed.await {
        Ok((t, other)) => {
            tracing::info!(season = %s.id, tournament = %t, user = %other.username, "event organiser appointed");
            Ok(see_other(&co.page("#unrun")))
        }
        Err(e) => {
            let kept = KeptForm::from_error(ctx.lang, ORGANISER_FORM, &form.pairs, e)?;
            render_season(&ctx, &co, &db, kept).await
        }
    }
}

/// The element id of the forms appointing an event's organiser (one per event without one; the
/// refused one is the event the form names).
const ORGANISER_FORM: &str = "organiser";

#[derive(Deserialize)]
pub struct PairForm {
    /// The person kept (the lower id: the older record).
    #[serde(default)]
    kept: String,
    /// The person merged into `kept`, or kept apart from them.
    #[serde(default)]
    merged: String,
}

impl PairForm {
    /// Both persons' ids, or the field that is no id.
    fn pair(&self) -> Result<(PersonId, PersonId), WebError> {
        let kept = RowId::parse("person_kept", &self.kept)?;
        let merged = RowId::parse("person_merged", &self.merged)?;
        Ok((PersonId(kept.0), PersonId(merged.0)))
    }
}

/// "To ta sama osoba" on the coordinator's page: the merge of `app::persons` (undone from a
/// persons page), logged in the history of the season's event one of them plays in. A malformed id
/// or a refusal comes back beside the pair on the coordinator's page.
pub async fn merge_persons(
    ctx: Ctx,
    co: Coordinating,
    db: web::Data<Store>,
    form: CsrfForm<PairForm>,
) -> Result<HttpResponse, WebError> {
    let s = &co.season;
    let merged = async {
        let (kept, merged) = form.value.pair()?;
        let asked = app::season::duplicates::merge(&db, s.id, kept, merged, co.by()).await?;
        tracing::info!(season = %s.id, %kept, %merged, ?asked, "persons merged (or proposed) by the coordinator");
        Ok::<_, WebError>(asked)
    };
    match merged.await {
        Ok(asked) => Ok(see_other(&after_pair(&co, &asked))),
        Err(e) => {
            let kept = KeptForm::from_error(ctx.lang, PAIR_FORMS[0], &form.pairs, e)?;
            render_season(&ctx, &co, &db, kept).await
        }
    }
}

/// "To różne osoby" on the coordinator's page: the pair is not listed again.
pub async fn keep_persons_apart(
    ctx: Ctx,
    co: Coordinating,
    db: web::Data<Store>,
    form: CsrfForm<PairForm>,
) -> Result<HttpResponse, WebError> {
    let s = &co.season;
    let apart = async {
        let (a, b) = form.value.pair()?;
        let asked = app::season::duplicates::keep_apart(&db, s.id, a, b, co.by()).await?;
        tracing::info!(season = %s.id, %a, %b, ?asked, "persons kept apart (or proposed) by the coordinator");
        Ok::<_, WebError>(asked)
    };
    match apart.await {
        Ok(asked) => Ok(see_other(&after_pair(&co, &asked))),
        Err(e) => {
            let kept = KeptForm::from_error(ctx.lang, PAIR_FORMS[1], &form.pairs, e)?;
            render_season(&ctx, &co, &db, kept).await
        }
    }
}

/// Where a merge or keep-apart leads: back to the list, or to the proposals page when it became
/// a proposal (a person of another season's events: its coordinators confirm too).
fn after_pair<T>(co: &Coordinating, asked: &app::persons::Asked<T>) -> String {
    match asked {
        app::persons::Asked::Done(_) => co.page("#duplicates"),
        app::persons::Asked::Proposed(_) => "/admin/proposals".to_string(),
    }
}

#[derive(Deserialize)]
pub struct ConfirmCorrection {
    #[serde(default)]
    config: String,
    #[serde(default)]
    changes: String,
}

/// "Zatwierdź korektę": the correction of a closed event confirmed as the page showed it (the
/// tournament's stamp then, posted back), the event closed again (issue 34).
/// A stamp that is no number, or a refusal of the correction, comes back beside that correction's
/// form (issue 36); its stamp is the one the page shows now, so confirming again confirms what
/// the page shows.
pub async fn confirm_correction(
    ctx: Ctx,
    co: Coordinating,
    db: web::Data<Store>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<ConfirmCorrection>,
) -> Result<HttpResponse, WebError> {
    let (_, t) = path.into_inner();
    let s = &co.season;
    let confirmed = async {
        let stamp = crate::store::Stamp {
            config: field::int("cr_stamp", &form.value.config, 0, i64::MAX)?,
            changes: field::int("cr_stamp", &form.value.changes, 0, i64::MAX)?,
        };
        app::season::close::confirm_correction(&db, s.id, TournamentId(t), stamp, co.by()).await?;
        Ok::<(), WebError>(())
    };
    if let Err(e) = confirmed.await {
        let mut pairs = form.pairs.clone();
        pairs.push(("tournament".to_string(), t.to_string()));
        let kept = KeptForm::from_error(ctx.lang, CORRECTION_FORM, &pairs, e)?;
        return render_season(&ctx, &co, &db, kept).await;
    }
    tracing::info!(season = %s.id, tournament = t, "correction confirmed by the coordinator");
    Ok(see_other(&co.page("#corrections")))
}

/// "Cofnij połączenie" on the coordinator's page: a merge standing in the season undone, logged in
/// the history of the season's event the kept person plays in; a refusal comes back beside it.
pub async fn unmerge_persons(
    ctx: Ctx,
    co: Coordinating,
    db: web::Data<Store>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<crate::web::routes::admin::invitations::NoFields>,
) -> Result<HttpResponse, WebError> {
    let (_, merge) = path.into_inner();
    let s = &co.season;
    if let Err(e) = app::season::duplicates::unmerge(&db, s.id, MergeId(merge), co.by()).await {
        let pairs = with_merge(&form.pairs, merge);
        let kept = KeptForm::from_error(ctx.lang, UNMERGE_FORM, &pairs, e.into())?;
        return render_season(&ctx, &co, &db, kept).await;
    }
    tracing::info!(season = %s.id, merge, "merge undone by the coordinator");
    Ok(see_other(&co.page("#merges")))
}
