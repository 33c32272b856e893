//! A player's personal link, `/online/{token}` (issue 25): no account, the link is the key. A handler
//! that takes [`PlayerLink`] runs only for a live link, with its tournament, match and games loaded in
//! one read (`app::online::links::open`); a revoked link answers 403, a token that opens nothing 404.
//! Wrong tokens are counted per client address under their own key (`link:ADDR`, see
//! `security::throttle`), and while it is locked a token that opens nothing answers 429 without
//! being counted. A live link is never refused by it, nor is a login from the same address (issue
//! 35: twenty wrong tokens once locked a player's real link, and a referee's login, out of a
//! school's shared address). A token is 256 random bits: guessing is hopeless whatever the rate;
//! the counter keeps a flood of wrong tokens from writing on every request (the throttle's
//! bookkeeping, the only write here).

use crate::app::online::links;
use crate::outcome::Side;
use crate::store::games::GameRow;
use crate::store::online::Link;
use crate::store::rounds::MatchRow;
use crate::store::tournaments::Tournament;
use crate::store::{Store, UserId};
use crate::web::error::WebError;
use crate::web::extract::ctx::lang_of;
use crate::web::security::session::SessionConfig;
use crate::web::security::throttle::{self, Attempt};
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use std::future::Future;
use std::pin::Pin;

/// What a live link opens: the tournament, the match, the player's link, the match's games.
pub struct PlayerLink {
    /// The token as the path gave it (the page's own address).
    pub token: String,
    pub t: Tournament,
    pub m: MatchRow,
    pub link: Link,
    pub games: Vec<GameRow>,
    /// The one who marked the match online: the online games' lines are saved in their name.
    pub by: UserId,
}

impl PlayerLink {
    /// The player's side in `game`.
    #[must_use]
    pub fn side_in(&self, game: &GameRow) -> Side {
        if game.red_player == self.link.player_id { Side::Red } else { Side::Polish }
    }

    /// The game in play: the first without a result, else the last.
    #[must_use]
    pub fn current(&self) -> Option<&GameRow> {
        self.games.iter().find(|g| !g.has_result()).or_else(|| self.games.last())
    }

    /// The page's address.
    #[must_use]
    pub fn page(&self) -> String {
        format!("/online/{}", self.token)
    }
}

async fn extract(req: HttpRequest) -> Result<PlayerLink, WebError> {
    let token = req.match_info().get("token").unwrap_or_default().to_string();
    let db = req
        .app_data::<web::Data<Store>>()
        .ok_or_else(|| WebError::internal("no database in the app data"))?;
    let trust_proxy = req.app_data::<web::Data<SessionConfig>>().is_some_and(|c| c.trust_proxy);
    let message = lang_of(&req).t("throttled");
    let addr = throttle::addr_key(throttle::client_addr(&req, trust_proxy));
    let Some(opened) = links::open(db, &token).await? else {
        let key = format!("link:{addr}");
        let attempt = Attempt { keys: vec![key.clone()], own_key: key };
        attempt.check(db, message).await?;
        attempt.failed(db).await?;
        tracing::info!(%addr, "unknown online link");
        return Err(WebError::NotFound);
    };
    if opened.link.is_revoked() {
        return Err(WebError::Forbidden);
    }
    let by = opened.marked_by.ok_or(WebError::NotFound)?;
    Ok(PlayerLink { token, t: opened.tournament, m: opened.m, link: opened.link, games: opened.games, by })
}

impl FromRequest for PlayerLink {
    type Error = WebError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        Box::pin(extract(req.clone()))
    }
}
