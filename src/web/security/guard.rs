//! The access policy as a guard on route scopes (as zero-to-production's `reject_anonymous_users`):
//! one table of path prefixes and what they need, checked before any handler runs, so a route added
//! under a prefix cannot forget its check. Handlers still load the tournament and check the role
//! again through their typed extractor (`extract::role`: `Organising`, `Refereeing`): defence in
//! depth, and the handler needs the tournament anyway.
//!
//! | prefix | needs |
//! |---|---|
//! | `/admin/t/{t}/…` | the organiser role in tournament `t` |
//! | `/ref/t/{t}/…` | the referee or organiser role in tournament `t` |
//! | `/admin/…`, `/ref/…`, `/me`, `/account/…` | a login |
//!
//! Without a login the answer is a redirect to the login page; without the role, 403; for a
//! tournament that does not exist, 404.

use crate::store::tournaments::Role;
use crate::store::{self, Store, TournamentId};
use crate::web::error::WebError;
use crate::web::security::auth;
use crate::web::security::session;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::web;

/// What a path needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    Nothing,
    Login,
    /// The role in the tournament with this id.
    Role(i64, Role),
}

/// The policy table.
#[must_use]
pub fn need(path: &str) -> Need {
    let scoped = |prefix: &str, role: Role| {
        let rest = path.strip_prefix(prefix)?;
        let id = rest.split('/').next().unwrap_or("");
        Some(id.parse::<i64>().map_or(Need::Login, |id| Need::Role(id, role)))
    };
    if let Some(n) = scoped("/admin/t/", Role::Organiser).or_else(|| scoped("/ref/t/", Role::Referee)) {
        return n;
    }
    let under = |prefix: &str| path == prefix || path.starts_with(&format!("{prefix}/"));
    if under("/admin") || under("/ref") || under("/me") || under("/account") {
        Need::Login
    } else {
        Need::Nothing
    }
}

/// The path as the router matches it: percent-encoded octets decoded except `%`, `/` and `+`
/// (actix-router's requoting), so `/%61dmin/t/1` is `/admin/t/1` here as for the route table. Every
/// decision made on a path (this policy, `Cache-Control: no-store`, body limits) is made on this
/// one, never on the spelling sent (issue 23: `/%61dmin/t/1` was served without `no-store`).
#[must_use]
pub fn routed_path(req: &ServiceRequest) -> &str {
    req.match_info().as_str()
}

/// Refuse a request its path's policy does not allow.
///
/// # Errors
/// The database fails while checking a role.
pub async fn access(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let need = need(routed_path(&req));
    if need == Need::Nothing {
        return Ok(next.call(req).await?.map_into_left_body());
    }
    let refusal = match session::current(req.request()).user() {
        Err(e) => Some(e),
        Ok(user) => match need {
            Need::Role(id, role) => {
                let db = req.app_data::<web::Data<Store>>().cloned();
                match db {
                    Some(db) => refusal(&db, &user, id, role).await?,
                    None => Some(WebError::internal("no database in the app data")),
                }
            }
            _ => None,
        },
    };
    match refusal {
        None => Ok(next.call(req).await?.map_into_left_body()),
        Some(e) => {
            if !matches!(e, WebError::LoginRequired) {
                tracing::info!(path = %routed_path(&req), "access refused by the route guard");
            }
            Ok(req.error_response(e).map_into_right_body())
        }
    }
}

async fn refusal(
    db: &Store,
    user: &auth::SessionUser,
    id: i64,
    role: Role,
) -> Result<Option<WebError>, WebError> {
    if auth::holds(db, user.id, TournamentId(id), role).await? {
        return Ok(None);
    }
    let exists = store::tournaments::get(db, TournamentId(id)).await?.is_some();
    Ok(Some(if exists { WebError::Forbidden } else { WebError::NotFound }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_covers_every_organiser_and_referee_path() {
        assert_eq!(need("/admin/t/7"), Need::Role(7, Role::Organiser));
        assert_eq!(need("/admin/t/7/round/2/publish"), Need::Role(7, Role::Organiser));
        assert_eq!(need("/ref/t/12/game/5/upload"), Need::Role(12, Role::Referee));
        assert_eq!(need("/admin/t/x/players"), Need::Login);
        assert_eq!(need("/admin/new"), Need::Login);
        assert_eq!(need("/admin"), Need::Login);
        assert_eq!(need("/me"), Need::Login);
        assert_eq!(need("/account/password"), Need::Login);
        assert_eq!(need("/"), Need::Nothing);
        assert_eq!(need("/t/7/standings"), Need::Nothing);
        assert_eq!(need("/login"), Need::Nothing);
        assert_eq!(need("/administration"), Need::Nothing);
        assert_eq!(need("/meet"), Need::Nothing);
    }
}
