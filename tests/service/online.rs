//! Online matches over HTTP (issue 25): two scripted players, each with their own cookie jar and
//! personal link, play whole games choosing at random among the events their page offers. Every
//! stored log validates with `check-log`'s library call and names every card; the seed published at
//! the end hashes to the commitment shown at the start and, shuffled as `app::recording::deal` says
//! (re-implemented here), gives exactly the cards drawn; no response to a player carries a card of
//! the opponent's reserve or face-down selection the rules have not shown them. A revoked link
//! answers 403, a stale step 409, a move not offered 422 with nothing stored, a move without the CSRF
//! token 403; a flag fall on the server's clock ends the game on time.

use crate::helpers::*;
use crate::pages::{Match, Online, OnlineReferee, Overview, RefereeMatch, Round, has};
use crate::table::OPTIONS;
use bitwa::engine::error::Awaited;
use bitwa::engine::ids::{CardId, CardSet};
use bitwa::engine::notation::{self, Body, PlayBody};
use bitwa::engine::{Edition, GameState, validate_log};
use bitwa::outcome::{Side, Termination};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

/// Games played by the random test (the issue asks for 30).
fn seeds() -> u64 {
    std::env::var("ONLINE_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(30)
}

/// The offered events of a player's page.
pub(crate) fn offers(body: &str) -> Vec<String> {
    Online::read(body).offers
}

/// The spaces an offered march line crosses (0: no march), counted from its words: the command
/// markers it spends. The picker and the list without scripts offer one path of each length to a
/// space (`web::table::taps::march_length` says why).
pub(crate) fn march_length(value: &str) -> usize {
    let words: Vec<&str> = value.split_whitespace().collect();
    words
        .iter()
        .position(|w| *w == "march")
        .map_or(0, |at| words[at + 1..].iter().take_while(|w| **w != "attack").count())
}

/// The seed of game 1's deal, once published.
fn seed_of(body: &str) -> Option<String> {
    Online::read(body).deal(1).and_then(|d| d.seed.clone())
}

/// What one response showed: whose page, which game, at which step.
struct Seen {
    /// 0: player a's browser, 1: player b's.
    player: usize,
    side: Side,
    game: i64,
    step: usize,
    body: String,
}

fn seen(body: &str) -> Option<(Side, i64, usize)> {
    let page = Online::read(body);
    let side = match page.side?.as_str() {
        "red" => Side::Red,
        _ => Side::Polish,
    };
    Some((side, page.game?, page.step.parse().ok()?))
}

/// A tournament with `players` registered, round 1 published, and its match ids; the organiser.
pub(crate) async fn round_one(app: &TestApp, players: usize) -> (i64, Browser, Vec<i64>) {
    round_one_with(app, players, &[]).await
}

/// [`round_one`] with the configuration's `overrides`.
pub(crate) async fn round_one_with(
    app: &TestApp,
    players: usize,
    overrides: &[(&str, &str)],
) -> (i64, Browser, Vec<i64>) {
    let names: Vec<String> = (0..players)
        .map(|i| format!("Gracz {}{}", char::from(b'A' + (i / 26) as u8), char::from(b'a' + (i % 26) as u8)))
        .collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let day = crate::setup::Day::new(app).config(overrides).named(&names).published().open().await;
    (day.t, day.admin, day.matches)
}

pub(crate) fn referee_url(t: i64, m: i64) -> String {
    format!("/ref/t/{t}/match/{m}/online")
}

/// Issue both players' links of an online match: the two tokens (player a's first) and the player ids.
pub(crate) async fn issue_links(admin: &Browser, t: i64, m: i64) -> Vec<(i64, String)> {
    let page = admin.get(&referee_url(t, m)).await;
    assert!(OnlineReferee::read(&page.assert_ok().body).online);
    let players: Vec<String> = page
        .body
        .split("name=\"player\" value=\"")
        .skip(1)
        .map(|p| p[..p.find('"').unwrap()].to_string())
        .collect();
    let mut ids: Vec<i64> = players.iter().map(|p| p.parse().unwrap()).collect();
    ids.dedup();
    assert_eq!(ids.len(), 2, "two players' links offered");
    let mut out = Vec::new();
    for p in ids {
        let issued = admin.post(&referee_url(t, m), &[("action", "issue"), ("player", &p.to_string())]).await;
        assert_eq!(issued.status, 200, "{}", issued.body);
        let url = OnlineReferee::read(&issued).issued.expect("the link is shown");
        let token = url.rsplit('/').next().unwrap().to_string();
        assert_eq!(token.len(), 64, "256 bits in hex");
        assert!(has(&issued, "#on-issued svg"), "with its QR code");
        out.push((p, token));
    }
    out
}

/// The deck order the seed gives, computed as `app::recording::deal` documents it.
fn decks(seed: &[u8; 32]) -> [Vec<CardId>; 2] {
    let mut rng = ChaCha8Rng::from_seed(*seed);
    let mut shuffle = |first: u8| {
        let mut cards: Vec<CardId> = (first..first + 30).map(CardId).collect();
        for i in (1..cards.len()).rev() {
            let j = ((u128::from(rng.next_u64()) * (i as u128 + 1)) >> 64) as usize;
            cards.swap(i, j);
        }
        cards
    };
    let red = shuffle(0);
    let polish = shuffle(30);
    [red, polish]
}

fn card_tokens(text: &str) -> Vec<CardId> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| w.len() == 3)
        .filter_map(CardId::parse_token)
        .filter(|c| text.contains(&c.token()))
        .collect()
}

