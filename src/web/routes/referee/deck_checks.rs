//! Deck checks (league rules, "Card list and deck checks"): the counts of both decks before the
//! game; for a short deck the set handed out instead and, card by card, what the short set lacks.
//! The league's `check_deck` decides (through `app::results`); the store accepts checks only in a
//! published round.

use super::page::{DeckForm, Refused, render_match};
use crate::app::editions::cache::EditionCache;
use crate::app::results::{self, DeckSide};
use crate::outcome::Side;
use crate::store::deck_checks::NewDeckCheck;
use crate::store::{MatchId, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::role::Refereeing;
use crate::web::forms::field;
use crate::web::forms::problems::Problems;
use crate::web::routes::see_other;
use crate::web::security::csrf::CsrfForm;
use crate::web::text::refusals::count_field;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;
use std::collections::BTreeSet;

#[derive(Deserialize)]
pub struct DeckFormFields {
    #[serde(default)]
    set_label: String,
    #[serde(default)]
    red_count: String,
    #[serde(default)]
    polish_count: String,
    #[serde(default)]
    swapped_to: String,
}

/// The card numbers ticked as missing for one side (`missing_red_7`, ...).
fn ticked_of(ticked: &BTreeSet<String>, side: Side) -> Vec<u8> {
    let prefix = format!("missing_{}_", side.as_str());
    ticked.iter().filter_map(|k| k.strip_prefix(&prefix)?.parse().ok()).collect()
}

/// Record a deck check: counts of both decks; for a short deck the set handed out instead, and,
/// card by card, which cards the incomplete set lacks (a full or too-large count lists none).
pub async fn deck_check(
    ctx: Ctx,
    referee: Refereeing,
    db: web::Data<Store>,
    editions: web::Data<EditionCache>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<DeckFormFields>,
) -> Result<HttpResponse, WebError> {
    let (_, mid) = path.into_inner();
    let t = referee.t;
    let edition = editions.get(&db, &t.edition).await?;
    let m = results::find_match(&db, t.id, MatchId(mid)).await?;
    let f = &form.value;
    let lang = ctx.lang;
    let mut problems = Problems::default();
    let set_label = problems.take(lang, field::text("set_label", &f.set_label, 40));
    let swapped_to = problems.take(lang, field::opt_text("swapped_to", &f.swapped_to, 40));
    let ticked: BTreeSet<String> =
        form.pairs.iter().filter(|(k, _)| k.starts_with("missing_")).map(|(k, _)| k.clone()).collect();
    let mut sides: Vec<DeckSide> = Vec::new();
    let mut counts = [0i64; 2];
    for (i, side) in Side::BOTH.into_iter().enumerate() {
        let value = if side == Side::Red { &f.red_count } else { &f.polish_count };
        let Some(counted) = problems.take(lang, field::int(count_field(side), value, 0, 99)) else {
            continue;
        };
        counts[i] = counted;
        match results::check_deck_side(&edition, side, counted, &ticked_of(&ticked, side)) {
            Ok(checked) => sides.push(checked),
            Err(r) => problems.refused(lang, &r),
        }
    }
    if let Some(swapped_to) = &swapped_to
        && let Err(r) = results::check_swap(&sides, swapped_to)
    {
        problems.refused(lang, &r);
    }
    if let (Some(set_label), Some(swapped_to), true) = (set_label, swapped_to, problems.is_empty()) {
        let check = NewDeckCheck {
            set_label,
            red_count: counts[0],
            polish_count: counts[1],
            swapped_to,
            missing_cards: sides.into_iter().flat_map(|s| s.missing).collect(),
        };
        match results::record_deck_check(&db, t.id, m.id, &check, referee.user.id).await {
            Ok(()) => return Ok(see_other(&format!("/ref/t/{}/match/{}?saved=deck#deck", t.id, m.id))),
            Err(crate::app::AppError::Refused(r)) => problems.refused(lang, &r),
            Err(other) => return Err(other.into()),
        }
    }
    let deck = DeckForm {
        set_label: f.set_label.clone(),
        red_count: f.red_count.clone(),
        polish_count: f.polish_count.clone(),
        swapped_to: f.swapped_to.clone(),
        ticked,
        problems,
    };
    let refused = Refused { deck: Some(deck), ..Refused::default() };
    render_match(
        &ctx,
        &db,
        &edition,
        t,
        m.id,
        referee.organiser,
        None,
        refused,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await
}
