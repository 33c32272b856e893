//! Typed role extractors: a handler that takes [`Organising`] or [`Refereeing`] runs only for a
//! logged-in user who holds that role in the tournament of the path's `{t}`, and gets the
//! tournament loaded. The route guard (`security::guard`) checks the same before any handler runs;
//! these are the handler's own proof of it (defence in depth), in the type, instead of a re-check
//! in every handler's body.

use crate::store::tournaments::{Role, Tournament};
use crate::store::{self, Store, TournamentId, UserId};
use crate::web::error::WebError;
use crate::web::security::auth::SessionUser;
use crate::web::security::session;
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use std::future::Future;
use std::pin::Pin;

/// The logged-in user, the tournament of the path's `{t}`, and whether they organise it; refused
/// with [`WebError::LoginRequired`], [`WebError::NotFound`] or [`WebError::Forbidden`] unless they
/// hold `role` in it.
async fn load(req: HttpRequest, role: Role) -> Result<(SessionUser, Tournament, bool), WebError> {
    let user = session::current(&req).user()?;
    let id = req.match_info().get("t").and_then(|t| t.parse::<i64>().ok()).ok_or(WebError::NotFound)?;
    let db = req
        .app_data::<web::Data<Store>>()
        .ok_or_else(|| WebError::internal("no database in the app data"))?;
    let t = store::tournaments::get(db, TournamentId(id)).await?.ok_or(WebError::NotFound)?;
    let organiser = store::tournaments::has_role(db, t.id, user.id, Role::Organiser).await?;
    if !organiser && !store::tournaments::has_role(db, t.id, user.id, role).await? {
        return Err(WebError::Forbidden);
    }
    Ok((user, t, organiser))
}

/// Extract a role's value, made by `make` from what [`load`] found.
fn extract<T: 'static>(
    req: &HttpRequest,
    role: Role,
    make: fn(SessionUser, Tournament, bool) -> T,
) -> Pin<Box<dyn Future<Output = Result<T, WebError>>>> {
    let req = req.clone();
    Box::pin(async move {
        let (user, t, organiser) = load(req, role).await?;
        Ok(make(user, t, organiser))
    })
}

/// An organiser of the path's tournament, with the tournament.
pub struct Organising {
    pub user: SessionUser,
    pub t: Tournament,
}

impl Organising {
    #[must_use]
    pub fn by(&self) -> UserId {
        self.user.id
    }
}

impl FromRequest for Organising {
    type Error = WebError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        extract(req, Role::Organiser, |user, t, _| Organising { user, t })
    }
}

/// A referee (or organiser: they may do what referees do) of the path's tournament, with the
/// tournament.
pub struct Refereeing {
    pub user: SessionUser,
    pub t: Tournament,
    /// Also an organiser (who may correct locked rounds).
    pub organiser: bool,
}

impl Refereeing {
    #[must_use]
    pub fn by(&self) -> UserId {
        self.user.id
    }

    /// The role the use cases weigh: an organiser's corrections reach locked rounds.
    #[must_use]
    pub fn role(&self) -> Role {
        if self.organiser { Role::Organiser } else { Role::Referee }
    }
}

impl FromRequest for Refereeing {
    type Error = WebError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        extract(req, Role::Referee, |user, t, organiser| Refereeing { user, t, organiser })
    }
}

/// A coordinator of the season of the path's `{id}` (its creator or an appointed coordinator,
/// `app::season::is_coordinator`), with the season loaded; refused with
/// [`WebError::LoginRequired`], [`WebError::NotFound`] or [`WebError::Forbidden`].
pub struct Coordinating {
    pub user: SessionUser,
    pub season: crate::store::seasons::StoredSeason,
}

impl Coordinating {
    #[must_use]
    pub fn by(&self) -> UserId {
        self.user.id
    }

    /// The coordinator's page of the season, at `anchor` ("" for its top).
    #[must_use]
    pub fn page(&self, anchor: &str) -> String {
        format!("/admin/season/{}{anchor}", self.season.id)
    }
}

impl FromRequest for Coordinating {
    type Error = WebError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let user = session::current(&req).user()?;
            let id =
                req.match_info().get("id").and_then(|t| t.parse::<i64>().ok()).ok_or(WebError::NotFound)?;
            let db = req
                .app_data::<web::Data<Store>>()
                .ok_or_else(|| WebError::internal("no database in the app data"))?;
            let season = crate::app::season::season(db, crate::store::SeasonId(id)).await?;
            if !crate::app::season::is_coordinator(db, season.id, user.id).await? {
                return Err(WebError::Forbidden);
            }
            Ok(Coordinating { user, season })
        })
    }
}
