//! The season ranking page `/season/{id}/ranking` (issue 20): every person once, with the best
//! level reached and the place there (`app::season::ranking`), linked to their person page and
//! the event; and the season's CSV exports: the ranking and the qualifiers (every invitation not
//! withdrawn: who, from which event and place, into which, its state). UTF-8 with a BOM, `;` by
//! default (`?sep=comma` for `,`), headers in the page's language, formula-like cells
//! neutralised (`web::csv_cell`). Names, schools and regions only: never a birth date.

use crate::app;
use crate::app::season::ranking::RankedPerson;
use crate::store::seasons::flow::{InvitationKind, InvitationState};
use crate::store::{self, SeasonId, Store, TournamentId};
use crate::web::csv_cell::{self, Separator};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::read_model::cache::Views;
use crate::web::read_model::season_pages::{Built, SeasonPages};
use crate::web::routes::public::season::state_text;
use crate::web::text::i18n::Lang;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;
use std::collections::HashMap;

struct Line {
    rank: u32,
    person: i64,
    name: String,
    school: String,
    region: String,
    level: String,
    event: i64,
    event_name: String,
    place: String,
    events: u32,
}

#[derive(Template)]
#[template(path = "public/season_ranking.html")]
struct RankingPage<'a> {
    ctx: &'a Ctx,
    id: i64,
    name: &'a str,
    /// This page's rows.
    lines: Vec<Line>,
    /// This page (1-based) and how many there are.
    page: usize,
    pages: usize,
    /// The page numbers linked; `None` an ellipsis.
    links: Vec<Option<usize>>,
}

/// Rows of one page of the season ranking (a season of 5,000 persons: 50 pages; the CSV export
/// stays whole).
pub const PER_PAGE: usize = 100;

/// Which page of `len` rows `asked` (1-based) shows, clamped to the pages there are (an empty
/// ranking is one empty page): (page, pages, the rows' range).
#[must_use]
pub fn page_of(len: usize, asked: usize) -> (usize, usize, std::ops::Range<usize>) {
    let pages = len.div_ceil(PER_PAGE).max(1);
    let page = asked.clamp(1, pages);
    let start = (page - 1) * PER_PAGE;
    (page, pages, start..len.min(start + PER_PAGE))
}

/// The page numbers a page links: the first and the last, and two either side of `page`, in
/// order; `None` where numbers are left out.
#[must_use]
pub fn page_links(page: usize, pages: usize) -> Vec<Option<usize>> {
    let mut out = Vec::new();
    for n in 1..=pages {
        if n == 1 || n == pages || n.abs_diff(page) <= 2 {
            out.push(Some(n));
        } else if out.last() != Some(&None) {
            out.push(None);
        }
    }
    out
}

#[derive(Deserialize)]
pub struct PageQuery {
    page: Option<String>,
}

/// The page asked for: a number from 1 (anything else is the first page; past the last is the
/// last, at most 10,000 so the kept pages stay few).
fn asked_page(q: &PageQuery) -> usize {
    q.page.as_deref().and_then(|p| p.trim().parse::<usize>().ok()).unwrap_or(1).clamp(1, 10_000)
}

/// The events' names by id.
async fn event_names(db: &Store, id: SeasonId) -> Result<HashMap<TournamentId, String>, WebError> {
    let mut names = HashMap::new();
    for e in app::season::events(db, id).await? {
        if let Some(t) = store::tournaments::get(db, e.tournament_id).await? {
            names.insert(e.tournament_id, t.name);
        }
    }
    Ok(names)
}

/// A place in words: "3." or "trwa" while the event is open.
fn place_text(lang: Lang, place: Option<u32>) -> String {
    place.map_or_else(|| lang.t("season_open").to_string(), |p| format!("{p}."))
}