/// Does `body` name card `c` by its token, standing alone?
fn names_token(body: &str, token: &str) -> bool {
    let b = body.as_bytes();
    body.match_indices(token).any(|(i, _)| {
        let before = i == 0 || !b[i - 1].is_ascii_alphanumeric();
        let after = i + token.len() >= b.len() || !b[i + token.len()].is_ascii_alphanumeric();
        before && after
    })
}

/// The checks on one finished game: its log (validated, fully named, drawn as the seed deals), and
/// every response either player saw of it.
fn check_game(log_text: &str, seed_hex: &str, commitment: &str, seen: &[Seen], game: i64) -> Termination {
    let e = Edition::builtin();
    let v = validate_log(log_text, e, &OPTIONS)
        .unwrap_or_else(|err| panic!("stored log validates: {err}\n{log_text}"));
    let log = notation::parse(log_text).unwrap();
    for ev in &log.events {
        let line = ev.to_string();
        assert!(!line.split_whitespace().any(|w| w == "?"), "fully named: {line}");
    }
    // Commit, then reveal: the seed hashes to what was shown from the start.
    let mut seed = [0u8; 32];
    for (i, b) in seed.iter_mut().enumerate() {
        *b = u8::from_str_radix(&seed_hex[2 * i..2 * i + 2], 16).unwrap();
    }
    let hashed: String = Sha256::digest(seed).iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(hashed, commitment, "the published seed is the one committed to");
    // The cards drawn, per side in order, are the seed's deck order.
    let order = decks(&seed);
    let mut drawn: [Vec<CardId>; 2] = [Vec::new(), Vec::new()];
    for ev in &log.events {
        let side = usize::from(ev.side == Side::Polish);
        match &ev.body {
            Body::Draw { cards } => drawn[side].extend(cards.iter().filter_map(|c| CardId::parse_token(c))),
            Body::Pillage { draw: Some(c), .. } => drawn[side].extend(CardId::parse_token(c)),
            _ => {}
        }
    }
    for s in 0..2 {
        assert_eq!(drawn[s], order[s][..drawn[s].len()], "side {s} drew its deck in the seed's order");
    }
    // Each response against the position it was drawn at.
    let mut states = vec![GameState::new(e, OPTIONS)];
    for ev in &log.events {
        let next = states.last().unwrap().apply_line(ev).expect("replays");
        states.push(next);
    }
    let mut unique_names: BTreeMap<&str, usize> = BTreeMap::new();
    for s in Side::BOTH {
        for c in e.cards(s) {
            *unique_names.entry(c.name.as_str()).or_default() += 1;
        }
    }
    let mut checked = 0;
    for r in seen.iter().filter(|r| r.game == game) {
        let viewer = r.side;
        let opp = viewer.opponent();
        let state = &states[r.step.min(states.len() - 1)];
        // What the rules showed `viewer` so far: every card named in a line they may read.
        let mut shown = CardSet::EMPTY;
        // The opponent's face-down selection is revealed when the combat reaches its reveal (before
        // Field Fortifications, the strengths always written after it), all but the card `viewer`
        // drew back unseen.
        let mut face_down: Vec<CardId> = Vec::new();
        let mut pulled: Vec<CardId> = Vec::new();
        let upto = r.step.min(log.events.len());
        for ev in &log.events[..upto] {
            let hidden_line = match &ev.body {
                Body::Draw { .. } | Body::Select { .. } | Body::Pillage { draw: Some(_), .. } => {
                    ev.side != viewer
                }
                Body::Play { play: PlayBody::BrokenCipher { .. }, .. } => ev.side != viewer,
                Body::Pull { .. } => ev.side == viewer,
                _ => false,
            };
            match &ev.body {
                Body::Select { cards } if ev.side == opp => {
                    face_down = cards.iter().filter_map(|c| CardId::parse_token(c)).collect();
                    pulled.clear();
                }
                Body::Pull { card } if ev.side == viewer => pulled.extend(CardId::parse_token(card)),
                Body::Strength { .. } => {
                    face_down.iter().filter(|c| !pulled.contains(c)).for_each(|c| shown.insert(*c));
                    face_down.clear();
                }
                _ => {}
            }
            if !hidden_line {
                for c in card_tokens(&ev.to_string()) {
                    shown.insert(c);
                }
            }
        }
        if matches!(state.awaited(), Awaited::FieldFortifications { .. }) {
            face_down.iter().filter(|c| !pulled.contains(c)).for_each(|c| shown.insert(*c));
        }
        let secret = state.hand(opp).union(state.in_combat().intersect(CardSet::full_deck(opp))).minus(shown);
        for c in secret.iter() {
            let at = r.body.find(&c.token()).unwrap_or(0);
            assert!(
                !names_token(&r.body, &c.token()),
                "{viewer} saw the opponent's {} at step {}: {}\nlog:\n{log_text}",
                c.token(),
                r.step,
                &r.body[at.saturating_sub(400)..(at + 200).min(r.body.len())]
            );
            let name = e.card(c).name.as_str();
            if unique_names.get(name) == Some(&1) {
                let at = r.body.find(name).unwrap_or(0);
                assert!(
                    !names_token(&r.body, name),
                    "{viewer} saw the opponent's card {name} at step {}: {}",
                    r.step,
                    &r.body[at.saturating_sub(300)..(at + 200).min(r.body.len())]
                );
            }
        }
        checked += 1;
    }
    assert!(checked > 10, "responses of the game were checked");
    v.outcome.termination
}

