//! A round's pairings with their results, the organiser's round actions (publish, swap, lock) and
//! the referee assignment (drafts for organisers only).

use crate::app::next_step::RoundsPlan;
use crate::store::rounds::{Phase, Round, Status};
use crate::store::tournaments::{Role, Tournament};
use crate::store::{self, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::public_page::PublicPage;
use crate::web::read_model::lines::MatchLine;
use crate::web::routes::public::roles;
use crate::web::text::names::Named;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use std::collections::BTreeMap;

#[derive(Template)]
#[template(path = "public/round.html")]
struct RoundPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    round: RoundHead,
    lines: Vec<&'a MatchLine>,
    organiser: bool,
    referee: bool,
    /// Assigned referee per table (shown to organisers and referees).
    table_refs: BTreeMap<i64, String>,
    /// The tournament's referees (the organiser's assignment form).
    referees: Vec<String>,
    /// What the rounds accept next (organisers: lock, open again).
    plan: Option<RoundsPlan>,
    /// What a knockout round is (its text key: "ćwierćfinał").
    stage: Option<&'static str>,
}

/// The round as its page shows it, decided here from the stored [`Round`]: the words for its phase
/// and state, what the state allows, and which links it has (a template names no store type).
struct RoundHead {
    number: i64,
    /// The text key of its phase (`swiss`, `groups`, `knockout`).
    phase_key: &'static str,
    /// The text key of its state (`draft`, `published`, `locked`).
    status_key: &'static str,
    state: RoundState,
    /// A knockout round: the page links to the bracket.
    knockout: bool,
    /// A Swiss round with a pairing explanation: the page links to "why these pairings".
    explained: bool,
}

impl From<&Round> for RoundHead {
    fn from(r: &Round) -> RoundHead {
        RoundHead {
            number: r.number,
            phase_key: r.phase.text_key(),
            status_key: r.status.text_key(),
            state: r.status.into(),
            knockout: r.phase == Phase::Knockout,
            explained: r.phase == Phase::Swiss && !r.explanation.is_empty(),
        }
    }
}

/// Where the round is in its life, as its page acts on it (the store's [`Status`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RoundState {
    /// Visible only to the organiser: publish, discard, swap.
    Draft,
    /// Results are being entered: referees enter them, the organiser locks.
    Published,
    /// Finished: the organiser may open it again.
    Locked,
}

impl From<Status> for RoundState {
    fn from(s: Status) -> RoundState {
        match s {
            Status::Draft => RoundState::Draft,
            Status::Published => RoundState::Published,
            Status::Locked => RoundState::Locked,
        }
    }
}

pub async fn pairings(
    req: HttpRequest,
    ctx: Ctx,
    db: web::Data<Store>,
    mut page: PublicPage,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, WebError> {
    if let Some(hit) = page.cached() {
        return Ok(hit);
    }
    let view = &page.view;
    let (organiser, referee) = roles(&ctx, &db, view.t()).await?;
    let round = view.round(path.1, organiser).ok_or(WebError::NotFound)?;
    let lines = view.lines_of_round(round).collect();
    let table_refs = if referee {
        store::assignments::of_round(&db, round.id)
            .await?
            .into_iter()
            .map(|a| (a.table_no, a.username))
            .collect()
    } else {
        BTreeMap::new()
    };
    let referees = if organiser {
        store::tournaments::holders(&db, view.t().id, Role::Referee).await?
    } else {
        Vec::new()
    };
    let plan = organiser.then(|| view.rounds_plan());
    let stage = view.round_stage(round).map(|s| s.text_key());
    page.render(
        &req,
        &RoundPage {
            ctx: &ctx,
            t: view.t(),
            round: round.into(),
            lines,
            organiser,
            referee,
            table_refs,
            referees,
            plan,
            stage,
        },
    )
}
