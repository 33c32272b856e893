//! A person's public page across events (issue 20): every event they entered, in date order, with
//! their place in its final ranking once the knockout is over and links to their player page
//! there. Never the birth date (a person's birth date is private everywhere). A person merged into
//! another is sent to the one kept.

use crate::app;
use crate::store::{PersonId, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::read_model::cache::Views;
use actix_web::http::header;
use actix_web::{HttpResponse, web};
use askama::Template;
use chrono::NaiveDate;

/// One event of the person, as the page lists it.
struct EventLine {
    tournament: i64,
    tournament_name: String,
    first_day: NaiveDate,
    player: i64,
    /// The name the entry carries there (a pseudonym once erased).
    name: String,
    /// The place in the event's final ranking, once it is known.
    place: Option<String>,
}

#[derive(Template)]
#[template(path = "public/person.html")]
struct PersonPage<'a> {
    ctx: &'a Ctx,
    name: &'a str,
    events: Vec<EventLine>,
}

pub async fn person(
    ctx: Ctx,
    db: web::Data<Store>,
    views: web::Data<Views>,
    path: web::Path<i64>,
) -> Result<HttpResponse, WebError> {
    let id = PersonId(path.into_inner());
    let p = app::persons::person(&db, id).await?;
    if let Some(kept) = p.merged_into {
        return Ok(HttpResponse::SeeOther()
            .insert_header((header::LOCATION, format!("/person/{kept}")))
            .finish());
    }
    let mut events = Vec::new();
    for e in app::persons::entries(&db, id).await? {
        let view = views.get(&db, e.tournament_id).await?;
        let Some(player) = view.player(e.player_id) else { continue };
        events.push(EventLine {
            tournament: e.tournament_id.0,
            tournament_name: view.t().name.clone(),
            first_day: view.t().first_day,
            player: e.player_id.0,
            name: player.name.clone(),
            place: view.final_line_of(e.player_id).map(|f| f.place.clone()),
        });
    }
    events.sort_by_key(|e| (e.first_day, e.tournament));
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(PersonPage { ctx: &ctx, name: &p.name, events }.render()?))
}
