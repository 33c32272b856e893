//! An action card picked: its choices, as buttons (Assault, Broken cipher unseen), links
//! (Maneuver's unit) or a form of several cards or units (the recorder composes their line).

use super::commands::operational;
use super::{Compose, Ctx, Item, LinkOption, Options, Picker};
use crate::app::recording::offers::Offers;
use crate::engine::CardEffect;
use crate::engine::action::{Action, CardPlay};
use crate::engine::ids::{CardId, HexId, UnitId};
use crate::engine::notation::UNSEEN;
use crate::outcome::Side;

/// A card picked: its choices, as buttons, links or a form.
pub(super) fn card_picked(cx: &Ctx<'_, '_>, side: Side, token: &str, offered: &Offers, out: &mut Options) {
    let state = cx.state;
    let opp = side.opponent();
    let Some(card) = CardId::parse_token(token).filter(|c| state.possible_hand(side).contains(*c)) else {
        operational(cx, offered, out);
        return;
    };
    let tok = card.token();
    let Some(effect) = state.edition().card(card).effect.filter(|e| e.is_action()) else {
        operational(cx, offered, out);
        return;
    };
    let legal = |play: CardPlay| state.is_legal(&Action::Play { card, play });
    let picker = |kind: Compose| Picker {
        kind,
        side: side.as_str(),
        card: tok.clone(),
        title: cx.card_item(card).label,
        ..Picker::default()
    };
    let enemies: Vec<UnitId> = cx.own_units(opp);
    match effect {
        CardEffect::Maneuver => {
            for u in cx.own_units(side) {
                if legal(CardPlay::Maneuver { unit: u }) {
                    let draft = format!("{side} play {tok} maneuver {}", cx.code(u));
                    let href = cx.href("draft", &draft);
                    out.marks.unit_links.push((u, href.clone()));
                    out.links.push(LinkOption { label: cx.unit_label(u), href });
                }
            }
        }
        CardEffect::GoWest => {
            out.pickers.push(Picker { units: cx.markable(side), count: 3, ..picker(Compose::GoWest) });
        }
        CardEffect::Assault => {
            for (by, target) in state.attacks().collect::<Vec<_>>() {
                let Some(h) = state.position(target) else { continue };
                let mut retreats: Vec<Option<HexId>> = state.edition().neighbours(h).map(Some).collect();
                retreats.push(None);
                for retreat in retreats {
                    if legal(CardPlay::Assault { target, by, retreat }) {
                        let to = retreat.map_or("none", |h| cx.label(h));
                        out.posts.push(cx.post(format!(
                            "{side} play {tok} assault {} by {} retreat {to}",
                            cx.code(target),
                            cx.code(by)
                        )));
                    }
                }
            }
        }
        CardEffect::ArtillerySupport => {
            let targets: Vec<Item> = enemies
                .iter()
                .filter(|t| legal(CardPlay::ArtillerySupport { target: **t, discard: None }))
                .map(|t| Item { value: cx.code(*t).to_string(), label: cx.unit_label(*t) })
                .collect();
            let cards = state.possible_hand(opp).iter().map(|c| cx.card_item(c)).collect();
            out.pickers.push(Picker { targets, cards, ..picker(Compose::ArtillerySupport) });
        }
        CardEffect::RadioJamming => {
            out.pickers.push(Picker { units: cx.markable(opp), count: 2, ..picker(Compose::RadioJamming) });
        }
        CardEffect::BrokenCipher => {
            let n = (state.hand_size(opp) as usize).min(4);
            out.posts
                .push(cx.post(format!("{side} play {tok} broken-cipher look {}", vec![UNSEEN; n].join(" "))));
            let cards = state.possible_hand(opp).iter().map(|c| cx.card_item(c)).collect();
            out.pickers.push(Picker {
                cards,
                count: n,
                max_unseen: n,
                default_unseen: n,
                ..picker(Compose::BrokenCipher)
            });
        }
        CardEffect::FighterEscadrille => {
            let cards = state.possible_hand(opp).iter().map(|c| cx.card_item(c)).collect();
            // Rulebook: 2 cards shown (all if fewer), then 2 of the rest discarded at random.
            let size = state.hand_size(opp) as usize;
            let n = size.min(2);
            let discard = (size - n).min(2);
            out.pickers.push(Picker { cards, count: n, discard, ..picker(Compose::FighterEscadrille) });
        }
        _ => {}
    }
}
