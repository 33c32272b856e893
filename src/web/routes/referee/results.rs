//! Game results: typed, or filled from a move log the engine validates (pasted or uploaded as a
//! file); the knockout's extra game drawn by the bracket's lot. The form is parsed at the edge into
//! [`Typed`] values; a refused form comes back on the match page with what was typed kept.

use super::page::{GameForm, Refused, render_match};
use super::{open_for, refereed};
use crate::engine::{ValidatedGame, validate_log};
use crate::outcome::{Side, Termination};
use crate::store::games::{LogStatus, ResultEntry};
use crate::store::tournaments::Tournament;
use crate::store::{self, GameId, MatchId, Store, StoreError};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::forms::field;
use crate::web::forms::problems::Problems;
use crate::web::read_model::editions::EditionCache;
use crate::web::read_model::lines::match_line;
use crate::web::read_model::loaded::Loaded;
use crate::web::security::auth::LoggedIn;
use crate::web::security::csrf::CsrfForm;
use crate::web::text::i18n::Lang;
use crate::web::text::log_error::LogErrorView;
use crate::web::text::names::Named;
use crate::web::text::sentences::game_sentence;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

/// The largest move log accepted (text or JSON; a long game is some tens of KiB).
pub const LOG_MAX_BYTES: usize = 1024 * 1024;

/// The longest clock reading accepted: ten hours, in seconds.
const CLOCK_MAX_SECS: i64 = 36_000;

#[derive(Deserialize, Default)]
pub struct ResultForm {
    version: String,
    #[serde(default)]
    winner: String,
    #[serde(default)]
    termination: String,
    #[serde(default)]
    red_points: String,
    #[serde(default)]
    red_clock: String,
    #[serde(default)]
    polish_clock: String,
    /// The move log as pasted (text notation or JSON).
    #[serde(default)]
    log: String,
    /// Save the typed result even though the log is invalid (the log is kept, marked invalid).
    accept_invalid: Option<String>,
}

/// What the referee typed, parsed: every field optional when a log is given.
struct Typed {
    winner: Option<Side>,
    termination: Option<Termination>,
    red_points: Option<i64>,
    red_clock: Option<i64>,
    polish_clock: Option<i64>,
}

/// A clock reading as the referee writes it: `m:ss` (`12:05`) or whole seconds (`725`); empty:
/// not recorded.
///
/// # Errors
/// Neither form, seconds past 59, or more than ten hours.
pub fn parse_clock(lang: Lang, field: &str, value: &str) -> Result<Option<i64>, WebError> {
    let v = value.trim();
    if v.is_empty() {
        return Ok(None);
    }
    let secs = match v.split_once(':') {
        Some((m, s)) if s.len() == 2 => match (m.trim().parse::<i64>(), s.parse::<i64>()) {
            (Ok(m), Ok(s)) if (0..60).contains(&s) && m >= 0 => Some(m * 60 + s),
            _ => None,
        },
        Some(_) => None,
        None => v.parse::<i64>().ok(),
    };
    match secs {
        Some(secs) if (0..=CLOCK_MAX_SECS).contains(&secs) => Ok(Some(secs)),
        _ => Err(WebError::BadRequest(format!("{}: {}", lang.t(field), lang.t("clock_format")))),
    }
}

/// A select's value, unless nothing was chosen.
fn chosen(v: &str) -> Option<&str> {
    Some(v.trim()).filter(|v| !v.is_empty())
}

fn parse_typed(lang: Lang, f: &ResultForm, problems: &mut Problems) -> Result<Typed, WebError> {
    let winner = chosen(&f.winner).and_then(|v| match v.parse::<Side>() {
        Ok(side) => Some(side),
        Err(_) => {
            problems.add("winner", lang.t("choose_one"));
            None
        }
    });
    let termination = chosen(&f.termination).and_then(|v| match v.parse::<Termination>() {
        Ok(t) => Some(t),
        Err(_) => {
            problems.add("termination", lang.t("choose_one"));
            None
        }
    });
    Ok(Typed {
        winner,
        termination,
        red_points: problems
            .take(lang, "red_points", field::opt_int(lang, "red_points", &f.red_points, 0, 500))?
            .flatten(),
        red_clock: problems.take(lang, "red_clock", parse_clock(lang, "red_clock", &f.red_clock))?.flatten(),
        polish_clock: problems
            .take(lang, "polish_clock", parse_clock(lang, "polish_clock", &f.polish_clock))?
            .flatten(),
    })
}

