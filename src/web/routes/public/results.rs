//! Public result pages: pairings by round with the "why these pairings" explanation, standings with
//! every tiebreak column, player, match and game pages. Drafts are shown only to organisers.
//!
//! Every page reads the tournament's read model (`web::view`), current as of the request; a page an
//! anonymous visitor gets is rendered once per change of the tournament and then served from
//! `view.pages` (compressed, with an `ETag`).

use crate::league::swiss::{ByeReason, Explanation, FloatReason, NotPairedReason};
use crate::league::{self, HalfPoints};
use crate::store::rounds::Round;
use crate::store::tournaments::{Role, Tournament};
use crate::store::{self, MatchId, PlayerId, Store, TournamentId};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::read_model::cache::Views;
use crate::web::read_model::http::{Body, PageKey};
use crate::web::read_model::lines::{FinalLine, MatchLine, StandingLine};
use crate::web::read_model::loaded::{slot_of, sp};
use crate::web::read_model::view::{StandingsScope, TournamentView};
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

/// Whether the visitor organises (sees drafts, history) and referees (sees result forms) the tournament.
pub(crate) async fn roles(ctx: &Ctx, db: &Store, t: &Tournament) -> Result<(bool, bool), WebError> {
    let Some(u) = &ctx.user else { return Ok((false, false)) };
    let organiser = store::tournaments::has_role(db, t.id, u.id, Role::Organiser).await?;
    let referee = organiser || store::tournaments::has_role(db, t.id, u.id, Role::Referee).await?;
    Ok((organiser, referee))
}

/// Render a page of `view`, keeping it for the next anonymous visitor when `key` says so.
fn serve<T: Template>(
    req: &HttpRequest,
    view: &TournamentView,
    key: Option<PageKey>,
    page: &T,
) -> Result<HttpResponse, WebError> {
    Ok(view.pages.serve(req, key, Body::html(page.render()?)))
}

#[derive(Template)]
#[template(path = "public/round.html")]
struct RoundPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    round: &'a Round,
    lines: Vec<&'a MatchLine>,
    organiser: bool,
    referee: bool,
    /// Assigned referee per table (shown to organisers and referees).
    table_refs: std::collections::BTreeMap<i64, String>,
    /// The tournament's referees (the organiser's assignment form).
    referees: Vec<String>,
}

