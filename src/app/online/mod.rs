//! Online matches (issue 25): two players on their own devices through personal links, the server
//! dealing from a seed committed to before the first move, the engine as the referee. One use case
//! per file: [`mark`] (the organiser marks a match or a whole round online), [`links`] (the
//! referee issues and revokes the personal links, and a link opens its match), [`play`] (a player
//! opens the game in play: it starts once both have come, the server deals, its clock is settled),
//! [`no_show`] (a player who does not come within the waiting time loses the match by no-show).
//! The games themselves are recorded games (`app::recording`): a move is a `push`.

pub mod links;
pub mod mark;
pub mod no_show;
pub mod play;
