//! The player's page as this player may see it (see the module above).

use super::Tables;
use crate::app::online::no_show;
use crate::app::online::play::Up;
use crate::app::recording::game::{names, now_ms, replay};
use crate::app::recording::offers::{Offer, Seat, offers};
use crate::engine::notation::{Body, Event, PlayBody};
use crate::engine::{GameState, narrate};
use crate::league::no_show::{Seat as WaitSeat, Waiting};
use crate::outcome::Side;
use crate::store::recordings::Status as RecStatus;
use crate::store::rounds::Status as RoundStatus;
use crate::store::{self, Store};
use crate::web::board::{Board, colour_class};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::player_link::PlayerLink;
use crate::web::routes::render_status;
use crate::web::table::taps::{OfferView, TapList, offer_view, one_of_each_length};
use crate::web::table::{ClockView, awaited_text, clock_views, phase_key, side_key};
use crate::web::text::names::Named;
use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use askama::Template;

/// What the page says besides the position.
#[derive(Default)]
pub(crate) struct Said {
    pub error: String,
    pub notice: String,
    /// What the player tapped so far without scripts (`?pick=u:R16A,h:e4`): the board links the
    /// next taps and the list shows only the offers holding all of these.
    pub picks: Vec<String>,
}

/// One card of the player's reserve, as a card face in the hand.
pub(crate) struct CardView {
    pub token: String,
    pub name: String,
    pub strength: u8,
    /// `c-red`, ...: the card's colour.
    pub colour: &'static str,
    /// Where a tap leads without scripts (the card is part of an offer now).
    pub href: Option<String>,
    /// Tapped already (without scripts).
    pub on: bool,
}

/// The page's address with `picks` tapped (without scripts).
fn pick_href(token: &str, picks: &[String]) -> String {
    let joined = picks.join(",");
    let q = serde_urlencoded::to_string([("pick", joined.as_str())]).unwrap_or_default();
    format!("/online/{token}?{q}#on-list")
}

/// A game of the match, with its deal's commitment and, once over, its seed.
pub(crate) struct DealView {
    pub game_no: i64,
    pub commitment: String,
    pub seed: Option<String>,
    pub side: &'static str,
}

#[derive(Template)]
#[template(path = "online/play.html")]
struct OnlinePage<'a> {
    ctx: &'a Ctx,
    token: &'a str,
    event_name: &'a str,
    table_no: i64,
    game_no: i64,
    game_id: i64,
    /// `red` / `polish`.
    side_code: &'static str,
    me: String,
    opponent: String,
    /// `side_red_plural` / `side_polish_plural`.
    my_side: &'static str,
    started: bool,
    waiting: String,
    /// Game 1 waits for the opponent: seconds until the no-show may be claimed (0: now).
    claim_in: Option<i64>,
    /// The same in words (`12 min 5 s`).
    claim_in_text: String,
    finished: bool,
    result: String,
    steps: i64,
    game_round: u8,
    phase: &'static str,
    decides: &'static str,
    your_turn: bool,
    awaited: String,
    clocks: Vec<ClockView>,
    board: String,
    board_list: Vec<String>,
    hand: Vec<CardView>,
    opponent_hand: u32,
    my_deck: u8,
    opponent_deck: u8,
    /// The offers the list shows (all, or those holding what was picked without scripts).
    tap_list: TapList,
    /// The offers with no tap keys (pass, a yes or no): buttons in the tray under the board.
    own_buttons: Vec<OfferView>,
    /// Something was picked without scripts: the list is open, with a way back.
    picking: bool,
    moves: Vec<String>,
    deals: Vec<DealView>,
    error: String,
    notice: String,
    paused: bool,
}

/// A line as `viewer` may read it: what the opponent drew, selected for a combat or saw by Broken
/// Cipher, and the card `viewer` pulled back (nobody sees it), are told without the cards.
fn seen_by(viewer: Side, before: &GameState<'_>, line: &Event, ctx: &Ctx) -> String {
    let theirs = line.side != viewer;
    let who = ctx.t(line.side.text_key());
    let hidden = match &line.body {
        Body::Draw { cards } if theirs => Some(format!("{} {}", ctx.t("on_told_draw"), cards.len())),
        Body::Pillage { draw: Some(_), .. } if theirs => Some(ctx.t("on_told_pillage").to_string()),
        Body::Select { cards } if theirs => Some(format!("{} {}", ctx.t("on_told_select"), cards.len())),
        Body::Pull { .. } if !theirs => Some(ctx.t("on_told_pull").to_string()),
        Body::Play { play: PlayBody::BrokenCipher { .. }, .. } if theirs => {
            Some(ctx.t("on_told_cipher").to_string())
        }
        _ => None,
    };
    match hidden {
        Some(h) => format!("{who}: {h}"),
        None => narrate::sentence(before, line, ctx.lang),
    }
}

