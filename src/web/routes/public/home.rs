//! Public pages that need no league computation: the tournament list and a tournament's front page.
//! Both come from the read model (the list is kept per fingerprint of the tournaments' versions).
//!
//! The front page serves a parent on a phone (issue 22, item 8): `?q=` finds a player by name (a
//! GET form, no script needed; case and Polish diacritics ignored, `lukasz` finds `Łukasz`), and
//! `?follow=ID` puts a card for that player at the top: the next match with its table and who
//! commands Red in game 1, and the last result. `static/follow.js` keeps the followed player in the
//! browser (`localStorage`) and brings the card back on the next visit; without it the `?follow=`
//! link works alone. Such a page depends on its query, so it is never cached.

use crate::app::snapshot::MatchState;
use crate::league::persons::fold;
use crate::store::PlayerId;
use crate::store::seasons::listing::SeasonLine;
use crate::store::tournaments::Tournament;
use crate::store::{self, Store, players::Player};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::public_page::PublicPage;
use crate::web::read_model::cache::Views;
use crate::web::read_model::http::{Body, PageKey};
use crate::web::read_model::lines::{MatchLine, RoundHead};
use crate::web::routes::public::roles;
use crate::web::text::names::Named;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

#[derive(Template)]
#[template(path = "public/index.html")]
struct IndexPage<'a> {
    ctx: &'a Ctx,
    tournaments: Vec<Tournament>,
    /// The seasons under way or to come, listed first (issue 37), and the past ones.
    current: Vec<SeasonLine>,
    past: Vec<SeasonLine>,
    /// The players this browser follows (`?follow=T.P,…`, put there by `static/follow.js` from
    /// what the tournaments' pages stored), each with the next table; `None`: nobody asked.
    followed: Option<Vec<FollowedCard>>,
    /// Followed entries that are no more (tournament id): the script forgets them.
    gone: Vec<i64>,
}

/// A followed player on the front page: where they play next.
struct FollowedCard {
    t: i64,
    t_name: String,
    player: i64,
    name: String,
    next: Option<NextTable>,
}

/// The followed player's match of the latest public round while it is not decided.
struct NextTable {
    match_id: i64,
    round: i64,
    table: i64,
    bye: bool,
    started: bool,
    /// Red in game 1.
    a_name: String,
    b_name: String,
}

/// At most this many followed players on the front page (a family, not a club).
const FOLLOWED_AT_MOST: usize = 6;

/// `T.P` pairs of the front page's `follow`, in order, repeats and anything unreadable left out.
fn follow_pairs(follow: &str) -> Vec<(i64, i64)> {
    let mut pairs = Vec::new();
    for part in follow.split(',') {
        let Some((t, p)) = part.trim().split_once('.') else { continue };
        let (Ok(t), Ok(p)) = (t.parse::<i64>(), p.parse::<i64>()) else { continue };
        if !pairs.contains(&(t, p)) && pairs.len() < FOLLOWED_AT_MOST {
            pairs.push((t, p));
        }
    }
    pairs
}

/// The cards of the followed players, and the tournaments of the pairs that are no more.
async fn followed_cards(
    db: &Store,
    views: &Views,
    pairs: &[(i64, i64)],
) -> Result<(Vec<FollowedCard>, Vec<i64>), WebError> {
    let mut cards = Vec::new();
    let mut gone = Vec::new();
    for &(t, p) in pairs {
        let view = match views.get(db, crate::store::TournamentId(t)).await {
            Ok(view) => view,
            Err(WebError::NotFound) => {
                gone.push(t);
                continue;
            }
            Err(e) => return Err(e),
        };
        let Some(player) = view.player(PlayerId(p)) else {
            gone.push(t);
            continue;
        };
        let lines: Vec<&MatchLine> = view.public_lines_of_player(player.id).collect();
        let next = lines.last().copied().filter(|l| !finished(l)).map(|l| NextTable {
            match_id: l.id.0,
            round: l.round,
            table: l.table,
            bye: l.is_bye,
            started: l.started(),
            a_name: l.a_name.clone(),
            b_name: l.b_name.clone(),
        });
        cards.push(FollowedCard {
            t,
            t_name: view.t().name.clone(),
            player: p,
            name: player.name.clone(),
            next,
        });
    }
    Ok((cards, gone))
}

pub async fn index(
    req: HttpRequest,
    ctx: Ctx,
    db: web::Data<Store>,
    views: web::Data<Views>,
) -> Result<HttpResponse, WebError> {
    let query: FrontQuery = serde_urlencoded::from_str(req.query_string()).unwrap_or_default();
    let pages = views.home(&db).await?;
    // A page with followed players depends on its query: never kept, never served from the cache.
    let key = if query.follow.is_some() { None } else { PageKey::page(&req, &ctx) };
    if let Some(mut hit) = pages.cached(&req, key.as_ref()) {
        if views.database_away() {
            // The list as it was before the database went away (a tournament page says so in words).
            hit.headers_mut().insert(
                actix_web::http::header::WARNING,
                actix_web::http::header::HeaderValue::from_static("110 - \"Response is Stale\""),
            );
        }
        return Ok(hit);
    }
    let tournaments = store::tournaments::list(&db).await?;
    let today = chrono::Utc::now().date_naive();
    let (mut current, past): (Vec<SeasonLine>, Vec<SeasonLine>) =
        store::seasons::listing::all(&db).await?.into_iter().partition(|s| s.last_day >= today);
    // Under way first (the earliest to end first), then those still to come.
    current.sort_by_key(|s| (s.first_day > today, s.last_day, s.id.0));
    let (followed, gone) = match query.follow.as_deref() {
        Some(follow) => {
            let (cards, gone) = followed_cards(&db, &views, &follow_pairs(follow)).await?;
            (Some(cards), gone)
        }
        None => (None, Vec::new()),
    };
    let page = IndexPage { ctx: &ctx, tournaments, current, past, followed, gone };
    Ok(pages.serve(&req, key, Body::html(page.render()?)))
}

