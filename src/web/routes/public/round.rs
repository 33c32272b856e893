//! A round's pairings with their results, the organiser's round actions (publish, swap, lock) and
//! the referee assignment (drafts for organisers only).

use crate::app::next_step::RoundsPlan;
use crate::store::tournaments::{Role, Tournament};
use crate::store::{self, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::public_page::PublicPage;
use crate::web::forms::kept::KeptForm;
use crate::web::forms::problems::Listed;
use crate::web::read_model::cache::Views;
use crate::web::read_model::lines::{MatchLine, RoundHead, RoundState};
use crate::web::routes::public::roles;
use crate::web::routes::render_status;
use crate::web::text::names::Named;
use actix_web::http::StatusCode;
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
    /// A refused organiser's form (the swap, the reopening, the referees' tables): what was sent
    /// and why (issue 36).
    kept: KeptForm,
}

/// The organiser's forms of the page that come back refused (their element ids).
pub(crate) const SWAP_FORM: &str = "swap-form";
pub(crate) const UNLOCK_FORM: &str = "unlock-form";
pub(crate) const ASSIGN_FORM: &str = "assign-form";

impl RoundPage<'_> {
    /// Whether the organiser's form `form` is on the page as the round stands.
    fn shown(&self, form: &str) -> bool {
        match form {
            SWAP_FORM => self.round.state == RoundState::Draft,
            UNLOCK_FORM => {
                self.round.state == RoundState::Locked
                    && self.plan.as_ref().is_some_and(|p| p.can_reopen(&self.round.number))
            }
            ASSIGN_FORM => self.round.state != RoundState::Locked && !self.referees.is_empty(),
            _ => false,
        }
    }

    /// The summary of the refused form `form` when it is not on the page (posted when the round
    /// no longer offers it), without links to fields that are not there; empty otherwise.
    fn elsewhere(&self, form: &str) -> Vec<Listed> {
        if self.shown(form) {
            return Vec::new();
        }
        let mut listed = self.kept.listed(&self.ctx.lang, form);
        for l in &mut listed {
            l.href.clear();
        }
        listed
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
    page.render(
        &req,
        &RoundPage {
            ctx: &ctx,
            t: view.t(),
            round: RoundHead::new(round, view.round_stage(round)),
            lines,
            organiser,
            referee,
            table_refs,
            referees,
            plan,
            kept: KeptForm::default(),
        },
    )
}

/// The round page again for its organiser with a refused form and what was sent (`kept`, from
/// [`KeptForm::from_error`]), answered 400. Nothing was stored.
///
/// # Errors
/// The round is none of the tournament's; the database fails.
pub(crate) async fn refused(
    ctx: &Ctx,
    db: &Store,
    views: &Views,
    t: crate::store::TournamentId,
    number: i64,
    kept: KeptForm,
) -> Result<HttpResponse, WebError> {
    let view = views.get(db, t).await?;
    let (organiser, referee) = roles(ctx, db, view.t()).await?;
    let round = view.round(number, organiser).ok_or(WebError::NotFound)?;
    let table_refs = if referee {
        store::assignments::of_round(db, round.id)
            .await?
            .into_iter()
            .map(|a| (a.table_no, a.username))
            .collect()
    } else {
        BTreeMap::new()
    };
    let referees =
        if organiser { store::tournaments::holders(db, t, Role::Referee).await? } else { Vec::new() };
    let page = RoundPage {
        ctx,
        t: view.t(),
        round: RoundHead::new(round, view.round_stage(round)),
        lines: view.lines_of_round(round).collect(),
        organiser,
        referee,
        table_refs,
        referees,
        plan: organiser.then(|| view.rounds_plan()),
        kept,
    };
    render_status(StatusCode::BAD_REQUEST, &page)
}
