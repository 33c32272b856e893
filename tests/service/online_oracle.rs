//! No oracle on the opponent's hand (issue 35, item 1). A player's page once answered a made-up
//! event with the engine's reason, and the reasons differed with what the opponent held ("Karty R..
//! nie ma w rezerwie strony polskiej (jest w talii)"): with Fighter Escadrille in hand a player
//! recovered the opponent's whole reserve in 118 requests. Now the offers are the whole interface:
//! at many points of a game both players post made-up events naming every card of the opponent in
//! several templates (played, pulled, selected, drawn, set aside, returned by Field Fortifications,
//! revealed and discarded by Fighter Escadrille, seen by Broken Cipher, discarded against Artillery
//! Support), and every answer is a 422 with one and the same sentence, nothing stored.

use crate::helpers::*;
use crate::online::{issue_links, referee_url, round_one, show_up};
use bitwa::engine::ids::CardId;
use bitwa::engine::{CardEffect, Edition};
use bitwa::outcome::Side;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use std::collections::BTreeSet;

/// The one refusal a player is told for an event their page did not offer (typed here apart from
/// the service's translation table).
const NOT_OFFERED: &str = "Tego ruchu ta strona nie proponuje: wybierz jeden z przycisków.";

/// `attr="…"` of the element with `id`.
fn attr_of(body: &str, id: &str, attr: &str) -> Option<String> {
    crate::pages::first(body, &format!("#{id}"))?.attr(attr).map(str::to_string)
}

/// The text of the element with `id`.
fn text_of(body: &str, id: &str) -> Option<String> {
    crate::pages::first(body, &format!("#{id}")).map(|e| e.text())
}

/// The events a page offers (the values its buttons post).
fn offered(body: &str) -> Vec<String> {
    crate::pages::select(body, "#on-offers [name=event]")
        .iter()
        .filter_map(|b| b.attr("value").map(str::to_string))
        .collect()
}

/// Made-up events `side` might post naming `card`, one of the opponent's (`other`: another of
/// theirs, for the templates that name several).
fn made_up(e: &Edition, side: Side, card: CardId, other: CardId) -> Vec<String> {
    let (c, d) = (card.token(), other.token());
    let mut out = vec![
        format!("{side} play {c}"),
        format!("{side} pull {c}"),
        format!("{side} select {c}"),
        format!("{side} draw {c}"),
        format!("{side} set-aside {c}"),
        format!("{side} field-fortifications {c}"),
    ];
    let target = e.units().find(|u| u.side == side.opponent() && !u.is_defenders).map(|u| u.code.clone());
    for own in e.cards(side) {
        let t = own.id.token();
        match own.effect {
            Some(CardEffect::FighterEscadrille) => {
                out.push(format!("{side} play {t} fighter-escadrille reveal {c} {d} discard {c} {d}"));
                out.push(format!("{side} play {t} fighter-escadrille reveal {c} {d}"));
            }
            Some(CardEffect::BrokenCipher) => out.push(format!("{side} play {t} broken-cipher look {c} {d}")),
            Some(CardEffect::ArtillerySupport) => {
                if let Some(u) = &target {
                    out.push(format!("{side} play {t} artillery-support {u} discard {c}"));
                }
            }
            _ => {}
        }
    }
    out
}

#[actix_web::test]
async fn made_up_events_naming_the_opponents_cards_get_one_sentence_and_store_nothing() {
    let app = TestApp::spawn().await;
    let (t, admin, matches) = round_one(&app, 2).await;
    let m = matches[0];
    assert_eq!(admin.post(&referee_url(t, m), &[("action", "mark")]).await.status, 303);
    let tokens = issue_links(&admin, t, m).await;
    let pairs: Vec<(Browser, &str)> = tokens.iter().map(|(_, tok)| (app.browser(), tok.as_str())).collect();
    show_up(&pairs).await;
    let players: Vec<(&Browser, String)> =
        pairs.iter().map(|(b, tok)| (b, format!("/online/{tok}"))).collect();
    let e = Edition::builtin();
    let mut rng = ChaCha8Rng::seed_from_u64(35);
    // The decisions at which both players probe: the setup, the first operational phase, and on
    // through the game's combats (a decision is one move of the mover's).
    let probes: BTreeSet<usize> = [0, 1, 2, 5, 9, 14, 20, 30, 45, 60, 80, 100, 130, 170].into();
    let mut refusals: BTreeSet<String> = BTreeSet::new();
    let (mut posted, mut probed) = (0usize, 0usize);
    let mut game = None;
    for decision in 0..3000 {
        let mut pages = Vec::new();
        for (b, url) in &players {
            let page = b.get(url).await;
            assert_eq!(page.status, 200, "{}", page.body);
            pages.push(page.body);
        }
        let ids: Vec<(String, String, String)> = pages
            .iter()
            .map(|p| {
                let at = |a: &str| attr_of(p, "online", a).unwrap_or_default();
                (at("data-game"), at("data-side"), at("data-step"))
            })
            .collect();
        let g = game.get_or_insert_with(|| ids[0].0.clone()).clone();
        if ids.iter().any(|(id, _, _)| *id != g) {
            break; // game 1 is over
        }
        let Some(mover) = (0..2).find(|&i| !offered(&pages[i]).is_empty()) else {
            panic!("one of the players has a decision:\n{}", pages[0]);
        };
        let offers = offered(&pages[mover]);
        if probes.contains(&decision) {
            probed += 1;
            let step = ids[mover].2.clone();
            for (i, (b, url)) in players.iter().enumerate() {
                let side = if ids[i].1 == "red" { Side::Red } else { Side::Polish };
                let theirs: Vec<CardId> = e.cards(side.opponent()).map(|c| c.id).collect();
                for (k, &card) in theirs.iter().enumerate() {
                    let other = theirs[(k + 1) % theirs.len()];
                    // The waiting player tries the plain templates only (the answer is the same).
                    let events = made_up(e, side, card, other);
                    let events = if i == mover { &events[..] } else { &events[..3] };
                    for event in events {
                        if offers.contains(event) {
                            continue;
                        }
                        let answer = b.post(url, &[("step", &step), ("event", event)]).await;
                        assert_eq!(answer.status, 422, "{event:?} at decision {decision}:\n{}", answer.body);
                        refusals.insert(text_of(&answer.body, "on-error").expect("the refusal is said"));
                        posted += 1;
                    }
                }
            }
            let now = players[mover].0.get(&players[mover].1).await;
            assert_eq!(attr_of(&now.body, "online", "data-step"), Some(step.clone()), "nothing was stored");
        }
        let pick = &offers[(rng.next_u64() % offers.len() as u64) as usize];
        let (b, url) = &players[mover];
        let moved = b.post(url, &[("step", &ids[mover].2), ("event", pick)]).await;
        assert_eq!(moved.status, 303, "the offered {pick:?} is taken:\n{}", moved.body);
    }
    eprintln!("made-up events: {posted} posted at {probed} points, refusals: {refusals:?}");
    assert!(probed >= 8 && posted > 1500, "probed at {probed} points, {posted} events");
    assert_eq!(refusals, BTreeSet::from([NOT_OFFERED.to_string()]), "one sentence, whatever was named");
    app.stop().await;
}