/// A typed result without a log: every field is needed, and the winner must fit the termination
/// (the outcome's rule: some endings are a win for one side only).
fn typed_entry(lang: Lang, typed: &Typed, problems: &mut Problems) -> Option<ResultEntry> {
    if typed.winner.is_none() {
        problems.add("winner", lang.t("choose_winner"));
    }
    if typed.termination.is_none() {
        problems.add("termination", lang.t("choose_termination"));
    }
    if typed.red_points.is_none() && problems.for_field("red_points").is_none() {
        problems.add("red_points", lang.t("required"));
    }
    let (winner, termination, red_points) = (typed.winner?, typed.termination?, typed.red_points?);
    if let Some(only) = termination.fixed_winner().filter(|&w| w != winner) {
        problems.add(
            "termination",
            format!(
                "{}: {} {}",
                lang.t(termination.text_key()),
                lang.t("wins_only"),
                lang.t(only.text_key())
            ),
        );
        return None;
    }
    Some(ResultEntry {
        winner: Some(winner),
        termination: Some(termination),
        red_points: Some(red_points),
        red_clock_secs: typed.red_clock,
        polish_clock_secs: typed.polish_clock,
        log_text: None,
        log_status: LogStatus::None,
        log_message: String::new(),
        log_edition: None,
    })
}

/// Where typed fields and the validated log disagree: a problem beside each such field.
fn contradictions(lang: Lang, typed: &Typed, v: &ValidatedGame, problems: &mut Problems) {
    let o = v.outcome;
    let in_log = lang.t("in_the_log");
    if typed.winner.is_some_and(|w| w != o.winner) {
        problems.add("winner", format!("{in_log}: {}", lang.t(o.winner.text_key())));
    }
    if typed.termination.is_some_and(|t| t != o.termination) {
        problems.add("termination", format!("{in_log}: {}", lang.t(o.termination.text_key())));
    }
    if typed.red_points.is_some_and(|p| p != i64::from(o.red_points)) {
        problems.add("red_points", format!("{in_log}: {}", o.red_points));
    }
}

/// Save one game's result (urlencoded form). See [`save_result`].
pub async fn enter_result(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    editions: web::Data<EditionCache>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<ResultForm>,
) -> Result<HttpResponse, WebError> {
    let (tid, gid) = path.into_inner();
    save_result(&ctx, &db, &editions, &user, tid, gid, &form.value).await
}

/// The same result form sent as `multipart/form-data`, so a move log can be uploaded as a file
/// (`log_file`; a pasted `log` is used when no file is chosen). The body is capped and the CSRF
/// token checked before the file is read (`upload::read`).
pub async fn upload_result(
    ctx: Ctx,
    req: HttpRequest,
    user: LoggedIn,
    db: web::Data<Store>,
    editions: web::Data<EditionCache>,
    path: web::Path<(i64, i64)>,
    payload: actix_multipart::Multipart,
) -> Result<HttpResponse, WebError> {
    let (tid, gid) = path.into_inner();
    let mut fields = crate::web::forms::upload::read(&req, payload, ctx.lang).await?;
    let mut take = |k: &str| fields.remove(k).unwrap_or_default();
    let file = take("log_file");
    let pasted = take("log");
    let form = ResultForm {
        version: take("version"),
        winner: take("winner"),
        termination: take("termination"),
        red_points: take("red_points"),
        red_clock: take("red_clock"),
        polish_clock: take("polish_clock"),
        log: if file.trim().is_empty() { pasted } else { file },
        accept_invalid: Some(take("accept_invalid")).filter(|v| !v.is_empty()),
    };
    save_result(&ctx, &db, &editions, &user, tid, gid, &form).await
}

/// The form as typed, to show again with its problems.
fn as_typed(game: GameId, version: i64, f: &ResultForm, problems: Problems) -> GameForm {
    GameForm {
        game,
        version,
        winner: GameForm::typed_winner(f.winner.trim()),
        termination: GameForm::typed_termination(f.termination.trim()),
        red_points: f.red_points.clone(),
        red_clock: f.red_clock.clone(),
        polish_clock: f.polish_clock.clone(),
        log: f.log.clone(),
        accept_invalid: field::checkbox(f.accept_invalid.as_ref()),
        problems,
        ..GameForm::empty(game, version)
    }
}

