//! Public result pages: pairings by round with the "why these pairings" explanation, standings with
//! every tiebreak column, player, match and game pages. Drafts are shown only to organisers.

use super::{render, tournament};
use crate::league::swiss::{ByeReason, Explanation, FloatReason, NotPairedReason};
use crate::league::{self, HalfPoints};
use crate::store::rounds::{MatchRow, Round, Status};
use crate::store::tournaments::{Role, Tournament};
use crate::store::{self, Db, MatchId, PlayerId, TournamentId};
use crate::web::cache::{CachedStandings, StandingsCache};
use crate::web::ctx::Ctx;
use crate::web::error::WebError;
use crate::web::league_view::{Loaded, slot_of, sp};
use crate::web::lines::{MatchLine, StandingLine, match_line, standing_lines};
use actix_web::{HttpResponse, web};
use askama::Template;
use std::sync::Arc;

/// Whether the visitor organises (sees drafts, history) and referees (sees result forms) the tournament.
pub(super) async fn roles(ctx: &Ctx, db: &Db, t: &Tournament) -> Result<(bool, bool), WebError> {
    let Some(u) = &ctx.user else { return Ok((false, false)) };
    let organiser = store::tournaments::has_role(db, t.id, u.id, Role::Organiser).await?;
    let referee = organiser || store::tournaments::has_role(db, t.id, u.id, Role::Referee).await?;
    Ok((organiser, referee))
}

/// A round the visitor may see: public ones for everybody, drafts for organisers.
pub(super) fn visible_round(data: &Loaded, number: i64, organiser: bool) -> Result<Round, WebError> {
    data.rounds
        .iter()
        .find(|r| r.number == number && (organiser || r.status() != Status::Draft))
        .cloned()
        .ok_or(WebError::NotFound)
}

/// A match the visitor may see: public ones for everybody, the rest for organisers.
pub(super) fn visible_match(data: &Loaded, id: MatchId, organiser: bool) -> Result<&MatchRow, WebError> {
    let m = data.matches.iter().find(|m| m.id == id).ok_or(WebError::NotFound)?;
    if !organiser && !data.is_public(m) {
        return Err(WebError::NotFound);
    }
    Ok(m)
}

#[derive(Template)]
#[template(path = "round.html")]
struct RoundPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    round: Round,
    lines: Vec<MatchLine>,
    organiser: bool,
    referee: bool,
    /// Assigned referee per table (shown to organisers and referees).
    table_refs: std::collections::BTreeMap<i64, String>,
    /// The tournament's referees (the organiser's assignment form).
    referees: Vec<String>,
}

pub async fn pairings(
    ctx: Ctx,
    db: web::Data<Db>,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, WebError> {
    let (tid, number) = path.into_inner();
    let data = Loaded::load(&db, tournament(&db, tid).await?).await?;
    let (organiser, referee) = roles(&ctx, &db, &data.t).await?;
    let round = visible_round(&data, number, organiser)?;
    let lines = data.matches_of_round(&round).map(|m| match_line(&data, m)).collect();
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
        store::tournaments::holders(&db, data.t.id, crate::store::tournaments::Role::Referee).await?
    } else {
        Vec::new()
    };
    render(&RoundPage { ctx: &ctx, t: &data.t, round, lines, organiser, referee, table_refs, referees })
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
#[template(path = "why.html")]
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
    ctx: Ctx,
    db: web::Data<Db>,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, WebError> {
    let (tid, number) = path.into_inner();
    let data = Loaded::load(&db, tournament(&db, tid).await?).await?;
    let (organiser, _) = roles(&ctx, &db, &data.t).await?;
    let round = visible_round(&data, number, organiser)?;
    let e: Explanation = serde_json::from_str(&round.explanation).map_err(|_| WebError::NotFound)?;
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
            text.push_str(&format!("; {} {}", names(&b.lower_ranked_had_bye), ctx.t("had_bye")));
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
        t: &data.t,
        number,
        groups,
        floaters,
        bye,
        not_paired,
        forbidden_paired,
        raw: e.to_string(),
    };
    render(&page)
}

#[derive(Template)]
#[template(path = "standings.html")]
struct StandingsPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    columns: &'a [String],
    lines: &'a [StandingLine],
}