/// Each player opens their link once (before that, the game waits for them). The first sees the
/// game wait for the opponent; the second finds it started.
pub(crate) async fn show_up(players: &[(Browser, &str)]) {
    let first = players[0].0.get(&format!("/online/{}", players[0].1)).await;
    let waiting = Online::read(&first.assert_ok().body);
    assert_eq!((waiting.state, waiting.game), ("waiting", None), "{waiting:?}");
    let second = players[1].0.get(&format!("/online/{}", players[1].1)).await;
    assert!(seen(&second.assert_ok().body).is_some(), "both present, the game is on:\n{}", second.body);
}

/// Two players, each with their own browser, play game 1 of a match to its end choosing at random:
/// every response each received (game 2's first page too), game 1's id, its seed and commitment.
async fn play_game(
    app: &TestApp,
    tokens_t: i64,
    tokens: &[(i64, String)],
    rng: &mut ChaCha8Rng,
    aggressive: bool,
) -> (Vec<Seen>, i64, String, String) {
    let players: Vec<(Browser, &str)> = tokens.iter().map(|(_, tok)| (app.browser(), tok.as_str())).collect();
    // Both players come: the game starts once both have opened their links.
    show_up(&players).await;
    let spectator = app.browser();
    let mut seen_all = Vec::new();
    let mut game1 = None;
    let mut commitment = String::new();
    for _ in 0..5000 {
        let mut mover = None;
        let mut seed = None;
        for (i, (b, tok)) in players.iter().enumerate() {
            let page = b.get(&format!("/online/{tok}")).await;
            assert_eq!(page.status, 200, "{}", page.body);
            let Some((side, game, step)) = seen(&page.body) else { panic!("the game page:\n{}", page.body) };
            let g1 = *game1.get_or_insert(game);
            if commitment.is_empty() {
                commitment = Online::read(&page).deal(1).expect("commitment shown").commitment.clone();
            }
            if game == g1 {
                assert!(seed_of(&page.body).is_none(), "the seed is not shown before the end");
                let offered = offers(&page.body);
                if !offered.is_empty() {
                    mover = Some((i, step, offered));
                }
            } else {
                seed = Some(seed_of(&page.body).expect("the seed is published at the end"));
            }
            seen_all.push(Seen { player: i, side, game, step, body: page.body });
        }
        if let Some(seed) = seed {
            return (seen_all, game1.unwrap(), seed, commitment);
        }
        // Now and then the public game page, which neither player may learn anything from.
        if seen_all.len() % 20 < 2 {
            let (g1, step) = (game1.unwrap(), seen_all.last().unwrap().step);
            let public = spectator.get(&format!("/t/{}/game/{g1}", tokens_t)).await;
            assert_eq!(public.status, 200);
            for side in Side::BOTH {
                seen_all.push(Seen { player: 2, side, game: g1, step, body: public.body.clone() });
            }
        }
        let (i, step, offered) = mover.expect("one of the players has a decision");
        // An aggressive player attacks and advances whenever offered (nine times in ten) and rarely
        // passes, so that the games reach the early endings too.
        let attacks: Vec<&String> =
            offered.iter().filter(|o| o.contains(" attack ") || o.ends_with(" advance")).collect();
        let rest: Vec<&String> = offered.iter().filter(|o| !o.ends_with(" pass")).collect();
        let pick = if aggressive && !attacks.is_empty() && rng.next_u64() % 10 < 9 {
            attacks[(rng.next_u64() % attacks.len() as u64) as usize]
        } else if aggressive && !rest.is_empty() && rng.next_u64() % 10 < 9 {
            rest[(rng.next_u64() % rest.len() as u64) as usize]
        } else {
            &offered[(rng.next_u64() % offered.len() as u64) as usize]
        };
        let (b, tok) = &players[i];
        let posted = b.post(&format!("/online/{tok}"), &[("step", &step.to_string()), ("event", pick)]).await;
        assert_eq!(posted.status, 303, "the offered {pick:?} is taken:\n{}", posted.body);
    }
    panic!("the game did not end");
}

