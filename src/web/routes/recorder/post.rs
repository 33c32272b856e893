//! What a `POST` to the recorder does: start recording, record a line (typed, or composed by a form of
//! the recorder), take the last line back, pause or resume the clock; and, for what the result form
//! must not do silently, end the recording before the game ends (an organiser) and say which result
//! stands when the game ended where one stood. Each is one use case of `app::recording`, acting on the
//! recording as the device saw it (`step`) and the server read it: of two decided on one state, one
//! lands. Here: the form read, the use case called, its answer or refusal shown.

use super::{Said, base, page};
use crate::app::RecordingRefusal;
use crate::app::editions::cache::EditionCache;
use crate::app::recording::deals::DealCache;
use crate::app::recording::flag::flag;
use crate::app::recording::game::Game;
use crate::app::recording::push::{Entry, LINE_MAX, push};
use crate::app::recording::{confirm, end, fall, pause, settle, start, undo};
use crate::app::{AppError, Refusal};
use crate::outcome::Side;
use crate::store::recordings::Stands;
use crate::store::tournaments::TableClock;
use crate::store::{GameId, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::role::Refereeing;
use crate::web::forms::field;
use crate::web::routes::see_other;
use crate::web::security::csrf::CsrfForm;
use crate::web::table::compose;
use crate::web::table::options::Pick;
use crate::web::text::recording::to_scribe;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

#[derive(Deserialize, Default)]
pub struct RecordForm {
    /// `start`, `event` (the default), `undo`, `pause`, `resume`, `end`, `stand-recording`,
    /// `stand-typed`.
    #[serde(default)]
    action: String,
    /// The number of lines the device saw.
    #[serde(default)]
    step: String,
    /// One notation line.
    #[serde(default)]
    event: String,
    /// The mover's reading of the table's chess clock after the event, `m:ss` (optional; a
    /// reading written in the line as `{m:ss}` does as well).
    #[serde(default)]
    reading: String,
    /// `1`: the recorder's own page sent it, so the forced steps after the line are written by the
    /// recorder (the engine's `follow`) and an undo takes them back with the line. A client that
    /// writes every line itself (names every card) leaves it out.
    #[serde(default)]
    auto: String,
    /// `red` / `polish`: the side a flag falls on or that resigns (`flag`, `reading`, `resign`).
    #[serde(default)]
    side: String,
}

/// What a `POST` asks for (the form's `action`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    Start,
    /// `event`, or no action: record a line.
    Line,
    Undo,
    Pause,
    Resume,
    /// End the recording before the game ends (an organiser).
    End,
    /// The game ended where a result stood: this one stands.
    Stand(Stands),
    /// "Yes, the flag fell" for `side` (near 0:00 by the server's reckoning).
    Flag,
    /// The table clock's reading for `side` (`<side> clock {m:ss}`; 0:00 is the flag).
    Reading,
    /// "Yes, this side resigns".
    Resign,
    /// The end by a flag or a resignation confirmed: the result is saved.
    Confirm,
}

impl Action {
    fn parse(action: &str) -> Option<Action> {
        Some(match action {
            "start" => Action::Start,
            "" | "event" => Action::Line,
            "undo" => Action::Undo,
            "pause" => Action::Pause,
            "resume" => Action::Resume,
            "end" => Action::End,
            "stand-recording" => Action::Stand(Stands::Recording),
            "stand-typed" => Action::Stand(Stands::Typed),
            "flag" => Action::Flag,
            "reading" => Action::Reading,
            "resign" => Action::Resign,
            "confirm" => Action::Confirm,
            _ => return None,
        })
    }
}

/// The request every action answers: who, which game, and the page to show again.
struct Post<'a> {
    ctx: &'a Ctx,
    db: &'a Store,
    editions: &'a EditionCache,
    referee: &'a Refereeing,
    gid: i64,
}