/// Validate a pasted or uploaded log with the tournament's edition and save (the stored log keeps
/// the edition's code). A refusal (a field, a log that contradicts the typed result, an invalid
/// log) shows the match page again with the form as typed (422); a save that loses a race shows
/// what is stored now beside the form (409), unless the same result was saved (a repeated
/// submission), which is a success.
async fn save_result(
    ctx: &Ctx,
    db: &Store,
    editions: &EditionCache,
    user: &LoggedIn,
    tid: i64,
    gid: i64,
    f: &ResultForm,
) -> Result<HttpResponse, WebError> {
    let lang = ctx.lang;
    let (t, organiser) = refereed(db, user, tid).await?;
    let (game, _) = store::games::get(db, GameId(gid)).await?.ok_or(WebError::NotFound)?;
    let m = store::rounds::get_match(db, t.id, game.match_id).await?.ok_or(WebError::NotFound)?;
    if !open_for(&m, organiser) {
        return Err(WebError::BadRequest(ctx.t("round_not_open").to_string()));
    }
    let edition = editions.get(db, &t.edition).await?;
    // A form of ours always carries the version: without one the request is malformed (400).
    let version = field::int(lang, "version", &f.version, 0, i64::MAX)?;
    let mut problems = Problems::default();
    let typed = parse_typed(lang, f, &mut problems)?;
    problems.take(lang, "move_log", field::multiline(lang, "move_log", &f.log, LOG_MAX_BYTES))?;
    let refuse = |problems: Problems, message: Option<String>, log_error: Option<LogErrorView>, status| {
        let mut form = as_typed(game.id, version, f, problems);
        form.message = message;
        form.log_error = log_error;
        (Refused { game: Some(form), ..Refused::default() }, status)
    };
    let (refused, status) = 'decide: {
        if !problems.is_empty() {
            break 'decide refuse(problems, None, None, StatusCode::UNPROCESSABLE_ENTITY);
        }
        if m.forfeit.is_some() {
            // Checked again in the store's transaction; here to answer before validating the log.
            let message = lang.t(crate::web::error::refusal_key(store::Refusal::MatchForfeited)).to_string();
            break 'decide refuse(problems, Some(message), None, StatusCode::UNPROCESSABLE_ENTITY);
        }
        let log = f.log.trim();
        let entry = if log.is_empty() {
            match typed_entry(lang, &typed, &mut problems) {
                Some(entry) => entry,
                None => break 'decide refuse(problems, None, None, StatusCode::UNPROCESSABLE_ENTITY),
            }
        } else {
            match validate_log(log, &edition, &crate::web::forms::rules::rule_options(&t.config())) {
                Ok(v) => {
                    contradictions(lang, &typed, &v, &mut problems);
                    if !problems.is_empty() {
                        let message = Some(ctx.t("contradiction").to_string());
                        break 'decide refuse(problems, message, None, StatusCode::UNPROCESSABLE_ENTITY);
                    }
                    ResultEntry {
                        winner: Some(v.outcome.winner),
                        termination: Some(v.outcome.termination),
                        red_points: Some(i64::from(v.outcome.red_points)),
                        red_clock_secs: typed.red_clock,
                        polish_clock_secs: typed.polish_clock,
                        log_text: Some(log.to_string()),
                        log_status: LogStatus::Valid,
                        log_message: v.claim_mismatches.join(" "),
                        log_edition: Some(t.edition.clone()),
                    }
                }
                Err(e) if field::checkbox(f.accept_invalid.as_ref()) => {
                    let Some(mut entry) = typed_entry(lang, &typed, &mut problems) else {
                        break 'decide refuse(problems, None, None, StatusCode::UNPROCESSABLE_ENTITY);
                    };
                    entry.log_text = Some(log.to_string());
                    entry.log_status = LogStatus::Invalid;
                    entry.log_message = e.to_string();
                    entry.log_edition = Some(t.edition.clone());
                    entry
                }
                Err(e) => {
                    let view = LogErrorView::new(&e, lang);
                    let message = Some(ctx.t("log_error").to_string());
                    break 'decide refuse(problems, message, Some(view), StatusCode::UNPROCESSABLE_ENTITY);
                }
            }
        };
        match store::games::save_result(db, t.id, game.id, version, &entry, user.0.id).await {
            Ok(()) => {
                tracing::info!(tournament = %t.id, game = %game.id, log = %entry.log_status, by = %user.0.username, "result saved");
                return Ok(saved(&t, m.id, game.game_no));
            }
            Err(StoreError::Conflict) => {
                let (now, now_log) = store::games::get(db, game.id).await?.ok_or(WebError::NotFound)?;
                if same_result(&now, now_log.as_deref(), &entry) {
                    // The same result again (a double click, a resent form): it is saved.
                    return Ok(saved(&t, m.id, game.game_no));
                }
                let mut r = refuse(problems, None, None, StatusCode::CONFLICT);
                if let Some(form) = r.0.game.as_mut() {
                    form.version = now.version;
                    form.conflict = Some(stored_sentence(lang, &t, db, now.match_id, game.id).await?);
                }
                r
            }
            Err(StoreError::Refused(r)) => {
                let message = Some(lang.t(crate::web::error::refusal_key(r)).to_string());
                refuse(problems, message, None, StatusCode::UNPROCESSABLE_ENTITY)
            }
            Err(other) => return Err(other.into()),
        }
    };
    render_match(ctx, db, &edition, t, m.id, organiser, None, refused, status).await
}

