//! Game results: typed, or filled from a move log the engine validates (pasted or uploaded as a
//! file); the knockout's extra game drawn by the bracket's lot. The form is parsed at the edge into
//! [`Typed`] values; a refused form comes back on the match page with what was typed kept.

use super::page::{GameForm, Refused, render_match};
use crate::app::editions::cache::EditionCache;
use crate::app::results::{self, ExtraGame, OpenGame, Submission, Typed};
use crate::app::snapshot::Loaded;
use crate::app::{AppError, Refusal};
use crate::store::tournaments::Tournament;
use crate::store::{GameId, MatchId, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::role::Refereeing;
use crate::web::forms::field;
use crate::web::forms::problems::Problems;
use crate::web::read_model::lines::match_line;
use crate::web::routes::see_other;
use crate::web::security::csrf::CsrfForm;
use crate::web::text::i18n::Lang;
use crate::web::text::log_error::LogErrorView;
use crate::web::text::sentences::game_sentence;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

/// The largest move log accepted (text or JSON; a long game is some tens of KiB).
pub const LOG_MAX_BYTES: usize = 1024 * 1024;

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

/// The typed fields, parsed at the edge; each refused one beside its field.
fn parse_typed(lang: Lang, f: &ResultForm, problems: &mut Problems) -> Typed {
    Typed {
        winner: problems.take(lang, field::choice("winner", &f.winner)).flatten(),
        termination: problems.take(lang, field::choice("termination", &f.termination)).flatten(),
        red_points: problems.take(lang, field::opt_int("red_points", &f.red_points, 0, 500)).flatten(),
        red_clock: problems.take(lang, field::clock("red_clock", &f.red_clock)).flatten(),
        polish_clock: problems.take(lang, field::clock("polish_clock", &f.polish_clock)).flatten(),
    }
}

/// Save one game's result (urlencoded form). See [`save_result`].
pub async fn enter_result(
    ctx: Ctx,
    referee: Refereeing,
    db: web::Data<Store>,
    editions: web::Data<EditionCache>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<ResultForm>,
) -> Result<HttpResponse, WebError> {
    let (_, gid) = path.into_inner();
    save_result(&ctx, &db, &editions, &referee, gid, &form.value).await
}

/// The same result form sent as `multipart/form-data`, so a move log can be uploaded as a file
/// (`log_file`; a pasted `log` is used when no file is chosen). The body is capped and the CSRF
/// token checked before the file is read (`upload::read`).
pub async fn upload_result(
    ctx: Ctx,
    req: HttpRequest,
    referee: Refereeing,
    db: web::Data<Store>,
    editions: web::Data<EditionCache>,
    path: web::Path<(i64, i64)>,
    payload: actix_multipart::Multipart,
) -> Result<HttpResponse, WebError> {
    let (_, gid) = path.into_inner();
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
    save_result(&ctx, &db, &editions, &referee, gid, &form).await
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

/// Check the form at the edge, then enter the result through `app::results::enter` (which
/// validates a log with the tournament's edition and saves it with the edition's code). A refusal
/// (a field, a log that contradicts the typed result, an invalid log) shows the match page again
/// with the form as typed (422); a save that loses a race shows what is stored now beside the form
/// (409), unless the same result was saved (a repeated submission), which is a success.
async fn save_result(
    ctx: &Ctx,
    db: &Store,
    editions: &EditionCache,
    referee: &Refereeing,
    gid: i64,
    f: &ResultForm,
) -> Result<HttpResponse, WebError> {
    let lang = ctx.lang;
    let t = &referee.t;
    let open = results::open_game(db, t.id, GameId(gid), referee.role()).await?;
    let OpenGame { game, m } = &open;
    let edition = editions.get(db, &t.edition).await?;
    // A form of ours always carries the version: without one the request is malformed (400).
    let version = field::int("version", &f.version, 0, i64::MAX)?;
    let mut problems = Problems::default();
    let typed = parse_typed(lang, f, &mut problems);
    problems.take(lang, field::multiline("move_log", &f.log, LOG_MAX_BYTES));
    let refuse = |problems: Problems, message: Option<String>, log_error: Option<LogErrorView>, status| {
        let mut form = as_typed(game.id, version, f, problems);
        form.message = message;
        form.log_error = log_error;
        (Refused { game: Some(form), ..Refused::default() }, status)
    };
    let (refused, status) = if problems.is_empty() {
        let submission = Submission {
            typed,
            log: f.log.trim().to_string(),
            accept_invalid: field::checkbox(f.accept_invalid.as_ref()),
        };
        match results::enter(db, t, &open, version, &submission, &edition, referee.role(), referee.by()).await
        {
            Ok(entry) => {
                tracing::info!(tournament = %t.id, game = %game.id, log = %entry.log_status, by = %referee.user.username, "result saved");
                return Ok(saved(t, m.id, game.game_no));
            }
            Err(e) if e.is_conflict() => {
                let (now, _) = crate::store::games::get(db, game.id).await?.ok_or(WebError::NotFound)?;
                let mut r = refuse(problems, None, None, StatusCode::CONFLICT);
                if let Some(form) = r.0.game.as_mut() {
                    form.version = now.version;
                    form.conflict = Some(stored_sentence(lang, t, db, now.match_id, game.id).await?);
                }
                r
            }
            Err(AppError::Refused(r)) => {
                // Beside the fields it concerns, and the whole refusal above them unless it is only
                // about fields (a missing winner).
                let message = match &r {
                    Refusal::ResultIncomplete { .. }
                    | Refusal::WinsOnly { .. }
                    | Refusal::ImpossibleResult(_) => None,
                    // Said once, in the log's error box with its line (and in the summary).
                    Refusal::InvalidLog(_) => None,
                    other => Some(crate::web::text::refusals::sentence(lang, other)),
                };
                let log_error = match &r {
                    Refusal::InvalidLog(e) => Some(LogErrorView::new(e, lang)),
                    _ => None,
                };
                for (field, text) in crate::web::text::refusals::beside_fields(lang, &r) {
                    problems.add(field, text);
                }
                // Beside a recording: nothing is saved, and the answer is the recording's state.
                let recorded =
                    matches!(r, Refusal::BeingRecorded { .. } | Refusal::RecordingAwaitsChoice { .. });
                let status = if recorded { StatusCode::CONFLICT } else { StatusCode::UNPROCESSABLE_ENTITY };
                let mut r = refuse(problems, message, log_error, status);
                if let Some(form) = r.0.game.as_mut() {
                    form.to_recording = recorded;
                }
                r
            }
            Err(other) => return Err(other.into()),
        }
    } else {
        refuse(problems, None, None, StatusCode::UNPROCESSABLE_ENTITY)
    };
    render_match(ctx, db, &edition, t.clone(), m.id, referee.organiser, None, refused, status).await
}

/// After a save: the match page, at the saved game, saying so.
fn saved(t: &Tournament, m: MatchId, game_no: i64) -> HttpResponse {
    crate::web::routes::see_other(&format!("/ref/t/{}/match/{}?saved=game-{game_no}#game-{game_no}", t.id, m))
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
/// after the games, the Red-side points and the knowledge test). A repeated click shows the lot.
pub async fn extra_game(
    referee: Refereeing,
    db: web::Data<Store>,
    path: web::Path<(i64, i64)>,
    _form: CsrfForm<crate::web::routes::admin::rounds::Empty>,
) -> Result<HttpResponse, WebError> {
    let (_, mid) = path.into_inner();
    let t = referee.t.id;
    let m = MatchId(mid);
    if let ExtraGame::Drawn(lot) = results::draw_extra_game(&db, t, m, referee.by()).await? {
        tracing::info!(tournament = %t, r#match = %m, red = %lot.red, seed = lot.seed, "extra game lot drawn");
    }
    Ok(see_other(&format!("/ref/t/{t}/match/{m}#game-3")))
}
