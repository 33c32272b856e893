//! The pages every visitor may read, without a login, one resource per file: the tournament list
//! and front page (`home`), a round's pairings (`round`) and why they are so (`why`), its table
//! cards (`cards`), the standings, the bracket, a player, a match, a game, the live page and the
//! exports. Drafts are shown only to organisers.
//!
//! Every page reads the tournament's read model (`web::read_model::view`), current as of the
//! request, through the `PublicPage` extractor; a page an anonymous visitor gets is rendered once
//! per change of the tournament and then served from `view.pages` (compressed, with an `ETag`).

pub mod bracket;
pub mod cards;
pub mod exports;
pub mod game;
pub mod group;
pub mod home;
pub mod live;
pub mod logs;
pub mod matches;
pub mod names;
pub mod person;
pub mod player;
pub mod round;
pub mod season;
pub mod season_ranking;
pub mod standings;
pub mod why;

use crate::store::tournaments::{Role, Tournament};
use crate::store::{self, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;

/// Whether the visitor organises (sees drafts, history) and referees (sees result forms) the tournament.
pub(crate) async fn roles(ctx: &Ctx, db: &Store, t: &Tournament) -> Result<(bool, bool), WebError> {
    let Some(u) = &ctx.user else { return Ok((false, false)) };
    let organiser = store::tournaments::has_role(db, t.id, u.id, Role::Organiser).await?;
    let referee = organiser || store::tournaments::has_role(db, t.id, u.id, Role::Referee).await?;
    Ok((organiser, referee))
}