#[actix_web::test]
async fn random_online_games_validate_reproduce_their_deal_and_leak_nothing() {
    let app = TestApp::spawn().await;
    let n = seeds();
    let (t, admin, matches) = round_one(&app, 2 * n as usize).await;
    assert_eq!(matches.len(), n as usize);
    // The organiser marks the whole round online from one match's page.
    let marked = admin.post(&referee_url(t, matches[0]), &[("action", "mark-round")]).await;
    assert_eq!(marked.status, 303, "{}", marked.body);
    let mut endings: BTreeMap<String, usize> = BTreeMap::new();
    for (k, &m) in matches.iter().enumerate() {
        let tokens = issue_links(&admin, t, m).await;
        let mut rng = ChaCha8Rng::seed_from_u64(k as u64);
        let (seen, g1, seed, commitment) = play_game(&app, t, &tokens, &mut rng, k % 2 == 1).await;
        let log = admin.get(&format!("/t/{t}/game/{g1}/log")).await;
        assert_eq!(log.status, 200, "the finished game has its validated log");
        let end = check_game(&log.body, &seed, &commitment, &seen, g1);
        *endings.entry(format!("{end:?}")).or_default() += 1;
        // Game 2 started with the sides swapped.
        for p in 0..2 {
            let side_in =
                |first: bool| seen.iter().find(|s| s.player == p && (s.game == g1) == first).map(|s| s.side);
            assert_eq!(side_in(false), side_in(true).map(Side::opponent), "player {p} swaps sides in game 2");
        }
    }
    eprintln!("online games: {n}, endings {endings:?}");
    app.stop().await;
}

/// The data of the next `step` event of a server-sent event stream.
pub(crate) async fn next_event<S>(stream: &mut S) -> String
where
    S: futures_util::Stream<Item = Result<actix_web::web::Bytes, awc::error::PayloadError>> + Unpin,
{
    use futures_util::StreamExt;
    let mut text = String::new();
    loop {
        let chunk = stream.next().await.expect("the stream goes on").expect("a chunk");
        text.push_str(&String::from_utf8_lossy(&chunk));
        if let Some(at) = text.find("event: step\ndata: ") {
            let rest = &text[at + "event: step\ndata: ".len()..];
            if let Some(end) = rest.find("\n\n") {
                return rest[..end].to_string();
            }
        }
        if text.len() > 10_000 {
            panic!("no step event in {text}");
        }
    }
}

/// The page's step.
fn step_of(body: &str) -> String {
    Online::read(body).step
}

