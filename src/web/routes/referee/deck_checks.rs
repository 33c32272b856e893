//! Deck checks (league rules, "Card list and deck checks"): the counts of both decks before the
//! game; for a short deck the set handed out instead and, card by card, what the short set lacks.
//! The league's `check_deck` decides; the store accepts checks only in a published round.

use super::page::{DeckForm, Refused, render_match};
use super::refereed;
use crate::engine::Edition;
use crate::league::{DeckCheckError, DeckReport, check_deck};
use crate::outcome::Side;
use crate::store::{self, MatchId, Store, StoreError};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::forms::field;
use crate::web::forms::problems::Problems;
use crate::web::read_model::editions::EditionCache;
use crate::web::security::auth::LoggedIn;
use crate::web::security::csrf::CsrfForm;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

/// One card of the edition's list, for the deck-check checklist.
pub struct CardView {
    pub side: Side,
    pub number: u8,
    pub name: String,
}

/// The edition's card list of one side as `(number, name)` pairs (what the league's deck check takes).
pub(super) fn card_list(edition: &Edition, side: Side) -> Vec<(u8, &str)> {
    edition.cards(side).map(|c| (c.number, c.name.as_str())).collect()
}

/// Every card of both decks of the tournament's edition, Red first, for the checklist.
pub fn checklist(edition: &Edition) -> Vec<CardView> {
    Side::BOTH
        .into_iter()
        .flat_map(|side| {
            card_list(edition, side).into_iter().map(move |(number, name)| CardView {
                side,
                number,
                name: name.to_string(),
            })
        })
        .collect()
}

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

/// Record a deck check: counts of both decks; for a short deck the set handed out instead, and,
/// card by card, which cards the incomplete set lacks (a full or too-large count lists none).
pub async fn deck_check(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    editions: web::Data<EditionCache>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<DeckFormFields>,
) -> Result<HttpResponse, WebError> {
    let (tid, mid) = path.into_inner();
    let (t, organiser) = refereed(&db, &user, tid).await?;
    let edition = editions.get(&db, &t.edition).await?;
    let m = store::rounds::get_match(&db, t.id, MatchId(mid)).await?.ok_or(WebError::NotFound)?;
    let f = &form.value;
    let lang = ctx.lang;
    let mut problems = Problems::default();
    let set_label = problems.take(lang, "set_label", field::text(lang, "set_label", &f.set_label, 40))?;
    let swapped_to =
        problems.take(lang, "swapped_to", field::opt_text(lang, "swapped_to", &f.swapped_to, 40))?;
    let ticked: std::collections::BTreeSet<String> =
        form.pairs.iter().filter(|(k, _)| k.starts_with("missing_")).map(|(k, _)| k.clone()).collect();
    let mut missing_cards = Vec::new();
    let mut counts = [0i64; 2];
    let mut short = false;
    for (i, side) in Side::BOTH.into_iter().enumerate() {
        let (field, value) =
            if side == Side::Red { ("red_count", &f.red_count) } else { ("polish_count", &f.polish_count) };
        let Some(counted) = problems.take(lang, field, field::int(lang, field, value, 0, 99))? else {
            continue;
        };
        counts[i] = counted;
        let list = card_list(&edition, side);
        let prefix = format!("missing_{}_", side.as_str());
        let mut numbers: Vec<u8> = ticked
            .iter()
            .filter_map(|k| k.strip_prefix(&prefix)?.parse().ok())
            .filter(|n| list.iter().any(|&(c, _)| c == *n))
            .collect();
        numbers.sort_unstable();
        numbers.dedup();
        match check_deck(&list, u32::try_from(counted).unwrap_or(0), &numbers) {
            Err(DeckCheckError::MissingButNotShort { .. }) => {
                problems.add(field, ctx.t("deck_missing_but_not_short"));
            }
            Err(DeckCheckError::MoreMissingThanShort { short, listed, .. }) => {
                problems
                    .add(field, format!("{} ({listed} > {short})", ctx.t("deck_more_missing_than_short")));
            }
            Ok(DeckReport::Complete { .. } | DeckReport::TooMany { .. }) => {}
            Ok(DeckReport::Short { .. }) => short = true,
            Ok(DeckReport::Incomplete { missing, .. }) => {
                short = true;
                let letter = if side == Side::Red { 'R' } else { 'P' };
                missing_cards.extend(missing.into_iter().map(|c| {
                    (u32::from(c.number), format!("{letter}{:02} {}", c.number, c.name.unwrap_or_default()))
                }));
            }
        }
    }
    if short && swapped_to.as_deref().is_some_and(str::is_empty) && missing_cards.is_empty() {
        problems.add("swapped_to", ctx.t("swap_needed"));
    }
    if let (Some(set_label), Some(swapped_to), true) = (set_label, swapped_to, problems.is_empty()) {
        let check = store::deck_checks::NewDeckCheck {
            set_label,
            red_count: counts[0],
            polish_count: counts[1],
            swapped_to,
            missing_cards,
        };
        match store::deck_checks::record(&db, t.id, m.id, &check, user.0.id).await {
            Ok(()) => {
                return Ok(crate::web::routes::see_other(&format!(
                    "/ref/t/{}/match/{}?saved=deck#deck",
                    t.id, m.id
                )));
            }
            Err(StoreError::Refused(r)) => problems.add("", lang.t(crate::web::error::refusal_key(r))),
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
    render_match(&ctx, &db, &edition, t, m.id, organiser, None, refused, StatusCode::UNPROCESSABLE_ENTITY)
        .await
}
