//! The referee's page of an online match, `/ref/t/{t}/match/{m}/online`: whether it is online (an
//! organiser marks it, or its whole round), each player's personal link (issued, live or revoked),
//! a new link shown once with its QR code (only its SHA-256 is kept, so it cannot be shown again:
//! issuing another revokes the first), revoking a link (it answers 403 at once), and each game's
//! deal commitment. The referee sees both sides on the recorder, as for a game at the table.

use crate::app::online::no_show::{self, Claimant};
use crate::app::online::{links, mark};
use crate::league::no_show::{Seat, Waiting};
use crate::store::online::{Deal, Link};
use crate::store::rounds::MatchRow;
use crate::store::tournaments::Tournament;
use crate::store::{self, MatchId, PlayerId, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::role::Refereeing;
use crate::web::routes::{render, see_other};
use crate::web::security::csrf::CsrfForm;
use crate::web::settings::PublicUrl;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

/// One player's link, as the referee sees it.
struct PlayerLinks {
    player: PlayerId,
    name: String,
    /// A live link exists (issued at).
    live: Option<String>,
    revoked: usize,
    /// Opened a link since the match went online (when first).
    present: Option<String>,
}

/// Where the wait for the players stands (game 1 not started, no walkover).
struct WaitView {
    since: String,
    /// Neither player has come: the referee decides as at the table.
    neither: bool,
    /// One player absent: the time left before the no-show may be recorded, in words (empty: now).
    left: String,
    /// The no-show may be recorded now: the present player's id and the absent player's name.
    claim: Option<(PlayerId, String)>,
}

/// A link just issued: shown once.
struct Issued {
    name: String,
    url: String,
    qr: String,
}

#[derive(Template)]
#[template(path = "online/referee.html")]
struct RefereePage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    m: &'a MatchRow,
    online: bool,
    organiser: bool,
    players: Vec<PlayerLinks>,
    games: Vec<(i64, Deal)>,
    issued: Option<Issued>,
    wait: Option<WaitView>,
}

#[derive(Deserialize, Default)]
pub struct OnlineForm {
    /// `mark`, `mark-round`, `table`, `issue`, `revoke`, `no-show` (`player`: the one present).
    #[serde(default)]
    action: String,
    #[serde(default)]
    player: String,
}

/// The match of the path, of the referee's tournament.
async fn match_of(db: &Store, referee: &Refereeing, mid: i64) -> Result<MatchRow, WebError> {
    store::rounds::get_match(db, referee.t.id, MatchId(mid)).await?.ok_or(WebError::NotFound)
}

async fn show(
    ctx: &Ctx,
    db: &Store,
    t: &Tournament,
    m: &MatchRow,
    organiser: bool,
    issued: Option<Issued>,
) -> Result<HttpResponse, WebError> {
    let online = store::online::is_online(db, m.id).await?;
    let all: Vec<Link> = store::online::links_of(db, m.id).await?;
    let waiting = if online { no_show::waiting(db, t, m).await? } else { None };
    let presence = waiting.as_ref().map(|(p, _)| p);
    let mut players = Vec::new();
    let sides = [(Some(m.player_a), Some(m.a_name.clone())), (m.player_b, m.b_name.clone())];
    for (k, (p, name)) in sides.into_iter().enumerate() {
        let (Some(p), Some(name)) = (p, name) else { continue };
        let mine: Vec<&Link> = all.iter().filter(|l| l.player_id == p).collect();
        players.push(PlayerLinks {
            player: p,
            name,
            live: mine.iter().find(|l| !l.is_revoked()).map(|l| l.created_at.clone()),
            revoked: mine.iter().filter(|l| l.is_revoked()).count(),
            present: presence.and_then(|pr| if k == 0 { pr.a.clone() } else { pr.b.clone() }),
        });
    }
    let mut games = Vec::new();
    let mut started = false;
    for g in store::games::of_match(db, m.id).await? {
        started |= g.has_result() || store::recordings::get(db, g.id).await?.is_some();
        if let Some(d) = store::online::deal(db, g.id).await? {
            games.push((g.game_no, d));
        }
    }
    games.sort_by_key(|(n, _)| *n);
    let wait = match &waiting {
        Some((p, w)) if m.forfeit.is_none() && !started && *w != Waiting::BothPresent => {
            let name = |seat: Seat| {
                if seat == Seat::A { m.a_name.clone() } else { m.b_name.clone().unwrap_or_default() }
            };
            let id = |seat: Seat| if seat == Seat::A { Some(m.player_a) } else { m.player_b };
            let (left, claim) = match *w {
                Waiting::OneAbsent { absent, secs_left: 0 } => {
                    (String::new(), id(absent.other()).map(|present| (present, name(absent))))
                }
                Waiting::OneAbsent { secs_left, .. } => (super::view::min_sec(ctx, secs_left), None),
                _ => (String::new(), None),
            };
            Some(WaitView {
                since: p.waiting_since.clone(),
                neither: *w == Waiting::NeitherPresent,
                left,
                claim,
            })
        }
        _ => None,
    };
    render(&RefereePage { ctx, t, m, online, organiser, players, games, issued, wait })
}