#[actix_web::test]
async fn links_are_personal_revocable_and_moves_are_checked() {
    let app = TestApp::spawn().await;
    let (t, admin, matches) = round_one(&app, 2).await;
    let m = matches[0];
    // Not online yet: no links, and a referee may not mark it.
    assert!(!OnlineReferee::read(&admin.get(&referee_url(t, m)).await).online);
    admin
        .post(&format!("/admin/t/{t}/referees"), &[("username", "sedzia"), ("password", "sedzia-haslo")])
        .await;
    let referee = app.browser();
    referee.login("sedzia", "sedzia-haslo").await;
    // Before the match is online the organiser's match page leads to the online page (where it is
    // marked); a referee's does not (they cannot mark it).
    let to_online = format!("a#to-online[href={}]", referee_url(t, m));
    assert!(has(&admin.get(&format!("/ref/t/{t}/match/{m}")).await, &to_online));
    assert!(!has(&referee.get(&format!("/ref/t/{t}/match/{m}")).await, "#to-online"));
    assert_eq!(referee.post(&referee_url(t, m), &[("action", "mark")]).await.status, 403, "organisers mark");
    assert_eq!(admin.post(&referee_url(t, m), &[("action", "mark")]).await.status, 303);
    assert!(has(&referee.get(&format!("/ref/t/{t}/match/{m}")).await, &to_online));
    let tokens = issue_links(&referee, t, m).await;
    let (a, b) = (app.browser(), app.browser());
    let url_a = format!("/online/{}", tokens[0].1);
    let url_b = format!("/online/{}", tokens[1].1);
    assert_eq!(Online::read(&a.get(&url_a).await.assert_ok().body).state, "waiting");
    b.get(&url_b).await.assert_ok();
    let page = a.get(&url_a).await;
    page.assert_ok();
    let (side_a, game, step) = seen(&page.body).expect("the game started");
    assert!(step > 0, "the server dealt the opening hands");
    let (mover, mover_url, waiter, waiter_url) =
        if side_a == Side::Red { (&a, &url_a, &b, &url_b) } else { (&b, &url_b, &a, &url_a) };
    let page = mover.get(mover_url).await;
    let offered = offers(&page.body);
    assert!(!offered.is_empty(), "Red decides first (its extra markers)");
    let waiting = waiter.get(waiter_url).await;
    assert!(offers(&waiting.body).is_empty(), "the Poles wait");
    assert_eq!(Online::read(&waiting).state, "their-turn");
    // A move of the side not to act, a line the engine refuses, gibberish: 422, nothing stored.
    let s = step.to_string();
    let early = waiter.post(waiter_url, &[("step", &s), ("event", "polish pass")]).await;
    assert_eq!(early.status, 422, "{}", early.body);
    assert!(Online::read(&early).error.is_some(), "the refusal shown");
    let bad = mover.post(mover_url, &[("step", &s), ("event", "red command R16A march a1")]).await;
    assert_eq!(bad.status, 422, "{}", bad.body);
    let junk = mover.post(mover_url, &[("step", &s), ("event", "###")]).await;
    assert_eq!(junk.status, 422);
    assert_eq!(step_of(&mover.get(mover_url).await.body), s, "nothing was stored");
    // Without the CSRF token: 403.
    let forged = mover.post_raw(mover_url, &[("step", &s), ("event", &offered[0])]).await;
    assert_eq!(forged.status, 403);
    // The waiting player's page listens for the move (server-sent events, only `game:steps`).
    let client = awc::Client::builder().timeout(std::time::Duration::from_secs(30)).finish();
    let mut stream =
        client.get(format!("{}{waiter_url}/events", app.base)).send().await.expect("stream opens");
    assert_eq!(stream.status().as_u16(), 200);
    assert!(stream.headers().get("content-type").unwrap().to_str().unwrap().starts_with("text/event-stream"));
    let first = next_event(&mut stream).await;
    assert_eq!(first, format!("{game}:{s}"), "the stream starts with the current state");
    // The move lands; the same form sent again is stale: 409, nothing stored twice.
    let moved = mover.post(mover_url, &[("step", &s), ("event", &offered[0])]).await;
    assert_eq!(moved.status, 303, "{}", moved.body);
    let after = step_of(&mover.get(mover_url).await.body);
    let woke = tokio::time::timeout(std::time::Duration::from_secs(3), next_event(&mut stream))
        .await
        .expect("the waiting page hears of the move at once");
    assert_eq!(woke, format!("{game}:{after}"));
    drop(stream);
    assert!(after.parse::<i64>().unwrap() > step as i64);
    let stale = mover.post(mover_url, &[("step", &s), ("event", &offered[0])]).await;
    assert_eq!(stale.status, 409, "{}", stale.body);
    assert!(Online::read(&stale).notice.is_some(), "the stale page is told");
    assert_eq!(step_of(&mover.get(mover_url).await.body), after);
    // The referee pauses the game on the recorder (the referee sees both sides there): a move
    // waits; resumed, the clock of the side to act runs again.
    let record = format!("/ref/t/{t}/game/{game}/record");
    admin.get(&record).await.assert_ok();
    assert_eq!(admin.post(&record, &[("action", "pause"), ("step", &after)]).await.status, 303);
    let page = Online::read(&mover.get(mover_url).await);
    assert!(page.paused && !page.any_running(), "no clock runs while paused: {page:?}");
    let held = waiter.post(waiter_url, &[("step", &after), ("event", "polish pass")]).await;
    assert_eq!(held.status, 409, "{}", held.body);
    assert_eq!(admin.post(&record, &[("action", "resume"), ("step", &after)]).await.status, 303);
    let page = Online::read(&mover.get(mover_url).await);
    assert!(!page.paused && page.any_running(), "a clock runs again: {page:?}");
    // The referee revokes the waiting player's link: 403 at once, for pages and moves; a new link
    // works, and the old stays revoked.
    let waiter_player = if std::ptr::eq(waiter, &a) { tokens[0].0 } else { tokens[1].0 };
    let revoked = referee
        .post(&referee_url(t, m), &[("action", "revoke"), ("player", &waiter_player.to_string())])
        .await;
    assert_eq!(revoked.status, 303);
    assert_eq!(waiter.get(waiter_url).await.status, 403);
    assert_eq!(waiter.post(waiter_url, &[("step", &after), ("event", "polish pass")]).await.status, 403);
    assert_eq!(app.browser().get("/online/00").await.status, 404, "no such link");
    let again = referee
        .post(&referee_url(t, m), &[("action", "issue"), ("player", &waiter_player.to_string())])
        .await;
    let fresh = OnlineReferee::read(&again).issued.unwrap();
    let fresh_path = format!("/online/{}", fresh.rsplit('/').next().unwrap());
    let back = waiter.get(&fresh_path).await;
    back.assert_ok();
    assert_eq!(seen(&back.body).map(|(_, g, st)| (g, st.to_string())), Some((game, after.clone())));
    assert_eq!(waiter.get(waiter_url).await.status, 403, "the old link stays revoked");
    // The clock of the side to act runs out on the server: the next page ends the game on time,
    // saved with its validated log; game 2 starts with the sides swapped.
    let db = crate::table::db(&app).await;
    on_db!(&db, |c| sqlx::query("UPDATE recordings SET since_ms = since_ms - 901000 WHERE game_id = $1")
        .bind(game)
        .execute(c)
        .await
        .map(|_| ()))
    .unwrap();
    let over = mover.get(mover_url).await;
    assert_eq!(Online::read(&over.assert_ok().body).state, "over");
    assert_eq!(seen(&over.body).map(|(_, g, _)| g), Some(game), "the page tells how game 1 ended");
    assert!(seed_of(&over.body).is_some(), "and publishes its seed");
    let next = mover.get(mover_url).await;
    next.assert_ok();
    let (side_now, game_now, _) = seen(&next.body).unwrap();
    assert_ne!(game_now, game, "game 2 is on");
    assert_eq!(side_now, if std::ptr::eq(mover, &a) { side_a.opponent() } else { side_a });
    let log = admin.get(&format!("/t/{t}/game/{game}/log")).await;
    assert_eq!(log.status, 200);
    let v = validate_log(&log.body, Edition::builtin(), &OPTIONS).expect("valid");
    assert_eq!(v.outcome.termination, Termination::TimeForfeit);
    // Guessing links is throttled without locking out a live link: `online_bounds`.
    app.stop().await;
}