/// Standings with every tiebreak column; computed by the league, cached per tournament stamp.
pub async fn standings(
    ctx: Ctx,
    db: web::Data<Db>,
    cache: web::Data<StandingsCache>,
    path: web::Path<i64>,
) -> Result<HttpResponse, WebError> {
    let id = TournamentId(path.into_inner());
    let stamp = store::tournaments::stamp(&db, id).await?.ok_or(WebError::NotFound)?;
    let cached = match cache.get(id, stamp) {
        Some(c) => c,
        None => {
            let data = Loaded::load(&db, tournament(&db, id.0).await?).await?;
            let (columns, lines) = standing_lines(&data, &data.standings());
            let c = Arc::new(CachedStandings { tournament: data.t, columns, lines });
            cache.put(id, stamp, Arc::clone(&c));
            c
        }
    };
    render(&StandingsPage {
        ctx: &ctx,
        t: &cached.tournament,
        columns: &cached.columns,
        lines: &cached.lines,
    })
}

#[derive(Template)]
#[template(path = "player.html")]
struct PlayerPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    player: store::players::Player,
    lines: Vec<MatchLine>,
    red_total: i64,
    rank: Option<u32>,
    match_points: String,
}

pub async fn player(
    ctx: Ctx,
    db: web::Data<Db>,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, WebError> {
    let (tid, pid) = path.into_inner();
    let data = Loaded::load(&db, tournament(&db, tid).await?).await?;
    let player = data.player(PlayerId(pid)).cloned().ok_or(WebError::NotFound)?;
    let lines: Vec<MatchLine> = data
        .matches
        .iter()
        .filter(|m| data.is_public(m) && (m.player_a == player.id || m.player_b == Some(player.id)))
        .map(|m| match_line(&data, m))
        .collect();
    // Red-side points as the standings count them: the league's scorecard, flag rule applied
    // (a Red commander who ran out of time scores 0 whatever was typed).
    let standings = data.standings();
    let row = standings.iter().find(|r| sp(r.player) == player.id);
    let red_total = row.map_or(0, |r| i64::from(r.red_side_points));
    let page = PlayerPage {
        ctx: &ctx,
        t: &data.t,
        rank: row.map(|r| r.rank),
        match_points: row.map(|r| r.match_points.to_decimal_string()).unwrap_or_default(),
        player,
        lines,
        red_total,
    };
    render(&page)
}

#[derive(Template)]
#[template(path = "match.html")]
struct MatchPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    line: MatchLine,
    decks: Vec<store::deck_checks::DeckCheck>,
    history: Vec<store::history::Change>,
    referee: bool,
}

pub async fn match_page(
    ctx: Ctx,
    db: web::Data<Db>,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, WebError> {
    let (tid, mid) = path.into_inner();
    let data = Loaded::load(&db, tournament(&db, tid).await?).await?;
    let (organiser, referee) = roles(&ctx, &db, &data.t).await?;
    let m = visible_match(&data, MatchId(mid), organiser)?;
    let line = match_line(&data, m);
    let mut history = Vec::new();
    if referee {
        history.extend(store::history::for_entity(&db, "match", m.id.0).await?);
        for g in &line.games {
            history.extend(store::history::for_entity(&db, "game", g.id.0).await?);
        }
    }
    let decks = store::deck_checks::of_match(&db, m.id).await?;
    render(&MatchPage { ctx: &ctx, t: &data.t, line, decks, history, referee })
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

#[derive(Template)]
#[template(path = "bracket.html")]
struct BracketPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    columns: Vec<(String, Vec<BracketMatchView>)>,
    third: Option<BracketMatchView>,
    champion: Option<String>,
    third_winner: Option<String>,
    problem: Option<String>,
}

/// The knockout drawn as a bracket (columns of rounds), from the league's `Bracket`.
pub async fn bracket(ctx: Ctx, db: web::Data<Db>, path: web::Path<i64>) -> Result<HttpResponse, WebError> {
    use crate::league::{BracketMatch, Slot};
    let data = Loaded::load(&db, tournament(&db, path.into_inner()).await?).await?;
    let stored: Vec<(MatchId, i64)> = data
        .knockout_matches()
        .filter(|(m, _)| data.is_public(m))
        .map(|(m, at)| (m.id, slot_of(at)))
        .collect();
    let view = |m: &BracketMatch, title: String| {
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
    let (mut columns, mut third, mut champion, mut third_winner, mut problem) =
        (Vec::new(), None, None, None, None);
    match data.bracket() {
        None => {}
        Some(Err(e)) => problem = Some(e),
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
                columns.push((title.clone(), matches.iter().map(|m| view(m, title.clone())).collect()));
            }
            third = b.third_place.as_ref().map(|m| view(m, ctx.t("third_place_match").to_string()));
            champion = b.champion().map(|p| data.name(sp(p)));
            third_winner = b.third().map(|p| data.name(sp(p)));
        }
    }
    render(&BracketPage { ctx: &ctx, t: &data.t, columns, third, champion, third_winner, problem })
}
