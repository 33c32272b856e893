//! CSV exports: pairings of a round, standings, all results. UTF-8 with a BOM and `;` by default
//! (what Polish spreadsheets expect), `,` with `?sep=comma`; headers in the page language.
//! And the Swiss phase as a FIDE Tournament Report File (TRF-16, league `trf`).
//! Every export is built from the read model (`web::read_model::view`) once per change of the
//! tournament (and language and separator), then served from `view.pages` (compressed, with an
//! `ETag`) to everybody.

use crate::store::{Store, TournamentId};
use crate::web::csv_cell::{self, Separator};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::public_page::PublicPage;
use crate::web::read_model::cache::Views;
use crate::web::read_model::groups;
use crate::web::read_model::http::{Body, PageKey};
use crate::web::read_model::lines::{MatchLine, StandingLine};
use crate::web::read_model::view::TournamentView;
use crate::web::text::i18n::Lang;
use crate::web::text::names::Named;
use crate::web::text::sentences::match_sentence;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

#[derive(Deserialize)]
pub struct Format {
    sep: Option<String>,
}

impl Format {
    /// The cache variant: the only part of the query string that changes the body.
    fn variant(&self) -> &'static str {
        if self.sep.as_deref() == Some("comma") { "comma" } else { "" }
    }

    /// A decimal number as the spreadsheet reading this file expects it: with `;` between cells
    /// (Polish settings) a decimal comma, or Excel reads `2.5` as the 2nd of May; with `,` the dot.
    fn decimal(&self, number: &str) -> String {
        match Separator::from_query(self.sep.as_deref()) {
            Separator::Semicolon => number.replace('.', ","),
            Separator::Comma => number.to_string(),
        }
    }
}

/// Rows as a CSV download (UTF-8 with BOM, every cell through [`csv_cell::write`], which neutralises
/// formula-like cells).
fn csv_body(sep: &Format, filename: &str, rows: Vec<Vec<String>>) -> Result<Body, WebError> {
    let body =
        csv_cell::write(rows, Separator::from_query(sep.sep.as_deref())).map_err(WebError::internal)?;
    Ok(Body::new("text/csv; charset=utf-8", Some(format!("attachment; filename=\"{filename}\"")), body))
}

/// Exports are the same for everyone: keyed by path, language and separator only. The cached body
/// when there is one; else `build` makes it from the read model, and it is kept for the next.
async fn export(
    req: &HttpRequest,
    ctx: &Ctx,
    (db, views): (&Store, &Views),
    tid: i64,
    variant: &'static str,
    build: impl FnOnce(&TournamentView) -> Result<Body, WebError>,
) -> Result<HttpResponse, WebError> {
    let mut page =
        PublicPage::open(req, db, views, TournamentId(tid), PageKey::shared(req, ctx, variant)).await?;
    if let Some(hit) = page.cached() {
        return Ok(hit);
    }
    let body = build(&page.view)?;
    Ok(page.serve(req, body))
}

fn game_cells(lang: Lang, line: &MatchLine, game_no: i64) -> [String; 3] {
    match line.games.iter().find(|g| g.game_no == game_no && g.has_result()) {
        Some(g) => [
            g.winner_name.clone(),
            g.termination.map_or("", |t| lang.t(t.text_key())).to_string(),
            g.red_points.map(|p| p.to_string()).unwrap_or_default(),
        ],
        None => [String::new(), String::new(), String::new()],
    }
}

fn match_header(lang: Lang) -> Vec<String> {
    ["round", "table", "red_first", "opponent", "result", "red_points", "outcome"]
        .iter()
        .map(|k| lang.t(k).to_string())
        .chain((1..=2).flat_map(|n| {
            [
                format!("{} {n}: {}", lang.t("game"), lang.t("winner")),
                format!("{} {n}: {}", lang.t("game"), lang.t("termination")),
                format!("{} {n}: {}", lang.t("game"), lang.t("red_points")),
            ]
        }))
        .collect()
}

