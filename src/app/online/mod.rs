//! Online matches (issue 25): two players on their own devices through personal links, the server
//! dealing from a seed committed to before the first move, the engine as the referee. One use case
//! per file: [`mark`] (the organiser marks a match or a whole round online), [`links`] (the
//! referee issues and revokes the personal links), [`start`] (a game starts when a player opens
//! it once both have come), [`no_show`] (a player who does not come within the waiting time loses
//! the match by no-show); [`deal`] and [`moves`] are pure (the seed, the decks, what a player is offered and
//! what the server plays by itself).

pub mod deal;
pub mod links;
pub mod mark;
pub mod moves;
pub mod no_show;
pub mod start;