#[actix_web::test]
async fn an_online_match_goes_back_to_the_table_only_between_games() {
    let app = TestApp::spawn().await;
    let (t, admin, matches) = round_one(&app, 2).await;
    let m = matches[0];
    assert_eq!(admin.post(&referee_url(t, m), &[("action", "mark")]).await.status, 303);
    let tokens = issue_links(&admin, t, m).await;
    // Before anyone opened it: back to the table, the links answer 403, the page offers marking again.
    assert_eq!(admin.post(&referee_url(t, m), &[("action", "table")]).await.status, 303);
    let player = app.browser();
    assert_eq!(player.get(&format!("/online/{}", tokens[0].1)).await.status, 403);
    assert!(!OnlineReferee::read(&admin.get(&referee_url(t, m)).await).online);
    // Online again, with new links; once a game is on, it stays online until it ends.
    assert_eq!(admin.post(&referee_url(t, m), &[("action", "mark")]).await.status, 303);
    let tokens = issue_links(&admin, t, m).await;
    assert_eq!(player.get(&format!("/online/{}", tokens[0].1)).await.status, 200);
    assert_eq!(app.browser().get(&format!("/online/{}", tokens[1].1)).await.status, 200);
    let refused = admin.post(&referee_url(t, m), &[("action", "table")]).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(refused.body.contains("Partia tego meczu trwa online"), "{}", refused.body);
    assert!(OnlineReferee::read(&admin.get(&referee_url(t, m)).await).online);
    app.stop().await;
}

