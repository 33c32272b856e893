//! Move generation: every action `apply` accepts in a position (a property test proves they agree).

use super::action::{Action, CardPlay, CardRef};
use super::edition::CardEffect;
use super::ids::{CardId, CardSet, Colour, UnitId};
use super::state::{AfterDraw, GameState, Pending, Stage, opening_hand};
use crate::outcome::Side;
use std::ops::ControlFlow;

/// Each `k`-card subset of `set` that names at most `unseen` cards of `unplaced` (a reserve holds
/// only that many cards the log has not named; each named unplaced card is one of them), in order,
/// until `f` breaks.
fn each_combination_within(
    set: CardSet,
    k: u32,
    unplaced: CardSet,
    unseen: u32,
    f: &mut dyn FnMut(CardSet) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if unseen < k {
        each_combination(set, k, &mut |c| {
            if c.intersect(unplaced).len() <= unseen { f(c) } else { ControlFlow::Continue(()) }
        })
    } else {
        each_combination(set, k, f)
    }
}

/// Each `k`-card subset of `set` in lexicographic order of its cards, until `f` breaks (so that a caller who
/// needs only the first few does not build hundreds of thousands).
fn each_combination(set: CardSet, k: u32, f: &mut dyn FnMut(CardSet) -> ControlFlow<()>) -> ControlFlow<()> {
    let cards: Vec<CardId> = set.iter().collect();
    fn rec(
        cards: &[CardId],
        k: u32,
        start: usize,
        acc: CardSet,
        f: &mut dyn FnMut(CardSet) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if acc.len() == k {
            return f(acc);
        }
        for i in start..cards.len() {
            let mut next = acc;
            next.insert(cards[i]);
            rec(cards, k, i + 1, next, f)?;
        }
        ControlFlow::Continue(())
    }
    rec(&cards, k, 0, CardSet::EMPTY, f)
}

/// Whether `out` holds the `cap` actions asked for (generation stops there).
fn full(out: &[Action], cap: usize) -> bool {
    out.len() >= cap
}