impl Post<'_> {
    /// The recorder again as the game stands now, with what it says, answered with `status`.
    async fn again(&self, said: Said, status: StatusCode) -> Result<HttpResponse, WebError> {
        let Post { ctx, db, editions, referee, gid } = *self;
        let game = Game::load(db, referee.t.clone(), GameId(gid)).await?;
        page(ctx, db, editions, &game, referee.role(), &Pick::default(), said, status).await
    }

    /// A step refused: the recorder again where the refusal concerns the line or the device (the
    /// line kept in the field), the error page otherwise. A flag that fell first ends the game now.
    async fn refused(&self, e: AppError, typed: &str) -> Result<HttpResponse, WebError> {
        let ctx = self.ctx;
        let AppError::Refused(Refusal::Recording(r)) = &e else { return Err(e.into()) };
        let said = |error: String| Said { error, typed: typed.to_string(), ..Said::default() };
        match r {
            RecordingRefusal::Overtaken => {
                let said =
                    Said { notice: to_scribe(ctx.lang, r), typed: typed.to_string(), ..Said::default() };
                self.again(said, StatusCode::CONFLICT).await
            }
            RecordingRefusal::TimeUp => {
                let game = Game::load(self.db, self.referee.t.clone(), GameId(self.gid)).await?;
                flag(self.db, self.editions, &game).await?;
                self.again(said(to_scribe(ctx.lang, r)), StatusCode::UNPROCESSABLE_ENTITY).await
            }
            RecordingRefusal::Empty
            | RecordingRefusal::NotOneLine
            | RecordingRefusal::Illegal(_)
            | RecordingRefusal::PlayersWriteOnline
            | RecordingRefusal::FlagNotOut { .. }
            | RecordingRefusal::NotOver => {
                self.again(said(to_scribe(ctx.lang, r)), StatusCode::UNPROCESSABLE_ENTITY).await
            }
            _ => Err(e.into()),
        }
    }

    fn done(&self) -> HttpResponse {
        see_other(&base(&self.referee.t, GameId(self.gid)))
    }
}

/// Start, record, undo, pause or resume; end; say which result stands.
#[allow(clippy::too_many_arguments)]
pub async fn record_post(
    ctx: Ctx,
    referee: Refereeing,
    db: web::Data<Store>,
    editions: web::Data<EditionCache>,
    deals: web::Data<DealCache>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<RecordForm>,
) -> Result<HttpResponse, WebError> {
    let (_, gid) = path.into_inner();
    let f = &form.value;
    let game = Game::load(&db, referee.t.clone(), GameId(gid)).await?;
    let post = Post { ctx: &ctx, db: &db, editions: &editions, referee: &referee, gid };
    let (role, by) = (referee.role(), referee.by());
    let Some(action) = Action::parse(&f.action) else {
        return Err(WebError::BadRequest(format!("{}: {}", ctx.t("record_action"), ctx.t("choose_one"))));
    };
    let seen = || field::int("record_step", &f.step, 0, i64::MAX);
    let done = match action {
        Action::Start => start::at_table(&db, &game, role, by).await.map(|_| ()),
        Action::End => {
            end::end(&db, &game, role, by).await?;
            let (t, m) = (&game.t, &game.m);
            return Ok(see_other(&format!("/ref/t/{}/match/{}#game-{}", t.id, m.id, game.row.game_no)));
        }
        Action::Stand(stands) => settle::settle(&db, &editions, &game, stands, role, by).await,
        Action::Line => {
            let text = line_text(&post, &game, f, &form.pairs).await?;
            let reading = match reading(&game, &f.reading) {
                Ok(reading) => reading,
                Err(problem) => {
                    let error = crate::web::text::refusals::labelled(ctx.lang, &problem);
                    let said = Said { error, typed: text, ..Said::default() };
                    return post.again(said, StatusCode::UNPROCESSABLE_ENTITY).await;
                }
            };
            let entry = Entry::Table { text: &text, reading, auto: f.auto == "1", role };
            match push(&db, &editions, &deals, &game, seen()?, entry, by).await {
                Ok(_) => Ok(()),
                Err(e) => return post.refused(e, &text).await,
            }
        }
        Action::Flag => {
            let side = side_of(&ctx, f)?;
            match fall::fall(&db, &editions, &deals, &game, seen()?, side, role, by).await {
                Ok(_) => Ok(()),
                Err(e) => return post.refused(e, "").await,
            }
        }
        Action::Reading | Action::Resign => {
            let side = side_of(&ctx, f)?;
            let text = if action == Action::Resign {
                format!("{side} resign")
            } else {
                let read = field::clock("record_flag_reading", &f.reading).and_then(|secs| {
                    secs.ok_or_else(|| {
                        field::FieldProblem::new("record_flag_reading", field::ProblemKind::Missing)
                    })
                });
                match read {
                    // The reading in the line itself: a `clock` line is nothing without it.
                    Ok(secs) => format!("{side} clock {{{}:{:02}}}", secs / 60, secs % 60),
                    Err(problem) => {
                        let error = crate::web::text::refusals::labelled(ctx.lang, &problem);
                        let said = Said { error, ..Said::default() };
                        return post.again(said, StatusCode::UNPROCESSABLE_ENTITY).await;
                    }
                }
            };
            let entry = Entry::Table { text: &text, reading: None, auto: true, role };
            match push(&db, &editions, &deals, &game, seen()?, entry, by).await {
                Ok(_) => Ok(()),
                Err(e) => return post.refused(e, "").await,
            }
        }
        Action::Confirm => confirm::confirm(&db, &editions, &game, seen()?, role, by).await.map(|_| ()),
        Action::Undo => undo::undo(&db, &editions, &game, seen()?, f.auto == "1", role, by).await.map(|_| ()),
        Action::Pause | Action::Resume => {
            pause::pause(&db, &editions, &game, seen()?, action == Action::Pause, role).await
        }
    };
    match done {
        Ok(()) => Ok(post.done()),
        Err(e) => post.refused(e, &f.event).await,
    }
}

