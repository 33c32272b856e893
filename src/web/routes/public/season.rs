//! A season's public page (issue 20): its dates and who may play, then each level in order with
//! its events (by region; the final has none), each event's status, entrants and rule, the
//! qualifiers it sent up and the invitations into it. Names, schools and links to the persons'
//! pages only: never a birth date.

use crate::app;
use crate::league::season::Eligibility;
use crate::store::seasons::flow::{Invitation, InvitationKind, InvitationState};
use crate::store::{self, SeasonId, Store, StoredText};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::read_model::cache::Views;
use crate::web::read_model::season_pages::{Built, SeasonPages};
use crate::web::text::i18n::Lang;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use chrono::NaiveDate;

/// An invitation as the season's pages show it.
pub struct InvitationLine {
    pub id: i64,
    pub person: i64,
    pub name: String,
    pub school: String,
    /// Where it comes from: the source event's name, or "wildcard: reason".
    pub origin: String,
    pub state: &'static str,
    /// The state's and the origin's keys, for the pages' `data-state` and `data-origin`
    /// (`invited`, `accepted`...; `qualifier` or `wildcard`).
    pub state_key: &'static str,
    pub origin_key: &'static str,
    pub open: bool,
}

/// The state's words.
#[must_use]
pub fn state_text(lang: Lang, s: InvitationState) -> &'static str {
    lang.t(match s {
        InvitationState::Invited => "season_state_invited",
        InvitationState::Accepted => "season_state_accepted",
        InvitationState::Declined => "season_state_declined",
        InvitationState::Withdrawn => "season_state_withdrawn",
        InvitationState::Elsewhere => "season_state_elsewhere",
        InvitationState::Revoked => "season_state_revoked",
    })
}

/// The invitations as lines, with each source event's name.
///
/// # Errors
/// The database fails.
pub async fn invitation_lines(
    db: &Store,
    lang: Lang,
    list: &[Invitation],
) -> Result<Vec<InvitationLine>, WebError> {
    let mut out = Vec::with_capacity(list.len());
    for i in list {
        let origin = match (i.kind, i.source_id) {
            (InvitationKind::Qualifier, Some(source)) => {
                let name = store::tournaments::get(db, source).await?.map(|t| t.name).unwrap_or_default();
                format!("{} {name}", lang.t("season_from"))
            }
            _ => format!("{}: {}", lang.t("season_wildcard"), i.reason.clone().unwrap_or_default()),
        };
        out.push(InvitationLine {
            id: i.id,
            person: i.person_id.0,
            name: i.name.clone(),
            school: i.school.clone(),
            origin,
            state: state_text(lang, i.state),
            state_key: i.state.as_str(),
            origin_key: i.kind.as_str(),
            open: i.state == InvitationState::Invited,
        });
    }
    Ok(out)
}

struct EventLine {
    t: i64,
    name: String,
    first_day: NaiveDate,
    venue: String,
    region: String,
    closed: bool,
    entrants: usize,
    rule: String,
    qualifiers: Vec<InvitationLine>,
    invited: Vec<InvitationLine>,
}

struct LevelLine {
    name: String,
    events: Vec<EventLine>,
}

#[derive(Template)]
#[template(path = "public/season.html")]
struct SeasonPage<'a> {
    ctx: &'a Ctx,
    id: i64,
    /// Each region with events: (name, events, entries, qualifiers: invitations from its events
    /// open or accepted).
    regions: Vec<(String, usize, usize, usize)>,
    name: &'a str,
    first_day: NaiveDate,
    last_day: NaiveDate,
    eligibility: String,
    levels: Vec<LevelLine>,
}

/// Who may play, in words.
#[must_use]
pub fn eligibility_text(lang: Lang, e: Eligibility) -> String {
    match e {
        Eligibility::BirthYears { from, to } => format!("{} {from}–{to}", lang.t("season_birth_years")),
        Eligibility::AgeOn { on, min, max } => format!("{min}–{max}, {} {on}", lang.t("season_age_on")),
    }
}

pub async fn season(
    ctx: Ctx,
    req: HttpRequest,
    db: web::Data<Store>,
    views: web::Data<Views>,
    pages: web::Data<SeasonPages>,
    path: web::Path<i64>,
) -> Result<HttpResponse, WebError> {
    let id = SeasonId(path.into_inner());
    let key = (ctx.path.clone(), ctx.lang);
    pages.season(&req, &db, &views, id, key, ctx.user.is_none(), build(&ctx, &db, id)).await
}

/// The season's page as HTML.
async fn build(ctx: &Ctx, db: &Store, id: SeasonId) -> Result<Built, WebError> {
    let lang = ctx.lang;
    let s = app::season::season(db, id).await?;
    let events = app::season::events(db, s.id).await?;
    let invitations = app::season::invitations::of_season(db, s.id).await?;
    let mut regions: Vec<(String, usize, usize, usize)> =
        s.season.regions().iter().map(|r| (r.clone(), 0, 0, 0)).collect();
    let mut levels: Vec<LevelLine> =
        s.season.levels().iter().map(|n| LevelLine { name: n.clone(), events: Vec::new() }).collect();
    for e in events {
        let Some(level) = s.level_index(e.level_id) else { continue };
        let Some(t) = store::tournaments::get(db, e.tournament_id).await? else { continue };
        let region = match e.region_id.and_then(|r| s.region_index(r)) {
            Some(r) => s.season.regions()[r].clone(),
            None => lang.t("season_whole_country").to_string(),
        };
        let rule = e.rule();
        let rule = match (s.season.is_final(level), rule.per_school) {
            (true, _) => "–".to_string(),
            (false, Some(c)) => {
                format!("{} {}, {} {c}", rule.places, lang.t("season_places"), lang.t("season_per_school"))
            }
            (false, None) => format!("{} {}", rule.places, lang.t("season_places")),
        };
        let shown = |i: &&Invitation| i.state != InvitationState::Withdrawn;
        let from: Vec<Invitation> = invitations
            .iter()
            .filter(|i| i.source_id == Some(e.tournament_id))
            .filter(shown)
            .cloned()
            .collect();
        let into: Vec<Invitation> =
            invitations.iter().filter(|i| i.target_id == e.tournament_id).filter(shown).cloned().collect();
        let entrants = store::players::list(db, t.id).await?.len();
        if let Some(r) = e.region_id.and_then(|r| s.region_index(r)) {
            let qualifiers = from
                .iter()
                .filter(|i| matches!(i.state, InvitationState::Invited | InvitationState::Accepted))
                .count();
            let line = &mut regions[r];
            (line.1, line.2, line.3) = (line.1 + 1, line.2 + entrants, line.3 + qualifiers);
        }
        levels[level].events.push(EventLine {
            t: t.id.0,
            name: t.name.clone(),
            first_day: t.first_day,
            venue: t.venue.clone(),
            region,
            closed: e.closed,
            entrants,
            rule,
            qualifiers: invitation_lines(db, lang, &from).await?,
            invited: invitation_lines(db, lang, &into).await?,
        });
    }
    let page = SeasonPage {
        ctx,
        id: s.id.0,
        regions: regions.into_iter().filter(|r| r.1 > 0).collect(),
        name: s.season.name(),
        first_day: s.season.first_day(),
        last_day: s.season.last_day(),
        eligibility: eligibility_text(lang, s.season.eligibility()),
        levels,
    };
    Ok(Built::html(page.render()?))
}
