//! The knockout drawn as a bracket (columns of rounds), from the read model's typed bracket (the
//! league's `Bracket`, rebuilt once per change); before the knockout, how it starts and who would
//! play it now; after it, the final ranking.

use crate::league::BracketRound;
use crate::league::stages::KnockoutEntry;
use crate::store::tournaments::Tournament;
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::public_page::PublicPage;
use crate::web::read_model::knockout::{BeforeKnockout, BracketLine, Knockout, SeedPair, SlotLine};
use crate::web::read_model::lines::FinalLines;
use crate::web::text::names::Named;
use actix_web::{HttpRequest, HttpResponse};
use askama::Template;

#[derive(Template)]
#[template(path = "public/bracket.html")]
struct BracketPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    /// The rounds, each with its title in the page language (the last one the final).
    columns: Vec<(String, &'a [BracketLine])>,
    third: Option<&'a BracketLine>,
    champion: Option<&'a str>,
    problem: Option<&'a str>,
    before: Option<&'a BeforeKnockout>,
    /// How the groups' qualifiers enter the knockout, in words (a groups tournament before it).
    entry: &'static str,
    finals: Option<&'a FinalLines>,
}

/// A stage's name as a column heading ("półfinał" → "Półfinał"; "1/8 finału" stays).
fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

pub async fn bracket(req: HttpRequest, ctx: Ctx, mut page: PublicPage) -> Result<HttpResponse, WebError> {
    if let Some(hit) = page.cached() {
        return Ok(hit);
    }
    let view = &page.view;
    let mut bracket = BracketPage {
        ctx: &ctx,
        t: view.t(),
        columns: Vec::new(),
        third: None,
        champion: None,
        problem: None,
        before: None,
        entry: "",
        finals: view.final_lines(),
    };
    match view.knockout() {
        Knockout::Before(before) => {
            bracket.before = Some(before);
            if let Some(g) = &before.groups {
                bracket.entry = ctx.t(match g.entry {
                    KnockoutEntry::Crossover => "entry_crossover",
                    KnockoutEntry::GroupMatesApart => "entry_apart",
                    KnockoutEntry::SwissStandings => "entry_swiss",
                });
            }
        }
        Knockout::Problem(e) => bracket.problem = Some(e),
        Knockout::Drawn(b) => {
            let n = u32::try_from(b.rounds.len()).unwrap_or(u32::MAX);
            for (r, matches) in (0..).zip(&b.rounds) {
                bracket.columns.push((capitalised(ctx.t(BracketRound::of_round(r, n).text_key())), matches));
            }
            bracket.third = b.third_place.as_ref();
            bracket.champion = b.champion.as_deref();
        }
    }
    page.render(&req, &bracket)
}