fn match_row(lang: Lang, line: &MatchLine) -> Vec<String> {
    let mut row = vec![
        line.round.to_string(),
        if line.is_bye { String::new() } else { line.table.to_string() },
        line.a_name.clone(),
        if line.is_bye { lang.t("bye").to_string() } else { line.b_name.clone() },
        line.score.clone(),
        line.red_points.clone(),
        match_sentence(&lang, line),
    ];
    for n in 1..=2 {
        row.extend(game_cells(lang, line, n));
    }
    row
}

pub async fn pairings(
    req: HttpRequest,
    ctx: Ctx,
    db: web::Data<Store>,
    views: web::Data<Views>,
    path: web::Path<(i64, i64)>,
    sep: web::Query<Format>,
) -> Result<HttpResponse, WebError> {
    let (tid, number) = path.into_inner();
    export(&req, &ctx, (&db, &views), tid, sep.variant(), |view| {
        let round = view.round(number, false).ok_or(WebError::NotFound)?;
        let mut rows = vec![match_header(ctx.lang)];
        rows.extend(view.lines_of_round(round).map(|line| match_row(ctx.lang, line)));
        csv_body(&sep, &format!("pairings-{tid}-round-{number}.csv"), rows)
    })
    .await
}

pub async fn results(
    req: HttpRequest,
    ctx: Ctx,
    db: web::Data<Store>,
    views: web::Data<Views>,
    path: web::Path<i64>,
    sep: web::Query<Format>,
) -> Result<HttpResponse, WebError> {
    let tid = path.into_inner();
    export(&req, &ctx, (&db, &views), tid, sep.variant(), |view| {
        let mut rows = vec![match_header(ctx.lang)];
        rows.extend(view.public_lines().map(|line| match_row(ctx.lang, line)));
        csv_body(&sep, &format!("results-{tid}.csv"), rows)
    })
    .await
}

pub async fn standings(
    req: HttpRequest,
    ctx: Ctx,
    db: web::Data<Store>,
    views: web::Data<Views>,
    path: web::Path<i64>,
    sep: web::Query<Format>,
) -> Result<HttpResponse, WebError> {
    let tid = path.into_inner();
    export(&req, &ctx, (&db, &views), tid, sep.variant(), |view| {
        let t = |k: &str| ctx.t(k).to_string();
        let columns = view.standing_columns().iter().map(|c| t(c.text_key()));
        let standing = |l: &StandingLine| {
            let mut cells = vec![l.name.clone(), l.club.clone(), sep.decimal(&l.match_points)];
            cells.extend(l.tiebreaks.iter().map(|v| sep.decimal(v)));
            cells
        };
        let mut rows = Vec::new();
        let groups = view.groups();
        match view.final_lines() {
            // After groups and the knockout: the final ranking with each player's place in their group.
            Some(finals) if finals.after_groups() => {
                rows.push(vec![t("final_place"), t("group_place"), t("person_name"), t("club"), t("stage")]);
                for f in finals {
                    let place = f.group_place.clone().unwrap_or_default();
                    rows.push(vec![
                        f.place.clone(),
                        place,
                        f.name.clone(),
                        f.club.clone(),
                        t(f.reached.text_key()),
                    ]);
                }
            }
            // Groups, before the knockout is over: every group's standings, one after another.
            None if !groups.groups.is_empty() => {
                let mut header =
                    vec![t("group"), t("rank"), t("number_in_group"), t("person_name"), t("club")];
                header.push(t("match_points"));
                header.extend(groups.columns.iter().map(|c| t(c.text_key())));
                header.push(t("qualifies"));
                rows.push(header);
                for g in &groups.groups {
                    for l in &g.lines {
                        let mut row =
                            vec![g.letter.clone(), l.rank.to_string(), l.number.to_string(), l.name.clone()];
                        row.extend([l.club.clone(), sep.decimal(&l.match_points)]);
                        row.extend(l.tiebreaks.iter().map(|v| sep.decimal(v)));
                        row.push(if l.qualifies {
                            t("qualifies")
                        } else if l.lot_due {
                            t("lot_due")
                        } else {
                            String::new()
                        });
                        rows.push(row);
                    }
                }
            }
            // After the knockout: the final ranking first, the Swiss rank beside it.
            Some(finals) => {
                let mut header =
                    vec![t("final_place"), t("swiss_rank"), t("person_name"), t("club"), t("match_points")];
                header.extend(columns);
                rows.push(header);
                for f in finals {
                    let mut row = vec![f.place.clone(), f.swiss_rank.to_string()];
                    match view.standing_of(f.player) {
                        Some(l) => row.extend(standing(l)),
                        None => row.extend([f.name.clone(), f.club.clone()]),
                    }
                    rows.push(row);
                }
            }
            None => {
                let mut header = vec![t("rank"), t("person_name"), t("club"), t("match_points")];
                header.extend(columns);
                rows.push(header);
                for l in view.standing_lines() {
                    let mut row = vec![l.rank.to_string()];
                    row.extend(standing(l));
                    rows.push(row);
                }
            }
        }
        csv_body(&sep, &format!("standings-{tid}.csv"), rows)
    })
    .await
}