#[derive(Template)]
#[template(path = "public/tournament.html")]
struct TournamentPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    rounds: Vec<RoundHead>,
    players: &'a [Player],
    organiser: bool,
    referee: bool,
    /// The search typed (`None`: no search asked) and the players it found.
    search: Option<String>,
    found: Vec<&'a Player>,
    followed: Option<Followed<'a>>,
    /// The groups' letters, when the tournament opens with groups (the stage switcher).
    groups: Vec<&'a str>,
    /// A knockout follows the groups.
    groups_knockout: bool,
    /// The season the tournament is an event of: (season id, season name, level, region).
    season: Option<(i64, String, String, String)>,
    /// Entries from schools open (issue 39): their last day, for the "Zgłoś szkołę" link.
    entries_open: Option<String>,
}

/// The last day of entries while they are open (not past it, round 1's players not seated).
async fn entries_open(db: &Store, t: crate::store::TournamentId) -> Result<Option<String>, WebError> {
    let today = chrono::Utc::now().date_naive();
    Ok(crate::app::entries::open::rules(db, t)
        .await?
        .filter(|o| !o.seated && o.rules.deadline >= today)
        .map(|o| o.rules.deadline.format("%d.%m.%Y").to_string()))
}

/// The followed player's card.
struct Followed<'a> {
    player: &'a Player,
    /// The match of the player's latest public round while it is not decided.
    next: Option<&'a MatchLine>,
    /// The latest decided match (or bye).
    last: Option<&'a MatchLine>,
}

/// The front page's query: both parts optional, anything unreadable ignored (a page, not a form).
#[derive(Debug, Default, serde::Deserialize)]
struct FrontQuery {
    q: Option<String>,
    follow: Option<String>,
}

/// The players whose folded name holds the folded search (case and diacritics aside), in the
/// list's order; nobody for a blank search.
fn find<'a>(players: &'a [Player], search: &str) -> Vec<&'a Player> {
    let wanted = fold(search);
    if wanted.is_empty() {
        return Vec::new();
    }
    players.iter().filter(|p| fold(&p.name).contains(&wanted)).collect()
}

/// A match or bye that needs nothing more.
fn finished(line: &MatchLine) -> bool {
    matches!(line.state, MatchState::Decided(_) | MatchState::Bye)
}

/// The season tournament `t` is an event of, with its level and region (issue 37: each event's
/// page links its season).
async fn season_of(
    db: &Store,
    t: crate::store::TournamentId,
) -> Result<Option<(i64, String, String, String)>, WebError> {
    let Some(event) = crate::app::season::event_of(db, t).await? else { return Ok(None) };
    let s = crate::app::season::season(db, event.season_id).await?;
    let level = s.level_index(event.level_id).map(|l| s.season.levels()[l].clone()).unwrap_or_default();
    let region = event
        .region_id
        .and_then(|r| s.region_index(r))
        .map(|r| s.season.regions()[r].clone())
        .unwrap_or_default();
    Ok(Some((s.id.0, s.season.name().to_string(), level, region)))
}

pub async fn tournament(
    req: HttpRequest,
    ctx: Ctx,
    db: web::Data<Store>,
    mut page: PublicPage,
) -> Result<HttpResponse, WebError> {
    let query: FrontQuery = serde_urlencoded::from_str(req.query_string()).unwrap_or_default();
    if query.q.is_some() || query.follow.is_some() {
        page.unshared(&req);
    }
    if let Some(hit) = page.cached() {
        return Ok(hit);
    }
    let view = &page.view;
    let t = view.t();
    let (organiser, referee) = roles(&ctx, &db, t).await?;
    let rounds = view.visible_rounds(organiser).map(|r| RoundHead::new(r, view.round_stage(r))).collect();
    let search = query.q.map(|q| q.trim().to_string());
    let found = search.as_deref().map(|q| find(view.players(), q)).unwrap_or_default();
    let followed =
        query.follow.and_then(|f| f.trim().parse::<i64>().ok()).and_then(|id| view.player(PlayerId(id))).map(
            |player| {
                let lines: Vec<&MatchLine> = view.public_lines_of_player(player.id).collect();
                Followed {
                    player,
                    next: lines.last().copied().filter(|l| !finished(l)),
                    last: lines.iter().rev().copied().find(|l| finished(l)),
                }
            },
        );
    page.render(
        &req,
        &TournamentPage {
            ctx: &ctx,
            t,
            rounds,
            players: view.players(),
            organiser,
            referee,
            search,
            found,
            followed,
            groups: view.groups().groups.iter().map(|g| g.letter.as_str()).collect(),
            groups_knockout: view.groups().knockout,
            // The season is not in the tournament's read model: a stale page (database away) goes
            // without the link rather than waiting for the database.
            season: if page.is_stale() { None } else { season_of(&db, t.id).await? },
            entries_open: if page.is_stale() { None } else { entries_open(&db, t.id).await? },
        },
    )
}