fn lines(lang: Lang, ranked: Vec<RankedPerson>, names: &HashMap<TournamentId, String>) -> Vec<Line> {
    ranked
        .into_iter()
        .map(|r| Line {
            rank: r.rank,
            person: r.person.0,
            name: r.name,
            school: r.school,
            region: r.region,
            level: r.level_name,
            event: r.event.0,
            event_name: names.get(&r.event).cloned().unwrap_or_default(),
            place: place_text(lang, r.place),
            events: r.events,
        })
        .collect()
}

/// The season ranking, one page of [`PER_PAGE`] rows (`?page=N`, links to the others: no script
/// needed); each page kept by its number.
pub async fn ranking(
    ctx: Ctx,
    req: HttpRequest,
    db: web::Data<Store>,
    views: web::Data<Views>,
    pages: web::Data<SeasonPages>,
    path: web::Path<i64>,
    query: web::Query<PageQuery>,
) -> Result<HttpResponse, WebError> {
    let id = SeasonId(path.into_inner());
    let asked = asked_page(&query);
    let key = (format!("{}?page={asked}", ctx.path), ctx.lang);
    pages.season(&req, &db, &views, id, key, ctx.user.is_none(), ranking_page(&ctx, &db, id, asked)).await
}

async fn ranking_page(ctx: &Ctx, db: &Store, id: SeasonId, asked: usize) -> Result<Built, WebError> {
    let s = app::season::season(db, id).await?;
    let names = event_names(db, s.id).await?;
    let mut ranked = app::season::ranking::of_season(db, s.id).await?;
    let (page, pages, rows) = page_of(ranked.len(), asked);
    ranked.truncate(rows.end);
    let ranked = ranked.split_off(rows.start);
    let page = RankingPage {
        ctx,
        id: s.id.0,
        name: s.season.name(),
        lines: lines(ctx.lang, ranked, &names),
        page,
        pages,
        links: page_links(page, pages),
    };
    Ok(Built::html(page.render()?))
}

#[derive(Deserialize)]
pub struct Format {
    sep: Option<String>,
}

fn csv(sep: Option<&str>, filename: String, rows: Vec<Vec<String>>) -> Result<Built, WebError> {
    let body = csv_cell::write(rows, Separator::from_query(sep)).map_err(WebError::internal)?;
    Ok(Built { content_type: "text/csv; charset=utf-8", attachment: Some(filename), body })
}

/// A CSV's key: the path and the separator asked (nothing else of the query changes it).
fn csv_key(ctx: &Ctx, sep: &Format) -> (String, Lang) {
    let variant = if sep.sep.as_deref() == Some("comma") { "?sep=comma" } else { "" };
    (format!("{}{variant}", ctx.path), ctx.lang)
}

fn header_row(lang: Lang, keys: &[&str]) -> Vec<String> {
    keys.iter().map(|k| lang.t(k).to_string()).collect()
}

/// The season ranking as CSV.
pub async fn ranking_csv(
    ctx: Ctx,
    req: HttpRequest,
    db: web::Data<Store>,
    views: web::Data<Views>,
    pages: web::Data<SeasonPages>,
    path: web::Path<i64>,
    sep: web::Query<Format>,
) -> Result<HttpResponse, WebError> {
    let id = SeasonId(path.into_inner());
    pages
        .season(
            &req,
            &db,
            &views,
            id,
            csv_key(&ctx, &sep),
            true,
            ranking_rows(ctx.lang, &db, id, sep.sep.as_deref()),
        )
        .await
}

async fn ranking_rows(lang: Lang, db: &Store, id: SeasonId, sep: Option<&str>) -> Result<Built, WebError> {
    let s = app::season::season(db, id).await?;
    let names = event_names(db, s.id).await?;
    let ranked = app::season::ranking::of_season(db, s.id).await?;
    let mut rows = vec![header_row(
        lang,
        &[
            "sr_rank",
            "person_name",
            "club",
            "sr_region",
            "sr_best_level",
            "season_event",
            "sr_place",
            "sr_events",
        ],
    )];
    for l in lines(lang, ranked, &names) {
        rows.push(vec![
            l.rank.to_string(),
            l.name,
            l.school,
            l.region,
            l.level,
            l.event_name,
            l.place,
            l.events.to_string(),
        ]);
    }
    csv(sep, format!("sezon-{}-klasyfikacja.csv", s.id), rows)
}