/// The Swiss phase as a FIDE Tournament Report File (TRF-16): every finished public Swiss round
/// (a round still in play is left out), players in registration order; of a tournament that opens
/// with groups, the whole tournament (the groups' and the knockout's games, the final ranking as
/// the rank, `TournamentView::groups_tournament_trf`). Public like the other exports; no birth
/// dates.
pub async fn trf(
    req: HttpRequest,
    ctx: Ctx,
    db: web::Data<Store>,
    views: web::Data<Views>,
    path: web::Path<i64>,
) -> Result<HttpResponse, WebError> {
    let tid = path.into_inner();
    export(&req, &ctx, (&db, &views), tid, "", |view| {
        let disposition = format!("attachment; filename=\"tournament-{tid}.trf\"");
        Ok(Body::new("text/plain; charset=utf-8", Some(disposition), view.trf().into_bytes()))
    })
    .await
}

/// One group's standings (issue 19): rank, number in the group, name, school, match points, the
/// group's tiebreaks, and whether the place qualifies ("awans"); the frozen ranking once the
/// stage is closed.
pub async fn group_standings(
    req: HttpRequest,
    ctx: Ctx,
    db: web::Data<Store>,
    views: web::Data<Views>,
    path: web::Path<(i64, String)>,
    sep: web::Query<Format>,
) -> Result<HttpResponse, WebError> {
    let (tid, letter) = path.into_inner();
    export(&req, &ctx, (&db, &views), tid, sep.variant(), |view| {
        let all = view.groups();
        let group = groups::index_of(&letter).and_then(|g| all.groups.get(g)).ok_or(WebError::NotFound)?;
        let t = |k: &str| ctx.t(k).to_string();
        let mut header =
            vec![t("rank"), t("number_in_group"), t("person_name"), t("club"), t("match_points")];
        header.extend(all.columns.iter().map(|c| t(c.text_key())));
        header.push(t("qualifies"));
        let mut rows = vec![header];
        for l in &group.lines {
            let mut row = vec![l.rank.to_string(), l.number.to_string(), l.name.clone(), l.club.clone()];
            row.push(sep.decimal(&l.match_points));
            row.extend(l.tiebreaks.iter().map(|v| sep.decimal(v)));
            row.push(if l.qualifies {
                t("qualifies")
            } else if l.lot_due {
                t("lot_due")
            } else {
                String::new()
            });
            rows.push(row);
        }
        csv_body(&sep, &format!("group-{}-{tid}.csv", group.letter), rows)
    })
    .await
}

/// One group as a TRF round robin (league `trf::write_round_robin`).
pub async fn group_trf(
    req: HttpRequest,
    ctx: Ctx,
    db: web::Data<Store>,
    views: web::Data<Views>,
    path: web::Path<(i64, String)>,
) -> Result<HttpResponse, WebError> {
    let (tid, letter) = path.into_inner();
    export(&req, &ctx, (&db, &views), tid, "", |view| {
        let g = groups::index_of(&letter).ok_or(WebError::NotFound)?;
        let text = view.group_trf(g).ok_or(WebError::NotFound)?;
        let disposition = format!("attachment; filename=\"group-{letter}-{tid}.trf\"");
        Ok(Body::new("text/plain; charset=utf-8", Some(disposition), text.into_bytes()))
    })
    .await
}
