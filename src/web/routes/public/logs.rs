//! Logs people can keep: a game's validated log as a `.bwlog` file (`/t/{t}/game/{g}/log`), and all
//! of a tournament's validated logs as one zip among its exports (`/t/{t}/export/logs`). Each file is
//! the log as stored, with the header tags that make it re-checkable anywhere added where the referee's
//! text lacks them: `Edition` (the edition it was validated with), `Rules` and `TimeControl` (the
//! tournament's). `bitwa check-log --rules "WORDS" --time-control N FILE` then checks it offline
//! (`tests/service/logs.rs` downloads every stored log of the demo and checks each).

use crate::engine::parse_log;
use crate::store::{self, GameId};
use crate::web::error::WebError;
use crate::web::extract::public_page::PublicPage;
use crate::web::forms::rules::rule_options;
use crate::web::read_model::http::Body;
use crate::web::read_model::lines::{GameLine, LogShown, MatchLine};
use crate::web::read_model::view::TournamentView;
use actix_web::{HttpRequest, HttpResponse, web};
use std::io::Write;

/// The tags a kept log carries, with this tournament's values, for `game`.
fn tags(view: &TournamentView, game: &GameLine) -> [(&'static str, String); 3] {
    let options = rule_options(&view.t().config());
    [
        ("Edition", game.edition.clone().unwrap_or_else(|| view.t().edition.clone())),
        ("Rules", options.rules_tag()),
        ("TimeControl", options.time_control_secs.to_string()),
    ]
}

/// The log with each of `tags` it lacks added as a header line before its first line (the values
/// are ids, rule words and digits: nothing to escape). The stored text is otherwise unchanged.
#[must_use]
pub fn with_tags(log: &str, tags: &[(&'static str, String)]) -> String {
    let parsed = parse_log(log).ok();
    let mut out = String::with_capacity(log.len() + 96);
    for (name, value) in tags {
        if parsed.as_ref().is_none_or(|p| p.tag(name).is_none()) {
            out.push_str(&format!("[{name} \"{value}\"]\n"));
        }
    }
    out.push_str(log);
    out
}

/// The name a game's log is kept under: `t1-round2-table3-game1.bwlog`.
fn file_name(t: i64, line: &MatchLine, game: &GameLine) -> String {
    format!("t{t}-round{}-table{}-game{}.bwlog", line.round, line.table, game.game_no)
}

/// `GET /t/{t}/game/{g}/log`: the game's validated log as a file; 404 for a game without one.
///
/// # Errors
/// No such game (or not public), no validated log; the database fails.
pub async fn game_log(
    req: HttpRequest,
    db: web::Data<crate::store::Store>,
    mut page: PublicPage,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, WebError> {
    if let Some(hit) = page.cached() {
        return Ok(hit);
    }
    let view = &page.view;
    let (line, game) = view.visible_game(GameId(path.1), false).ok_or(WebError::NotFound)?;
    if game.log_status != LogShown::Valid {
        return Err(WebError::NotFound);
    }
    let log =
        store::games::log_text(&db, game.id).await?.filter(|l| !l.is_empty()).ok_or(WebError::NotFound)?;
    let body = with_tags(&log, &tags(view, game));
    let disposition = format!("attachment; filename=\"{}\"", file_name(view.t().id.0, line, game));
    Ok(page.serve(&req, Body::new("text/plain; charset=utf-8", Some(disposition), body.into_bytes())))
}

/// `GET /t/{t}/export/logs`: every validated log of the public rounds, one zip (deflated), in round
/// and table order.
///
/// # Errors
/// The database fails; the zip cannot be written (in memory: it cannot).
pub async fn all_logs(
    req: HttpRequest,
    db: web::Data<crate::store::Store>,
    mut page: PublicPage,
) -> Result<HttpResponse, WebError> {
    if let Some(hit) = page.cached() {
        return Ok(hit);
    }
    let view = &page.view;
    let t = view.t().id.0;
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for line in view.public_lines() {
        for game in line.games.iter().filter(|g| g.log_status == LogShown::Valid) {
            let Some(log) = store::games::log_text(&db, game.id).await?.filter(|l| !l.is_empty()) else {
                continue;
            };
            zip.start_file(file_name(t, line, game), options).map_err(WebError::internal)?;
            zip.write_all(with_tags(&log, &tags(view, game)).as_bytes()).map_err(WebError::internal)?;
        }
    }
    let bytes = zip.finish().map_err(WebError::internal)?.into_inner();
    let disposition = format!("attachment; filename=\"t{t}-logs.zip\"");
    Ok(page.serve(&req, Body::new("application/zip", Some(disposition), bytes)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_tags_are_added_and_present_ones_kept() {
        let log = "[Event \"Liga\"]\n[Edition \"bw-2021-reconstructed\"]\n";
        let kept = with_tags(log, &[("Edition", "other".into()), ("Rules", "no-fortifications".into())]);
        assert_eq!(kept, format!("[Rules \"no-fortifications\"]\n{log}"));
    }
}