/// The season's qualifiers as CSV: every invitation not withdrawn, oldest first.
pub async fn qualifiers_csv(
    ctx: Ctx,
    req: HttpRequest,
    db: web::Data<Store>,
    views: web::Data<Views>,
    pages: web::Data<SeasonPages>,
    path: web::Path<i64>,
    sep: web::Query<Format>,
) -> Result<HttpResponse, WebError> {
    let id = SeasonId(path.into_inner());
    pages
        .season(
            &req,
            &db,
            &views,
            id,
            csv_key(&ctx, &sep),
            true,
            qualifier_rows(ctx.lang, &db, id, sep.sep.as_deref()),
        )
        .await
}

async fn qualifier_rows(lang: Lang, db: &Store, id: SeasonId, sep: Option<&str>) -> Result<Built, WebError> {
    let s = app::season::season(db, id).await?;
    let names = event_names(db, s.id).await?;
    let invitations = app::season::invitations::of_season(db, s.id).await?;
    let mut rankings = HashMap::new();
    let mut rows = vec![header_row(
        lang,
        &[
            "person_name",
            "club",
            "sr_region",
            "sr_from_event",
            "sr_place",
            "sr_into_event",
            "sr_how",
            "season_status",
        ],
    )];
    for i in invitations.iter().filter(|i| i.state != InvitationState::Withdrawn) {
        let person = store::persons::get(db, i.person_id).await?;
        let region = person.map(|p| p.region).unwrap_or_default();
        let (from, place, how) = match (i.kind, i.source_id) {
            (InvitationKind::Qualifier, Some(source)) => {
                if let std::collections::hash_map::Entry::Vacant(e) = rankings.entry(source) {
                    e.insert(app::season::close::ranking(db, source).await?);
                }
                let place = rankings[&source]
                    .iter()
                    .find(|r| Some(r.player_id) == i.source_player_id)
                    .map(|r| format!("{}.", r.place))
                    .unwrap_or_default();
                (names.get(&source).cloned().unwrap_or_default(), place, lang.t("sr_qualifier").to_string())
            }
            _ => (
                String::new(),
                String::new(),
                format!("{}: {}", lang.t("season_wildcard"), i.reason.clone().unwrap_or_default()),
            ),
        };
        rows.push(vec![
            i.name.clone(),
            i.school.clone(),
            region,
            from,
            place,
            names.get(&i.target_id).cloned().unwrap_or_default(),
            how,
            state_text(lang, i.state).to_string(),
        ]);
    }
    csv(sep, format!("sezon-{}-awanse.csv", s.id), rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_cover_every_row_once_and_clamp() {
        assert_eq!(page_of(0, 1), (1, 1, 0..0));
        assert_eq!(page_of(100, 2), (1, 1, 0..100));
        assert_eq!(page_of(230, 3), (3, 3, 200..230));
        assert_eq!(page_of(230, 9), (3, 3, 200..230));
        assert_eq!(page_of(230, 0), (1, 3, 0..100));
        for len in [1, 99, 100, 101, 5_000, 5_001] {
            let (_, pages, _) = page_of(len, 1);
            let covered: usize = (1..=pages).map(|p| page_of(len, p).2.len()).sum();
            assert_eq!(covered, len);
        }
    }

    #[test]
    fn page_links_keep_the_ends_and_the_neighbours() {
        assert_eq!(page_links(1, 1), [Some(1)]);
        assert_eq!(page_links(1, 3), [Some(1), Some(2), Some(3)]);
        assert_eq!(
            page_links(10, 50),
            [Some(1), None, Some(8), Some(9), Some(10), Some(11), Some(12), None, Some(50)]
        );
        assert_eq!(page_links(2, 50), [Some(1), Some(2), Some(3), Some(4), None, Some(50)]);
    }
}
