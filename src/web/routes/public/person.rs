//! A person's public page across events (issue 20): every event they entered, in date order, with
//! the season and level it belongs to, their place in its final ranking once the knockout is over
//! and links to their player page there, and every match of theirs there (the opponent, the
//! score) linked to the match's page and each game's. Never the birth date (private everywhere).
//! A person merged into another is sent to the one kept. Kept as built for visitors without a
//! session while the person's stamp holds (`read_model::season_pages::PersonPages`).

use crate::app;
use crate::store::{PersonId, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::read_model::cache::Views;
use crate::web::read_model::season_pages::{Built, PersonPages};
use crate::web::text::names::Named;
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
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
    /// The season and level of the event, if it is one: (season id, "season · level").
    season: Option<(i64, String)>,
    matches: Vec<MatchOf>,
}

/// One match of the person in an event, as the page lists it.
struct MatchOf {
    id: i64,
    /// "Runda 2" or the knockout round's name.
    round: String,
    opponent: String,
    score: String,
    /// (game id, "Partia 1").
    games: Vec<(i64, String)>,
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
    req: HttpRequest,
    db: web::Data<Store>,
    views: web::Data<Views>,
    pages: web::Data<PersonPages>,
    path: web::Path<i64>,
) -> Result<HttpResponse, WebError> {
    let id = PersonId(path.into_inner());
    let keep = ctx.user.is_none();
    let key = (id.0, ctx.lang.code());
    if keep && let Some(current) = pages.current(&req, &db, &key) {
        return Ok(current);
    }
    // During an outage the person is not asked of the database (its page kept, marked, or a 503).
    if let Some(stale) = pages.while_away(&db, &views, &key, keep, ctx.lang).await? {
        return Ok(stale);
    }
    let p = app::persons::person(&db, id).await?;
    if let Some(kept) = p.merged_into {
        return Ok(HttpResponse::SeeOther()
            .insert_header((header::LOCATION, format!("/person/{kept}")))
            .finish());
    }
    pages.person(&req, &db, &views, id, ctx.lang, keep, build(&ctx, &db, &views, id, &p.name)).await
}

/// The page as HTML: every entry of the person from its tournament's kept view.
async fn build(ctx: &Ctx, db: &Store, views: &Views, id: PersonId, name: &str) -> Result<Built, WebError> {
    let mut events = Vec::new();
    for e in app::persons::entries(db, id).await? {
        let view = views.get(db, e.tournament_id).await?;
        let Some(player) = view.player(e.player_id) else { continue };
        // A closed season event's place is its stored final ranking's (issue 37: the place the
        // season ranking shows, whatever the format; a Swiss-only event has no knockout's final
        // lines); an open event or a tournament outside a season: the final lines, once known.
        let mut stored_place = None;
        let season = match app::season::event_of(db, e.tournament_id).await? {
            Some(ev) => {
                let s = app::season::season(db, ev.season_id).await?;
                let level = s.level_index(ev.level_id).and_then(|l| s.season.levels().get(l)).cloned();
                if ev.closed {
                    stored_place = app::season::close::ranking(db, e.tournament_id)
                        .await?
                        .into_iter()
                        .find(|r| r.player_id == e.player_id)
                        .map(|r| format!("{}.", r.place));
                }
                Some((ev.season_id.0, format!("{} · {}", s.season.name(), level.unwrap_or_default())))
            }
            None => None,
        };
        let matches = view
            .public_lines_of_player(e.player_id)
            .map(|m| {
                let round = match m.stage {
                    Some(stage) => format!("{} {} · {}", ctx.t("round"), m.round, ctx.t(stage.text_key())),
                    None => format!("{} {}", ctx.t("round"), m.round),
                };
                let opponent = if m.is_bye {
                    ctx.t("bye").to_string()
                } else if m.a_id == e.player_id {
                    m.b_name.clone()
                } else {
                    m.a_name.clone()
                };
                let games =
                    m.games.iter().map(|g| (g.id.0, format!("{} {}", ctx.t("game"), g.game_no))).collect();
                MatchOf { id: m.id.0, round, opponent, score: m.score.clone(), games }
            })
            .collect();
        events.push(EventLine {
            season,
            matches,
            tournament: e.tournament_id.0,
            tournament_name: view.t().name.clone(),
            first_day: view.t().first_day,
            player: e.player_id.0,
            name: player.name.clone(),
            place: stored_place.or_else(|| view.final_line_of(e.player_id).map(|f| f.place.clone())),
        });
    }
    events.sort_by_key(|e| (e.first_day, e.tournament));
    Ok(Built::html(PersonPage { ctx, name, events }.render()?))
}