#[actix_web::test]
async fn a_player_resigns_from_their_page_behind_a_confirmation() {
    let app = TestApp::spawn().await;
    let (t, admin, matches) = round_one(&app, 2).await;
    let m = matches[0];
    assert_eq!(admin.post(&referee_url(t, m), &[("action", "mark")]).await.status, 303);
    let tokens = issue_links(&admin, t, m).await;
    let (a, b) = (app.browser(), app.browser());
    let url_a = format!("/online/{}", tokens[0].1);
    let url_b = format!("/online/{}", tokens[1].1);
    b.get(&url_b).await.assert_ok();
    let page = a.get(&url_a).await;
    let (side_a, game1, _) = seen(&page.body).expect("game 1 started");
    // Game 1: the Poles resign while Red thinks (no Polish clock runs). The form sits behind a
    // disclosure that says what follows; it posts the same `event` and `step` as any move.
    let (polish, polish_url) = if side_a == Side::Polish { (&a, &url_a) } else { (&b, &url_b) };
    let page = polish.get(polish_url).await;
    page.assert_ok();
    assert_eq!(crate::pages::text_of(&page, "#on-resign summary"), "Poddaj partię");
    let asked = crate::pages::text_of(&page, "#on-resign p.note");
    assert!(asked.starts_with("Czy na pewno chcesz poddać partię?"), "{asked}");
    let online = Online::read(&page);
    assert!(online.offers.is_empty(), "not the Poles' decision, and the resign form is no offer");
    let step = online.step.clone();
    assert_eq!(online.resign, Some((step.clone(), "polish resign".to_string())), "{online:?}");
    let stale = polish.post(polish_url, &[("step", "1"), ("event", "polish resign")]).await;
    assert_eq!(stale.status, 409, "a stale page resigns nothing");
    let wrong = polish.post(polish_url, &[("step", &step), ("event", "red resign")]).await;
    assert_eq!(wrong.status, 422, "nobody resigns for the opponent: {}", wrong.body);
    let done = polish.post(polish_url, &[("step", &step), ("event", "polish resign")]).await;
    assert_eq!(done.status, 303, "{}", done.body);
    let log = admin.get(&format!("/t/{t}/game/{game1}/log")).await;
    assert_eq!(log.status, 200);
    assert!(log.body.trim_end().ends_with("polish resign"), "{}", log.body);
    let v = validate_log(&log.body, Edition::builtin(), &OPTIONS).expect("valid");
    assert_eq!((v.outcome.winner, v.outcome.termination), (Side::Red, Termination::Resignation));
    // Red keeps the position's points, counted here from the position before the resignation.
    let mut lines: Vec<&str> = log.body.lines().collect();
    lines.pop();
    let before = notation::parse(&lines.join("\n")).unwrap();
    let mut state = GameState::new(Edition::builtin(), OPTIONS);
    for l in &before.events {
        state = state.apply_line(l).expect("the stored lines replay");
    }
    assert_eq!(v.outcome.red_points, state.red_points());
    // Game 2 (sides swapped): Red resigns on its own turn, its clock read as it stops.
    let (red, red_url) = if side_a == Side::Polish { (&a, &url_a) } else { (&b, &url_b) };
    red.get(red_url).await.assert_ok();
    let page = red.get(red_url).await;
    let (side, game2, _) = seen(&page.body).expect("game 2 started");
    assert_ne!(game2, game1);
    assert_eq!(side, Side::Red);
    assert!(!offers(&page.body).is_empty(), "Red's decision");
    let step2 = step_of(&page.body);
    // The referee's recorder neither adds nor takes back a line of an online game.
    let record = format!("/ref/t/{t}/game/{game2}/record");
    admin.get(&record).await.assert_ok();
    let first = offers(&page.body)[0].clone();
    for form in
        [vec![("action", "undo"), ("step", step2.as_str())], vec![("step", &step2), ("event", &first)]]
    {
        let refused = admin.post(&record, &form).await;
        assert_eq!(refused.status, 422, "{}", refused.body);
        refused.assert_contains("To partia online: ruchy wykonują gracze na swoich stronach");
    }
    assert_eq!(step_of(&red.get(red_url).await.body), step2, "nothing written");
    let done = red.post(red_url, &[("step", &step2), ("event", "red resign")]).await;
    assert_eq!(done.status, 303, "{}", done.body);
    let over = red.get(red_url).await;
    let ended = Online::read(&over);
    assert!(ended.result.as_deref().is_some_and(|r| r.contains("Poddanie partii")), "{ended:?}");
    assert!(ended.resign.is_none() && !has(&over, "#on-resign"), "nothing to resign any more");
    let log = admin.get(&format!("/t/{t}/game/{game2}/log")).await;
    let last = log.body.trim_end().lines().last().unwrap().to_string();
    assert!(last.starts_with("red resign {"), "with Red's clock: {last}");
    let v = validate_log(&log.body, Edition::builtin(), &OPTIONS).expect("valid");
    assert_eq!((v.outcome.winner, v.outcome.termination), (Side::Polish, Termination::Resignation));
    app.stop().await;
}