/// [`full`] as a subset walk's answer: stop once there are enough.
fn enough(out: &[Action], cap: usize) -> ControlFlow<()> {
    if full(out, cap) { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
}

impl GameState<'_> {
    /// Every legal action in this position (empty once the game is over).
    #[must_use]
    pub fn legal_actions(&self) -> Vec<Action> {
        self.legal_actions_upto(usize::MAX)
    }

    /// The first `cap` actions of [`GameState::legal_actions`], in its order, generated no further:
    /// enough to know whether a position offers one choice or several (`cap` 2) without listing
    /// every Fighter Escadrille reveal and discard of an unseen hand (there can be over 100,000).
    #[must_use]
    pub fn legal_actions_upto(&self, cap: usize) -> Vec<Action> {
        let mut out = Vec::new();
        self.generate(cap, &mut out);
        out.truncate(cap);
        out
    }

    /// Whether `card` may be played now, by the side whose operational phase it is (at least one of
    /// [`GameState::legal_actions`] plays it).
    #[must_use]
    pub fn has_card_play(&self, card: CardId) -> bool {
        let Pending::Operational { side } = self.pending else { return false };
        if !self.possible_hand(side).contains(card) {
            return false;
        }
        let mut out = Vec::new();
        self.card_plays(side, card, 1, &mut out);
        !out.is_empty()
    }

    fn generate(&self, cap: usize, out: &mut Vec<Action>) {
        match self.pending {
            Pending::Over => {}
            Pending::Draw { side, left, then } => {
                self.draws(side, out);
                if then == AfterDraw::SetupPolish && left == opening_hand(Side::Red) {
                    // Before any card is dealt, the Poles may take their opening hand first.
                    self.draws(Side::Polish, out);
                }
            }
            Pending::ExtraMarkers => {
                let red: Vec<UnitId> = self.markable(Side::Red).collect();
                for (i, a) in red.iter().enumerate() {
                    for b in &red[i..] {
                        out.push(Action::ExtraMarkers { units: [*a, *b] });
                    }
                }
            }
            Pending::Operational { side } => {
                out.push(Action::Pass);
                if side == Side::Red {
                    for u in self.units_of(side) {
                        if self.may_pillage(side, u).is_ok() {
                            out.push(Action::Pillage { unit: u });
                        }
                    }
                }
                for u in self.units_of(side) {
                    self.command_steps(u, out);
                }
                for card in self.possible_hand(side).iter() {
                    if full(out, cap) {
                        return;
                    }
                    self.card_plays(side, card, cap, out);
                }
            }
            Pending::Commanding { unit, .. } => {
                out.push(Action::Halt);
                self.command_steps(unit, out);
            }
            Pending::ChooseCombat { .. } => {
                out.extend(self.attacks().map(|(attacker, _)| Action::Resolve { attacker }));
            }
            Pending::Combat(stage) => self.combat_actions(stage, cap, out),
        }
    }

    /// Draws from `side`'s deck: each card it may hold, named, then an unseen one.
    fn draws(&self, side: Side, out: &mut Vec<Action>) {
        if self.deck_size(side) == 0 {
            return;
        }
        out.extend(self.unplaced(side).iter().map(|c| Action::Draw { side, card: CardRef::Known(c) }));
        out.push(Action::Draw { side, card: CardRef::Unseen });
    }

    /// Every card that may be in `side`'s reserve: the known ones, and the unplaced ones while the
    /// reserve has unseen cards (any of them could be one).
    #[must_use]
    pub fn possible_hand(&self, side: Side) -> CardSet {
        if self.hand_unseen(side) > 0 { self.hand(side).union(self.unplaced(side)) } else { self.hand(side) }
    }

    /// Each `k`-card set that may all be in `side`'s reserve, until `f` breaks.
    fn each_hand_subset(
        &self,
        side: Side,
        within: CardSet,
        k: u32,
        f: &mut dyn FnMut(CardSet) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        each_combination_within(within, k, self.unplaced(side), u32::from(self.hand_unseen(side)), f)
    }

    fn markable(&self, side: Side) -> impl Iterator<Item = UnitId> + '_ {
        self.units_of(side).filter(|u| !self.edition.unit(*u).is_defenders)
    }

    fn command_steps(&self, u: UnitId, out: &mut Vec<Action>) {
        let st = self.unit(u);
        if self.edition.unit(u).is_defenders
            || st.markers == 0
            || self.engaged(u)
            || self.attacked & (1 << u.0) != 0
        {
            return;
        }
        let Some(h) = st.hex else { return };
        let side = self.side_of(u);
        for n in self.edition.neighbours(h) {
            match self.occupant(n) {
                None => out.push(Action::March { unit: u, to: n }),
                Some(o) if self.side_of(o) != side => out.push(Action::Attack { unit: u, target: o }),
                Some(_) => {}
            }
        }
    }

    /// The plays of `card` (stopping once `out` holds `cap` actions where there can be many).
    fn card_plays(&self, side: Side, card: CardId, cap: usize, out: &mut Vec<Action>) {
        let Some(effect) = self.edition.card(card).effect.filter(|e| e.is_action()) else { return };
        let opp = side.opponent();
        // The combinatorial ones (every subset of an unseen hand) stop at `cap`.
        match effect {
            CardEffect::FighterEscadrille => {
                let hand = self.possible_hand(opp);
                let size = self.hand_size(opp);
                let (unplaced, unseen) = (self.unplaced(opp), u32::from(self.hand_unseen(opp)));
                let n_reveal = size.min(2);
                let _ = self.each_hand_subset(opp, hand, n_reveal, &mut |reveal| {
                    let rest = hand.minus(reveal);
                    let left = unseen - reveal.intersect(unplaced).len();
                    each_combination_within(rest, (size - n_reveal).min(2), unplaced, left, &mut |discard| {
                        out.push(Action::Play {
                            card,
                            play: CardPlay::FighterEscadrille { reveal, discard },
                        });
                        enough(out, cap)
                    })
                });
                return;
            }
            CardEffect::BrokenCipher => {
                let n = self.hand_size(opp).min(4);
                for unseen in 0..=n {
                    let flow = self.each_hand_subset(opp, self.possible_hand(opp), n - unseen, &mut |look| {
                        out.push(Action::Play {
                            card,
                            play: CardPlay::BrokenCipher { look, unseen: unseen as u8 },
                        });
                        enough(out, cap)
                    });
                    if flow.is_break() {
                        return;
                    }
                }
                return;
            }
            _ => {}
        }
        let mut push = |play| out.push(Action::Play { card, play });
        match effect {
            CardEffect::ArtillerySupport => {
                for target in self.units_of(opp) {
                    let Some(t) = self.unit(target).hex else { continue };
                    let near = self
                        .units_of(side)
                        .any(|u| self.unit(u).hex.is_some_and(|h| self.edition.adjacent(h, t)));
                    if !near {
                        continue;
                    }
                    push(CardPlay::ArtillerySupport { target, discard: None });
                    let colour = self.edition.unit(target).colour;
                    for c in self.possible_hand(opp).iter() {
                        let cs = self.edition.card(c);
                        if cs.strength >= 2 && (cs.colour == colour || cs.colour == Colour::White) {
                            push(CardPlay::ArtillerySupport { target, discard: Some(c) });
                        }
                    }
                }
            }
            CardEffect::RadioJamming => {
                // From any Red unit, with markers or without (register R27).
                let units: Vec<UnitId> = self.markable(opp).collect();
                for from in &units {
                    for to in &units {
                        if to != from {
                            push(CardPlay::RadioJamming { from: *from, to: *to });
                        }
                    }
                }
            }
            CardEffect::Maneuver => {
                for unit in self.markable(side) {
                    push(CardPlay::Maneuver { unit });
                }
            }
            CardEffect::GoWest => {
                let units: Vec<UnitId> = self.markable(side).collect();
                for (i, a) in units.iter().enumerate() {
                    for (j, b) in units.iter().enumerate().skip(i) {
                        for c in &units[j..] {
                            push(CardPlay::GoWest { units: [*a, *b, *c] });
                        }
                    }
                }
            }
            CardEffect::Assault => {
                for (by, target) in self.attacks() {
                    if self.side_of(by) != side || self.edition.unit(target).is_defenders {
                        continue;
                    }
                    let options = self.retreat_options(target, by);
                    if options.is_empty() {
                        push(CardPlay::Assault { target, by, retreat: None });
                    }
                    for h in options {
                        push(CardPlay::Assault { target, by, retreat: Some(h) });
                    }
                }
            }
            _ => {}
        }
    }

    fn combat_actions(&self, stage: Stage, cap: usize, out: &mut Vec<Action>) {
        match stage {
            Stage::Select(side) => {
                let n = self.cards.available(side).min(4);
                let hand = self.possible_hand(side);
                let flow = self.each_hand_subset(side, hand, n, &mut |cards| {
                    out.push(Action::Select { side, cards, unseen: 0 });
                    enough(out, cap)
                });
                // One `?`: the card the opponent will draw back unseen.
                if n > 0 && flow.is_continue() {
                    let _ = self.each_hand_subset(side, hand, n - 1, &mut |cards| {
                        out.push(Action::Select { side, cards, unseen: 1 });
                        enough(out, cap)
                    });
                }
            }
            Stage::SetAside(side) => {
                let mut named = self.cards.combat_of(side);
                if self.cards.committed_unseen(side) > 0 {
                    named = named.union(self.possible_hand(side));
                }
                out.extend(named.iter().map(|card| Action::SetAside { side, card }));
            }
            Stage::Pull(side) => {
                let owner = side.opponent();
                if self.cards.committed_unseen(owner) > 0 {
                    // The selected `?` goes back: unseen, or named by whoever knows it.
                    out.push(Action::Pull { side, card: CardRef::Unseen });
                    let named = self.possible_hand(owner);
                    out.extend(named.iter().map(|c| Action::Pull { side, card: CardRef::Known(c) }));
                } else {
                    let named = self.pullable(owner);
                    out.extend(named.iter().map(|c| Action::Pull { side, card: CardRef::Known(c) }));
                }
            }
            Stage::FieldFortifications(side) => {
                out.extend(self.in_combat().iter().map(|card| Action::FieldFortifications { side, card }));
            }
            Stage::Strength => {
                let att = self.combat.attacker.map_or(Side::Red, |a| self.side_of(a));
                out.push(Action::Strength {
                    attacker: self.strength(att),
                    defender: self.strength(att.opponent()),
                });
            }
            Stage::Retreat => {
                if let (Some(a), Some(d)) = (self.combat.attacker, self.combat.defender) {
                    out.extend(self.retreat_options(d, a).into_iter().map(|to| Action::Retreat { to }));
                }
            }
            Stage::Advance => {
                out.push(Action::Advance { advance: true });
                if !self.options.compulsory_advance {
                    out.push(Action::Advance { advance: false });
                }
            }
        }
    }
}