/// The page.
pub async fn online_referee_page(
    ctx: Ctx,
    referee: Refereeing,
    db: web::Data<Store>,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, WebError> {
    let (_, mid) = path.into_inner();
    let m = match_of(&db, &referee, mid).await?;
    show(&ctx, &db, &referee.t, &m, referee.organiser, None).await
}

/// Mark online (an organiser), issue or revoke a link (a referee).
pub async fn online_referee_post(
    req: HttpRequest,
    ctx: Ctx,
    referee: Refereeing,
    db: web::Data<Store>,
    public_url: Option<web::Data<PublicUrl>>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<OnlineForm>,
) -> Result<HttpResponse, WebError> {
    let (_, mid) = path.into_inner();
    let m = match_of(&db, &referee, mid).await?;
    let (t, organiser, by) = (&referee.t, referee.organiser, referee.by());
    let back = format!("/ref/t/{}/match/{}/online", t.id, m.id);
    let f = &form.value;
    let player = || -> Result<PlayerId, WebError> {
        let p = f.player.trim().parse::<i64>().map(PlayerId).map_err(|_| WebError::NotFound)?;
        if p == m.player_a || Some(p) == m.player_b { Ok(p) } else { Err(WebError::NotFound) }
    };
    match f.action.as_str() {
        "mark" | "mark-round" => {
            if !organiser {
                return Err(WebError::Forbidden);
            }
            if f.action == "mark" {
                mark::mark_match(&db, t.id, m.id, by).await?;
            } else {
                mark::mark_round(&db, t.id, m.round_id, by).await?;
            }
            tracing::info!(tournament = %t.id, r#match = %m.id, action = %f.action, "marked online");
            Ok(see_other(&back))
        }
        "table" => {
            if !organiser {
                return Err(WebError::Forbidden);
            }
            mark::back_to_table(&db, t.id, m.id).await?;
            tracing::info!(tournament = %t.id, r#match = %m.id, "online match back to the table");
            Ok(see_other(&back))
        }
        "issue" => {
            let p = player()?;
            let token = links::issue(&db, t.id, m.id, p, by).await?;
            let base = match public_url.and_then(|u| u.0.clone()).filter(|u| !u.trim().is_empty()) {
                Some(u) => u.trim().trim_end_matches('/').to_string(),
                None => {
                    let info = req.connection_info();
                    format!("{}://{}", info.scheme(), info.host())
                }
            };
            let url = format!("{base}/online/{token}");
            let qr = crate::web::qr::svg(&url).unwrap_or_default();
            let name = if p == m.player_a { m.a_name.clone() } else { m.b_name.clone().unwrap_or_default() };
            show(&ctx, &db, t, &m, organiser, Some(Issued { name, url, qr })).await
        }
        "no-show" => {
            // The player named is the one present: the opponent's no-show is recorded.
            let p = player()?;
            let forfeit = no_show::claim(&db, t, &m, p, Claimant::Official(referee.role()), by).await?;
            tracing::info!(tournament = %t.id, r#match = %m.id, forfeit = forfeit.as_str(), "no-show recorded online");
            Ok(see_other(&back))
        }
        "revoke" => {
            links::revoke(&db, t.id, m.id, player()?).await?;
            tracing::info!(tournament = %t.id, r#match = %m.id, "online link revoked");
            Ok(see_other(&back))
        }
        _ => Err(WebError::BadRequest(ctx.t("choose_one").to_string())),
    }
}