/// The knockout's extra game online: the final is marked online before it starts; both games end
/// 1:1 by Red resigning at once (the same position, so equal Red-side points), the knowledge test is
/// equal, the lot draws the extra game's Red, and the extra game is dealt and played on the same links.
#[actix_web::test]
async fn the_knockouts_extra_game_is_played_online_on_the_same_links() {
    use crate::setup::{Day, OpenDay, players_csv};
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, .. } = Day::new(&app)
        .config(&[("swiss_rounds", "1"), ("knockout_size", "2"), ("third_place", "0")])
        .imported(&players_csv(4))
        .open()
        .await;
    admin.post(&format!("/admin/t/{t}/rounds"), &[]).await.assert_ok();
    admin.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await.assert_ok();
    play_round_red_first_wins(&admin, t, 1).await;
    admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await;
    admin.post(&format!("/admin/t/{t}/knockout"), &[]).await;
    admin.post(&format!("/admin/t/{t}/round/2/publish"), &[]).await;
    let matches = ids_after(&admin.get(&format!("/t/{t}/round/2")).await.body, &format!("/ref/t/{t}/match/"));
    assert_eq!(matches.len(), 1, "the final");
    let m = matches[0];
    assert_eq!(admin.post(&referee_url(t, m), &[("action", "mark")]).await.status, 303);
    let tokens = issue_links(&admin, t, m).await;
    let players = [app.browser(), app.browser()];
    let urls = [format!("/online/{}", tokens[0].1), format!("/online/{}", tokens[1].1)];
    players[1].get(&urls[1]).await.assert_ok();
    // Games 1 and 2: whoever commands Red resigns on the first decision.
    let mut games = Vec::new();
    for _ in 0..2 {
        let page = players[0].get(&urls[0]).await;
        let (side0, game, _) = seen(&page.body).expect("a game on");
        let red = usize::from(side0 != Side::Red);
        let page = players[red].get(&urls[red]).await;
        let done =
            players[red].post(&urls[red], &[("step", &step_of(&page.body)), ("event", "red resign")]).await;
        assert_eq!(done.status, 303, "{}", done.body);
        games.push(game);
    }
    assert_ne!(games[0], games[1]);
    let mut points = Vec::new();
    for g in &games {
        let log = admin.get(&format!("/t/{t}/game/{g}/log")).await;
        let v = validate_log(&log.body, Edition::builtin(), &OPTIONS).expect("valid");
        assert_eq!((v.outcome.winner, v.outcome.termination), (Side::Polish, Termination::Resignation));
        points.push(v.outcome.red_points);
    }
    assert_eq!(points[0], points[1], "the same opening position");
    // Equal knowledge tests: the extra game, its Red drawn by lot.
    let overview = Overview::read(&admin.get(&format!("/admin/t/{t}")).await);
    for name in ["Adam Abacki", "Beata Babacka", "Cezary Cabacki", "Dorota Dadacka"] {
        let row = overview.player(name);
        let (id, version) = (row.id, row.version.as_str());
        let r = admin
            .post(
                &format!("/admin/t/{t}/players/{id}"),
                &[("version", version), ("action", "knowledge"), ("knowledge", "15")],
            )
            .await;
        assert_eq!(r.status, 303, "{}", r.body);
    }
    let level = RefereeMatch::read(&admin.get(&format!("/ref/t/{t}/match/{m}")).await);
    assert_eq!(level.line.state, "extra", "the extra game is needed: {level:?}");
    assert_eq!(admin.post(&format!("/ref/t/{t}/match/{m}/extra"), &[]).await.status, 303);
    // The extra game starts on the same links, dealt from a seed of its own; the Poles resign.
    let page = players[0].get(&urls[0]).await;
    let (side0, extra, _) = seen(&page.body).expect("the extra game on");
    assert!(!games.contains(&extra), "a third game");
    assert!(Online::read(&page).deal(3).is_some(), "the extra game's deal, committed");
    let polish = usize::from(side0 != Side::Polish);
    let page = players[polish].get(&urls[polish]).await;
    let done = players[polish]
        .post(&urls[polish], &[("step", &step_of(&page.body)), ("event", "polish resign")])
        .await;
    assert_eq!(done.status, 303, "{}", done.body);
    let log = admin.get(&format!("/t/{t}/game/{extra}/log")).await;
    let v = validate_log(&log.body, Edition::builtin(), &OPTIONS).expect("valid");
    assert_eq!((v.outcome.winner, v.outcome.termination), (Side::Red, Termination::Resignation));
    let decided = Match::read(&app.browser().get(&format!("/t/{t}/match/{m}")).await);
    assert_eq!(decided.games.len(), 3, "{decided:?}");
    assert!(decided.line.decided() && decided.line.result.contains("w dogrywce"), "{decided:?}");
    app.stop().await;
}

/// A draft round's match cannot go online (its pairings may still be swapped or discarded: links
/// and deals would outlive them): refused in Polish, one match or the whole round, nothing marked;
/// the draft is then discarded as any other, and once published the same match goes online.
#[actix_rt::test]
async fn a_draft_rounds_match_is_not_marked_online_until_the_round_is_published() {
    let app = TestApp::spawn().await;
    let day = crate::setup::Day::new(&app).named(&["Gracz Aa", "Gracz Ab"]).draft().open().await;
    let (t, admin) = (day.t, day.admin);
    // The draft's match (no page lists a draft's pairings as matches yet).
    let db = crate::table::db(&app).await;
    let (m,): (i64,) = on_db!(&db, |c| sqlx::query_as(
        "SELECT m.id FROM matches m JOIN rounds r ON r.id = m.round_id WHERE r.tournament_id = $1"
    )
    .bind(t)
    .fetch_one(c)
    .await)
    .unwrap();
    admin.get(&referee_url(t, m)).await;
    for action in ["mark", "mark-round"] {
        let refused = admin.post(&referee_url(t, m), &[("action", action)]).await;
        assert!(matches!(refused.status, 400 | 409), "{action}: {}", refused.status);
        refused.assert_contains("Runda jest jeszcze szkicem");
    }
    assert!(!OnlineReferee::read(&admin.get(&referee_url(t, m)).await).online, "nothing marked");
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/discard"), &[("confirm", "1")]).await.status, 303);
    admin.post(&format!("/admin/t/{t}/rounds"), &[]).await.assert_ok();
    admin.post(&format!("/admin/t/{t}/round/1/publish"), &[]).await.assert_ok();
    let m = Round::read(&admin.get(&format!("/t/{t}/round/1")).await).matches()[0].id;
    admin.get(&referee_url(t, m)).await;
    assert_eq!(admin.post(&referee_url(t, m), &[("action", "mark")]).await.status, 303);
    assert!(OnlineReferee::read(&admin.get(&referee_url(t, m)).await).online);
    app.stop().await;
}