/// After a save: the match page, at the saved game, saying so.
fn saved(t: &Tournament, m: MatchId, game_no: i64) -> HttpResponse {
    crate::web::routes::see_other(&format!("/ref/t/{}/match/{}?saved=game-{game_no}#game-{game_no}", t.id, m))
}

/// Whether the stored game holds exactly this result (the save would change nothing).
fn same_result(now: &store::games::GameRow, log: Option<&str>, entry: &ResultEntry) -> bool {
    log == entry.log_text.as_deref()
        && now.winner == entry.winner
        && now.termination == entry.termination
        && now.red_points == entry.red_points
        && now.red_clock_secs == entry.red_clock_secs
        && now.polish_clock_secs == entry.polish_clock_secs
        && now.log_status == entry.log_status
}

/// What is stored for a game now, in one sentence (the conflict note beside a refused form).
async fn stored_sentence(
    lang: Lang,
    t: &Tournament,
    db: &Store,
    m: MatchId,
    game: GameId,
) -> Result<String, WebError> {
    let data = Loaded::load(db, t.clone()).await?;
    let row = data.match_row(m).ok_or(WebError::NotFound)?;
    let line = match_line(&data, row);
    let g = line.games.iter().find(|g| g.id == game).ok_or(WebError::NotFound)?;
    Ok(format!("{} {}", lang.t("stored_now"), game_sentence(&lang, g)))
}

/// Draw the extra game's Red side by the bracket's recorded lot and add the game (knockout, level
/// after the games, the Red-side points and the knowledge test).
pub async fn extra_game(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    path: web::Path<(i64, i64)>,
    _form: CsrfForm<crate::web::routes::admin::rounds::Empty>,
) -> Result<HttpResponse, WebError> {
    let (tid, mid) = path.into_inner();
    let (t, _) = refereed(&db, &user, tid).await?;
    let data = Loaded::load(&db, t).await?;
    let m = data.matches.iter().find(|m| m.id == MatchId(mid)).ok_or(WebError::NotFound)?;
    if data.games_of(m.id).iter().any(|g| g.game_no == 3) {
        // The lot was drawn already (a repeated click): show it.
        return Ok(crate::web::routes::see_other(&format!("/ref/t/{}/match/{}#game-3", data.t.id, m.id)));
    }
    if !matches!(data.state(m), crate::web::read_model::loaded::MatchState::NeedsExtraGame) {
        return Err(WebError::BadRequest(ctx.t("no_extra_game").to_string()));
    }
    let at = m.bracket_slot.and_then(crate::web::read_model::loaded::ref_of).ok_or(WebError::NotFound)?;
    let mut bracket =
        data.bracket().unwrap_or_else(|| Err("no bracket".into())).map_err(WebError::BadRequest)?;
    let lot = bracket.draw_extra_game_red(at).map_err(|e| WebError::BadRequest(e.to_string()))?;
    store::games::add_extra_game(
        &db,
        data.t.id,
        m.id,
        crate::web::read_model::loaded::sp(lot.red),
        lot.seed,
        user.0.id,
    )
    .await
    .map_err(|e| match e {
        // Someone drew the lot first: a real conflict. A database failure stays a 500 (From).
        StoreError::Conflict => WebError::Conflict(ctx.t("no_extra_game").to_string()),
        other => other.into(),
    })?;
    tracing::info!(tournament = %data.t.id, r#match = %m.id, red = %lot.red, seed = lot.seed, "extra game lot drawn");
    Ok(crate::web::routes::see_other(&format!("/ref/t/{}/match/{}#game-3", data.t.id, m.id)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_are_minutes_and_seconds_or_seconds() {
        assert_eq!(parse_clock(Lang::Pl, "red_clock", "12:05").ok(), Some(Some(725)));
        assert_eq!(parse_clock(Lang::Pl, "red_clock", "0:00").ok(), Some(Some(0)));
        assert_eq!(parse_clock(Lang::Pl, "red_clock", "725").ok(), Some(Some(725)));
        assert_eq!(parse_clock(Lang::Pl, "red_clock", " ").ok(), Some(None));
        for bad in ["12:5", "12:60", "-1", "1:2:3", "ab", "10:-5", "36001"] {
            assert!(parse_clock(Lang::Pl, "red_clock", bad).is_err(), "{bad}");
        }
    }
}