/// The line sent: typed, or composed from a form's fields. A character no form field may hold is
/// the field's problem (the line's own checks, empty or more than one line, are the use case's).
async fn line_text(
    post: &Post<'_>,
    game: &Game,
    f: &RecordForm,
    pairs: &[(String, String)],
) -> Result<String, WebError> {
    let typed = f.event.trim();
    let text = if typed.is_empty() {
        // The recorder's forms name their side; a form that does not is the side to act's.
        let side = if pairs.iter().any(|(k, _)| k == "side") { None } else { to_act(post, game).await? };
        compose::line(pairs, side).unwrap_or_default()
    } else {
        typed.to_string()
    };
    if !text.is_empty() && text.len() <= LINE_MAX && !text.contains('\n') {
        field::text("record_line", &text, LINE_MAX)?;
    }
    Ok(text)
}

/// The side a flag, a reading or a resignation names.
fn side_of(ctx: &Ctx, f: &RecordForm) -> Result<Side, WebError> {
    match f.side.as_str() {
        "red" => Ok(Side::Red),
        "polish" => Ok(Side::Polish),
        _ => Err(WebError::BadRequest(format!("{}: {}", ctx.t("record_flag_side"), ctx.t("choose_one")))),
    }
}

/// The side to act in the recording now.
async fn to_act(post: &Post<'_>, game: &Game) -> Result<Option<Side>, WebError> {
    let Some(rec) = &game.rec else { return Ok(None) };
    let edition = game.edition(post.db, post.editions).await?;
    let played = crate::app::recording::game::replay(rec, &edition, game.options())?;
    Ok(played.state().to_act())
}

/// The mover's reading typed beside the line, in seconds; none where the tablet is the clock (its
/// presses are the readings).
fn reading(game: &Game, typed: &str) -> Result<Option<i32>, crate::web::forms::field::FieldProblem> {
    if game.t.table_clock == TableClock::Tablet {
        return Ok(None);
    }
    Ok(field::clock("record_reading", typed)?.map(|secs| i32::try_from(secs).unwrap_or(i32::MAX)))
}