fn label(state: &GameState<'_>, o: &Offer, ctx: &Ctx) -> String {
    match (&o.line, o.card) {
        (Some(line), _) => narrate::sentence(state, line, ctx.lang),
        (None, Some(card)) => {
            let spec = state.edition().card(card);
            let target = o.target.map(|u| format!(" → {}", state.edition().unit(u).code)).unwrap_or_default();
            format!("{}: {} ({}){target}", ctx.t("on_play_card"), spec.name, card.token())
        }
        (None, None) => o.value.clone(),
    }
}

/// The page of the game in play (or the last one, once the match is over), as `up` brought it up.
pub(crate) async fn page(
    ctx: &Ctx,
    db: &Store,
    tables: Tables<'_>,
    player: &PlayerLink,
    up: Option<Up>,
    said: Said,
    status: StatusCode,
) -> Result<HttpResponse, WebError> {
    let Tables { editions, deals, .. } = tables;
    let said_picks = said.picks;
    let up = up.ok_or(WebError::NotFound)?;
    let (o, game) = (player, &up.game.row);
    let side = o.side_in(game);
    let (red_name, polish_name) = names(&o.m, game);
    let (me, opponent) = if side == Side::Red {
        (red_name.clone(), polish_name.clone())
    } else {
        (polish_name.clone(), red_name.clone())
    };
    let rec = &up.game.rec;
    // Read again if bringing the game up finished it (a flag that fell meanwhile): its result.
    let read_again;
    let games = if up.finished {
        read_again = store::games::of_match(db, o.m.id).await?;
        &read_again
    } else {
        &o.games
    };
    let mut shown = Vec::new();
    for g in games {
        if let Some(d) = deals.get(db, g.id).await? {
            let over = g.has_result();
            shown.push(DealView {
                game_no: g.game_no,
                commitment: d.seed_sha256,
                seed: over.then_some(d.seed),
                side: side_key(o.side_in(g)),
            });
        }
    }
    let mut page = OnlinePage {
        ctx,
        token: &o.token,
        event_name: &o.t.name,
        table_no: o.m.table_no,
        game_no: game.game_no,
        game_id: game.id.0,
        side_code: side.as_str(),
        me,
        opponent,
        my_side: side_key(side),
        started: rec.is_some(),
        waiting: String::new(),
        claim_in: None,
        claim_in_text: String::new(),
        finished: false,
        result: String::new(),
        steps: 0,
        game_round: 1,
        phase: "phase_setup",
        decides: "",
        your_turn: false,
        awaited: String::new(),
        clocks: Vec::new(),
        board: String::new(),
        board_list: Vec::new(),
        hand: Vec::new(),
        opponent_hand: 0,
        my_deck: 0,
        opponent_deck: 0,
        tap_list: TapList::new(format!("/online/{}", o.token), false, "on_tap_help"),
        own_buttons: Vec::new(),
        picking: false,
        moves: Vec::new(),
        deals: shown,
        error: said.error,
        notice: said.notice,
        paused: false,
    };
    let Some(rec) = rec else {
        let waiting =
            if o.m.forfeit.is_some() || game.has_result() || o.m.round_status != RoundStatus::Published {
                None
            } else {
                no_show::waiting(db, &o.t, &o.m).await?.map(|(_, w)| w)
            };
        let me = if o.link.player_id == o.m.player_a { WaitSeat::A } else { WaitSeat::B };
        page.waiting = if o.m.forfeit.is_some() {
            ctx.t("refused_match_forfeited")
        } else if game.has_result() {
            ctx.t("on_match_over")
        } else if let Some(Waiting::OneAbsent { absent, secs_left }) = waiting
            && absent != me
        {
            page.claim_in = Some(secs_left);
            page.claim_in_text = min_sec(ctx, secs_left);
            ctx.t("on_waiting_opponent")
        } else {
            ctx.t("on_not_started")
        }
        .to_string();
        return render_status(status, &page);
    };
    let edition = editions.get(db, &rec.edition).await?;
    let played = replay(rec, &edition, up.game.options())?;
    let state = played.state();
    let now = now_ms();
    page.finished = rec.status != RecStatus::Recording || state.is_over();
    page.paused = rec.paused;
    page.steps = rec.steps;
    page.game_round = state.round();
    page.phase = phase_key(state);
    page.decides = state.to_act().map_or("", side_key);
    page.your_turn = !page.finished && state.to_act() == Some(side);
    page.awaited = awaited_text(state, ctx.lang);
    page.clocks = clock_views(&rec.clock, now, ctx.lang, [&red_name, &polish_name]);
    if let Some(out) = state.outcome() {
        page.result = format!(
            "{}: {} ({}) · {}: {}",
            ctx.t("winner"),
            ctx.t(out.winner.text_key()),
            ctx.t(out.termination.text_key()),
            ctx.t("red_points"),
            out.red_points
        );
    }
    page.hand = state
        .hand(side)
        .iter()
        .map(|c| {
            let spec = edition.card(c);
            CardView {
                token: c.token(),
                name: spec.name.clone(),
                strength: spec.strength,
                colour: colour_class(spec.colour),
                href: None,
                on: false,
            }
        })
        .collect();
    page.opponent_hand = state.hand_size(side.opponent());
    page.my_deck = state.deck_size(side);
    page.opponent_deck = state.deck_size(side.opponent());
    let mut board = Board::of(state, "on");
    board.tap = true;
    if page.your_turn && !rec.paused {
        let all: Vec<(OfferView, Vec<String>)> = offers(state, Seat::Player(side))
            .lines
            .iter()
            .map(|of| offer_view(state, side, &of.value, label(state, of, ctx)))
            .collect();
        let picks: Vec<String> =
            said_picks.into_iter().filter(|p| all.iter().any(|(_, k)| k.contains(p))).collect();
        page.tap_list.total = all.len();
        page.picking = !picks.is_empty();
        page.tap_list.picking = page.picking;
        let chosen = |k: &Vec<String>| picks.iter().all(|p| k.contains(p));
        // The next taps: the first thing each offer names, or, once something is picked, the rest
        // of what the offers holding it name.
        let mut next: Vec<String> = Vec::new();
        for (_, keys) in all.iter().filter(|(_, k)| chosen(k)) {
            let more: Vec<&String> = if picks.is_empty() {
                keys.first().into_iter().collect()
            } else {
                keys.iter().filter(|k| !picks.contains(k)).collect()
            };
            for k in more {
                if !next.contains(k) {
                    next.push(k.clone());
                }
            }
        }
        let href = |k: &str| {
            let mut p = picks.clone();
            p.push(k.to_string());
            pick_href(&o.token, &p)
        };
        let e = state.edition();
        for k in &next {
            if let Some(code) = k.strip_prefix("u:")
                && let Some(u) = e.unit_by_code(code)
            {
                board.marks.unit_links.push((u, href(k)));
                if e.unit(u).side != side {
                    board.marks.targets.push(u);
                }
            } else if let Some(label) = k.strip_prefix("h:")
                && let Some(h) = e.hex_by_label(label)
            {
                board.marks.hex_links.push((h, href(k)));
            } else if let Some(tok) = k.strip_prefix("c:")
                && let Some(c) = page.hand.iter_mut().find(|c| c.token == tok)
            {
                c.href = Some(href(k));
            }
        }
        for p in &picks {
            if let Some(u) = p.strip_prefix("u:").and_then(|c| e.unit_by_code(c)) {
                board.marks.selected.get_or_insert(u);
            } else if let Some(h) = p.strip_prefix("h:").and_then(|l| e.hex_by_label(l)) {
                board.marks.path.push(h);
            } else if let Some(c) =
                p.strip_prefix("c:").and_then(|t| page.hand.iter_mut().find(|c| c.token == t))
            {
                c.on = true;
            }
        }
        // Without scripts, once something is picked the list shows what holds it: of the paths to
        // one space, one of each length (as long, they leave the same position), not hundreds.
        let all = if picks.is_empty() { all } else { one_of_each_length(all) };
        for (view, keys) in all {
            if keys.is_empty() {
                page.own_buttons.push(OfferView {
                    value: view.value.clone(),
                    label: view.label.clone(),
                    keys: String::new(),
                    via: String::new(),
                });
            }
            if chosen(&keys) {
                page.tap_list.offers.push(view);
            }
        }
    }
    page.board = board.svg(ctx.lang);
    page.board_list = board.list(ctx.lang);
    // The last 16 lines, newest first.
    page.moves = (0..played.line_count())
        .rev()
        .take(16)
        .filter_map(|i| played.line(i).map(|(line, before)| seen_by(side, before, line, ctx)))
        .collect();
    render_status(status, &page)
}

/// A duration in minutes and seconds (`12 min 5 s`), for the no-show's countdown.
pub(super) fn min_sec(ctx: &Ctx, secs: i64) -> String {
    let (m, s) = (secs / 60, secs % 60);
    match (m, s) {
        (0, s) => format!("{s} {}", ctx.t("on_seconds_short")),
        (m, 0) => format!("{m} {}", ctx.t("on_minutes_short")),
        (m, s) => format!("{m} {} {s} {}", ctx.t("on_minutes_short"), ctx.t("on_seconds_short")),
    }
}