pub async fn pairings(
    req: HttpRequest,
    ctx: Ctx,
    db: web::Data<Store>,
    views: web::Data<Views>,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, WebError> {
    let (tid, number) = path.into_inner();
    let view = views.get(&db, TournamentId(tid)).await?;
    let key = PageKey::page(&req, &ctx);
    if let Some(hit) = view.pages.cached(&req, key.as_ref()) {
        return Ok(hit);
    }
    let (organiser, referee) = roles(&ctx, &db, view.t()).await?;
    let round = view.round(number, organiser).ok_or(WebError::NotFound)?;
    let lines = view.lines_of_round(round).collect();
    let table_refs = if referee {
        store::assignments::of_round(&db, round.id)
            .await?
            .into_iter()
            .map(|a| (a.table_no, a.username))
            .collect()
    } else {
        std::collections::BTreeMap::new()
    };
    let referees = if organiser {
        store::tournaments::holders(&db, view.t().id, crate::store::tournaments::Role::Referee).await?
    } else {
        Vec::new()
    };
    let page = RoundPage { ctx: &ctx, t: view.t(), round, lines, organiser, referee, table_refs, referees };
    serve(&req, &view, key, &page)
}

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
    raw: String,
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
    views: web::Data<Views>,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, WebError> {
    let (tid, number) = path.into_inner();
    let view = views.get(&db, TournamentId(tid)).await?;
    let key = PageKey::page(&req, &ctx);
    if let Some(hit) = view.pages.cached(&req, key.as_ref()) {
        return Ok(hit);
    }
    let (organiser, _) = roles(&ctx, &db, view.t()).await?;
    let round = view.round(number, organiser).ok_or(WebError::NotFound)?;
    let e: Explanation = serde_json::from_str(&round.explanation).map_err(|_| WebError::NotFound)?;
    let data = &view.data;
    let name = |p: league::PlayerId| data.name(sp(p));
    let names = |ps: &[league::PlayerId]| ps.iter().map(|&p| name(p)).collect::<Vec<_>>().join(", ");
    let groups = e
        .score_groups
        .iter()
        .map(|g| (points(&ctx, g.score), g.players.iter().map(|&p| name(p)).collect()))
        .collect();
    let floaters = e
        .floaters
        .iter()
        .map(|f| FloaterView {
            down: name(f.down),
            down_score: points(&ctx, f.down_score),
            up: name(f.up),
            up_score: points(&ctx, f.up_score),
            difference: points(&ctx, f.difference()),
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
                        let scores: Vec<String> = scores.iter().map(|&s| points(&ctx, s)).collect();
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
            points(&ctx, b.score),
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
    let page = WhyPage {
        ctx: &ctx,
        t: view.t(),
        number,
        groups,
        floaters,
        bye,
        not_paired,
        forbidden_paired,
        raw: e.to_string(),
    };
    serve(&req, &view, key, &page)
}

#[derive(Template)]
#[template(path = "public/standings.html")]
struct StandingsPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    columns: &'a [String],
    lines: &'a [StandingLine],
    scope: &'a StandingsScope,
    finals: Option<&'a [FinalLine]>,
}

/// Standings with every tiebreak column; computed by the league once per change (the read model).
pub async fn standings(
    req: HttpRequest,
    ctx: Ctx,
    db: web::Data<Store>,
    views: web::Data<Views>,
    path: web::Path<i64>,
) -> Result<HttpResponse, WebError> {
    let view = views.get(&db, TournamentId(path.into_inner())).await?;
    let key = PageKey::page(&req, &ctx);
    if let Some(hit) = view.pages.cached(&req, key.as_ref()) {
        return Ok(hit);
    }
    let page = StandingsPage {
        ctx: &ctx,
        t: view.t(),
        columns: &view.standing_columns,
        lines: &view.standing_lines,
        scope: &view.scope,
        finals: view.final_lines.as_deref(),
    };
    serve(&req, &view, key, &page)
}

#[derive(Template)]
#[template(path = "public/player.html")]
struct PlayerPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    player: &'a store::players::Player,
    lines: Vec<&'a MatchLine>,
    red_total: i64,
    rank: Option<u32>,
    match_points: String,
    after_round: Option<i64>,
    /// The place in the final ranking, once the knockout is over.
    final_place: Option<String>,
}

pub async fn player(
    req: HttpRequest,
    ctx: Ctx,
    db: web::Data<Store>,
    views: web::Data<Views>,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, WebError> {
    let (tid, pid) = path.into_inner();
    let view = views.get(&db, TournamentId(tid)).await?;
    let key = PageKey::page(&req, &ctx);
    if let Some(hit) = view.pages.cached(&req, key.as_ref()) {
        return Ok(hit);
    }
    let player = view.data.player(PlayerId(pid)).ok_or(WebError::NotFound)?;
    let lines: Vec<&MatchLine> = view.public_lines_of_player(player.id).collect();
    // Red-side points as the standings count them: the league's scorecard, flag rule applied
    // (a Red commander who ran out of time scores 0 whatever was typed).
    let row = view.standing_of(player.id);
    let red_total = row.map_or(0, |r| i64::from(r.red_side_points));
    let page = PlayerPage {
        ctx: &ctx,
        t: view.t(),
        rank: row.map(|r| r.rank),
        match_points: row.map(|r| ctx.lang.decimal(&r.match_points)).unwrap_or_default(),
        after_round: view.scope.after_round,
        final_place: view
            .final_lines
            .as_ref()
            .and_then(|f| f.iter().find(|f| f.player == player.id))
            .map(|f| f.place.clone()),
        player,
        lines,
        red_total,
    };
    serve(&req, &view, key, &page)
}

#[derive(Template)]
#[template(path = "public/match.html")]
struct MatchPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    line: &'a MatchLine,
    decks: &'a [store::deck_checks::DeckCheck],
    /// The match's changes, in words (referees and organisers).
    history: Vec<crate::web::text::history::HistoryLine>,
    referee: bool,
}

pub async fn match_page(
    req: HttpRequest,
    ctx: Ctx,
    db: web::Data<Store>,
    views: web::Data<Views>,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, WebError> {
    let (tid, mid) = path.into_inner();
    let view = views.get(&db, TournamentId(tid)).await?;
    let key = PageKey::page(&req, &ctx);
    if let Some(hit) = view.pages.cached(&req, key.as_ref()) {
        return Ok(hit);
    }
    let (organiser, referee) = roles(&ctx, &db, view.t()).await?;
    let line = view.visible_line(MatchId(mid), organiser).ok_or(WebError::NotFound)?;
    let history = if referee {
        let filter = store::history::Filter { match_id: Some(line.id), ..Default::default() };
        crate::web::routes::admin::history_lines(&ctx, &db, view.t(), filter, 0, 200).await?
    } else {
        Vec::new()
    };
    let decks = view.decks_of(line.id);
    serve(&req, &view, key, &MatchPage { ctx: &ctx, t: view.t(), line, decks, history, referee })
}

/// One side of a bracket match, for display.
pub struct SlotView {
    pub label: String,
    pub player: Option<PlayerId>,
    pub winner: bool,
}

pub struct BracketMatchView {
    pub title: String,
    pub slots: Vec<SlotView>,
    pub stored: Option<MatchId>,
}

/// The bracket page before the knockout: when and how it starts, and who would play it now.
pub struct BeforeKnockout {
    /// Seed pairs of the first round (`1–8`, ...; a top seed facing nobody has a bye).
    pub pairs: Vec<String>,
    /// The top K of the standings now.
    pub top: Vec<(PlayerId, String)>,
    pub after_round: Option<i64>,
}

#[derive(Template)]
#[template(path = "public/bracket.html")]
struct BracketPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    columns: Vec<(String, Vec<BracketMatchView>)>,
    third: Option<BracketMatchView>,
    champion: Option<String>,
    problem: Option<String>,
    before: Option<BeforeKnockout>,
    finals: Option<&'a [FinalLine]>,
}

/// The knockout drawn as a bracket (columns of rounds), from the league's `Bracket` (rebuilt once per
/// change, in the read model).
pub async fn bracket(
    req: HttpRequest,
    ctx: Ctx,
    db: web::Data<Store>,
    views: web::Data<Views>,
    path: web::Path<i64>,
) -> Result<HttpResponse, WebError> {
    use crate::league::{BracketMatch, Slot};
    let view = views.get(&db, TournamentId(path.into_inner())).await?;
    let key = PageKey::page(&req, &ctx);
    if let Some(hit) = view.pages.cached(&req, key.as_ref()) {
        return Ok(hit);
    }
    let data = &view.data;
    let stored: Vec<(MatchId, i64)> = data
        .knockout_matches()
        .filter(|(m, _)| data.is_public(m))
        .map(|(m, at)| (m.id, slot_of(at)))
        .collect();
    let show = |m: &BracketMatch, title: String| {
        let winner = m.winner();
        BracketMatchView {
            title,
            slots: m
                .slots
                .iter()
                .map(|s| match *s {
                    Slot::Player { id, seed } => SlotView {
                        label: format!("{} ({seed})", data.name(sp(id))),
                        player: Some(sp(id)),
                        winner: winner == Some(*s),
                    },
                    Slot::Bye => SlotView { label: ctx.t("bye").to_string(), player: None, winner: false },
                    Slot::Pending => SlotView { label: "…".to_string(), player: None, winner: false },
                })
                .collect(),
            stored: stored.iter().find(|(_, slot)| *slot == slot_of(m.at)).map(|(id, _)| *id),
        }
    };
    let (mut columns, mut third, mut champion, mut problem, mut before) =
        (Vec::new(), None, None, None, None);
    match &view.bracket {
        None => {
            let k = usize::try_from(view.t().knockout_size).unwrap_or(0);
            let size = k.next_power_of_two();
            let pairs = (1..=size / 2)
                .map(|i| match size + 1 - i {
                    j if j <= k => format!("{i}–{j}"),
                    _ => format!("{i}: {}", ctx.t("bye")),
                })
                .collect();
            let top = view
                .standing_lines
                .iter()
                .filter(|l| !l.withdrawn)
                .take(k)
                .map(|l| (l.player, l.name.clone()))
                .collect();
            before = Some(BeforeKnockout { pairs, top, after_round: view.scope.after_round });
        }
        Some(Err(e)) => problem = Some(e.clone()),
        Some(Ok(b)) => {
            let n = b.rounds.len();
            for (r, matches) in b.rounds.iter().enumerate() {
                let title = if r + 1 == n {
                    ctx.t("final").to_string()
                } else if r + 2 == n {
                    ctx.t("semifinal").to_string()
                } else {
                    format!("{} {}", ctx.t("round"), r + 1)
                };
                columns.push((title.clone(), matches.iter().map(|m| show(m, title.clone())).collect()));
            }
            third = b.third_place.as_ref().map(|m| show(m, ctx.t("third_place_match").to_string()));
            champion = b.champion().map(|p| data.name(sp(p)));
        }
    }
    let finals = view.final_lines.as_deref();
    let page = BracketPage { ctx: &ctx, t: view.t(), columns, third, champion, problem, before, finals };
    serve(&req, &view, key, &page)
}
