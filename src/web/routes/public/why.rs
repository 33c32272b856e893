//! "Why these pairings": the league's structured explanation of a Swiss round's pairing (score
//! groups, floaters and why they float, the bye), in the page language and with names.

use crate::app::snapshot::sp;
use crate::league::HalfPoints;
use crate::league::swiss::{ByeReason, Explanation, FloatReason, NotPairedReason};
use crate::store::Store;
use crate::store::tournaments::Tournament;
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::public_page::PublicPage;
use crate::web::read_model::view::TournamentView;
use crate::web::routes::public::roles;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

/// One pair across score groups on the "why" page: who, how far apart, why.
struct FloaterView {
    down: String,
    down_score: String,
    up: String,
    up_score: String,
    difference: String,
    reasons: Vec<String>,
}

#[derive(Template)]
#[template(path = "public/why.html")]
struct WhyPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    number: i64,
    groups: Vec<(String, Vec<String>)>,
    floaters: Vec<FloaterView>,
    bye: Option<String>,
    not_paired: Vec<String>,
    forbidden_paired: Vec<String>,
    /// The league's own text of the explanation (English), shown only on the English page.
    raw: Option<String>,
}

/// Points for people: a decimal comma in Polish, "1 pt" / "2 pts" in English.
fn points(ctx: &Ctx, p: HalfPoints) -> String {
    let unit = if p == HalfPoints::ONE { ctx.t("point_unit_one") } else { ctx.t("points_short") };
    format!("{} {unit}", ctx.lang.decimal(&p.to_decimal_string()))
}

/// The league's structured explanation, in the page language and with names.
pub async fn explanation(
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
    let number = path.1;
    let (organiser, _) = roles(&ctx, &db, view.t()).await?;
    let round = view.round(number, organiser).ok_or(WebError::NotFound)?;
    let e = view.explanation(round).ok_or(WebError::NotFound)?;
    page.render(&req, &why_page(&ctx, view, number, e))
}

fn why_page<'a>(ctx: &'a Ctx, view: &'a TournamentView, number: i64, e: &Explanation) -> WhyPage<'a> {
    let name = |p: crate::league::PlayerId| view.name(sp(p));
    let names = |ps: &[crate::league::PlayerId]| ps.iter().map(|&p| name(p)).collect::<Vec<_>>().join(", ");
    let groups = e
        .score_groups
        .iter()
        .map(|g| (points(ctx, g.score), g.players.iter().map(|&p| name(p)).collect()))
        .collect();
    let floaters = e
        .floaters
        .iter()
        .map(|f| FloaterView {
            down: name(f.down),
            down_score: points(ctx, f.down_score),
            up: name(f.up),
            up_score: points(ctx, f.up_score),
            difference: points(ctx, f.difference()),
            reasons: f
                .reasons
                .iter()
                .map(|r| match r {
                    FloatReason::OddGroup { group_size } => format!("{} ({group_size})", ctx.t("odd_group")),
                    FloatReason::AlreadyMet { players } => {
                        format!("{} {}", ctx.t("already_met"), names(players))
                    }
                    FloatReason::Forbidden { players } => {
                        format!("{} {}", ctx.t("forbidden_with"), names(players))
                    }
                    FloatReason::SkippedGroups { scores } => {
                        let scores: Vec<String> = scores.iter().map(|&s| points(ctx, s)).collect();
                        format!("{} ({})", ctx.t("skipped_groups"), scores.join("; "))
                    }
                    FloatReason::RestOfField => ctx.t("rest_of_field").to_string(),
                })
                .collect(),
        })
        .collect();
    let bye = e.bye.as_ref().map(|b| {
        let mut text = format!(
            "{}: {} ({}) – {}",
            ctx.t("bye"),
            name(b.player),
            points(ctx, b.score),
            match b.reason {
                ByeReason::LowestRankedWithoutBye => ctx.t("bye_lowest"),
                ByeReason::LowerRankedCouldNotTakeIt => ctx.t("bye_passed_over"),
            }
        );
        if !b.lower_ranked_had_bye.is_empty() {
            text.push_str(&format!("; {} {}", ctx.t("had_bye"), names(&b.lower_ranked_had_bye)));
        }
        text
    });
    let not_paired = e
        .not_paired
        .iter()
        .map(|n| match n.reason {
            NotPairedReason::Withdrawn => format!("{}: {}", name(n.player), ctx.t("withdrawn")),
            NotPairedReason::JoinsInRound(r) => {
                format!("{}: {} {r}", name(n.player), ctx.t("joins_in_round"))
            }
        })
        .collect();
    let forbidden_paired =
        e.forbidden_paired.iter().map(|&(a, b)| format!("{} – {}", name(a), name(b))).collect();
    WhyPage {
        ctx,
        t: view.t(),
        number,
        groups,
        floaters,
        bye,
        not_paired,
        forbidden_paired,
        raw: (ctx.lang == crate::web::text::i18n::Lang::En).then(|| e.to_string()),
    }
}
