//! What a `POST` to the recorder does, one function per action: start recording, record a line
//! (typed, or composed by a form of the recorder), take the last line back, pause or resume the
//! clock; and, for what the result form must not do silently, end the recording before the game
//! ends (an organiser) and say which result stands when the game ended where one stood. The line,
//! undo and pause act on the recording as the device saw it (`step`) and the server read it (its
//! revision), after the server's clock has been settled: of two decided on one state, one lands.

use super::{Said, base, load, page};
use crate::engine::notation::{self, Event};
use crate::engine::{Edition, Refusal, Rule, RuleOptions, Section, messages};
use crate::league::clock::LeagueClock;
use crate::store::games::GameRow;
use crate::store::recordings::{self, Recording, Stands, Status as RecStatus};
use crate::store::rounds::MatchRow;
use crate::store::tournaments::{Role, TableClock, Tournament};
use crate::store::{Store, StoreError, UserId};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::forms::field;
use crate::web::forms::rules::rule_options;
use crate::web::read_model::editions::EditionCache;
use crate::web::routes::see_other;
use crate::web::security::auth::LoggedIn;
use crate::web::security::csrf::CsrfForm;
use crate::web::table::options::Pick;
use crate::web::table::recorded::{self, now_ms};
use crate::web::table::{Replay, compose, forced};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

/// The longest line accepted in the notation field (a draw of ten cards is under 40 characters).
const LINE_MAX: usize = 200;

/// The most forced steps written after one line (a combat's two draws and a clean-up's are far fewer).
const FORCED_MAX: usize = 16;

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
    /// recorder (`web::table::forced`) and an undo takes them back with the line. A client that
    /// writes every line itself (names every card) leaves it out.
    #[serde(default)]
    auto: String,
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
            _ => return None,
        })
    }
}

/// The request every action answers: who, which game, and the page to show again.
struct Post<'a> {
    ctx: &'a Ctx,
    db: &'a Store,
    editions: &'a EditionCache,
    t: &'a Tournament,
    m: &'a MatchRow,
    game: &'a GameRow,
    role: Role,
    user: &'a LoggedIn,
}

impl Post<'_> {
    /// The recorder again, with what it says, answered with `status`.
    async fn again(&self, said: Said, status: StatusCode) -> Result<HttpResponse, WebError> {
        let Post { ctx, db, editions, t, m, game, role, .. } = *self;
        page(ctx, db, editions, t, m, game, role, &Pick::default(), said, status).await
    }

    /// The recorder again with a refusal of the line `typed` (kept in the field), 422.
    async fn refused(&self, error: String, typed: String) -> Result<HttpResponse, WebError> {
        self.again(Said { error, typed, ..Said::default() }, StatusCode::UNPROCESSABLE_ENTITY).await
    }

    /// The recorder again: another device recorded first, 409.
    async fn overtaken(&self, typed: String) -> Result<HttpResponse, WebError> {
        let said = Said { notice: self.ctx.t("record_conflict").to_string(), typed, ..Said::default() };
        self.again(said, StatusCode::CONFLICT).await
    }

    fn done(&self) -> HttpResponse {
        see_other(&base(self.t, self.game.id))
    }

    fn by(&self) -> UserId {
        self.user.0.id
    }
}

/// A recording in play, as the device saw it, replayed on its edition.
struct InPlay<'r, 'e> {
    rec: &'r Recording,
    edition: &'e Edition,
    options: RuleOptions,
    replay: &'r Replay<'e>,
    now: i64,
}

/// Start, record, undo, pause or resume.
pub async fn record_post(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    editions: web::Data<EditionCache>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<RecordForm>,
) -> Result<HttpResponse, WebError> {
    let (tid, gid) = path.into_inner();
    let (t, m, game, role) = load(&db, &user, tid, gid).await?;
    let post = Post { ctx: &ctx, db: &db, editions: &editions, t: &t, m: &m, game: &game, role, user: &user };
    let f = &form.value;
    if !crate::app::results::open_for(m.round_status, role) {
        return Err(WebError::BadRequest(ctx.t("round_not_open").to_string()));
    }
    if m.forfeit.is_some() {
        return Err(crate::app::Refusal::MatchForfeited.into());
    }
    let action = Action::parse(&f.action);
    let rec = recordings::get(&db, game.id).await?;
    if action == Some(Action::Start) {
        return start(&post, rec.is_some()).await;
    }
    let Some(rec) = rec else { return Err(WebError::BadRequest(ctx.t("record_not_started").to_string())) };
    match action {
        Some(Action::End) => return end(&post).await,
        Some(Action::Stand(stands)) => return stand(&post, &rec, stands).await,
        _ => {}
    }
    // An online game's moves are its players' (issue 25): the referee pauses it or ends it with a
    // decision, but neither writes nor takes back a line.
    if matches!(action, Some(Action::Line | Action::Undo))
        && crate::store::online::is_online(&db, m.id).await?
    {
        return post.refused(ctx.t("record_online_no_lines").to_string(), f.event.clone()).await;
    }
    let step = field::int("record_step", &f.step, 0, i64::MAX)?;
    if step != rec.steps {
        return post.overtaken(f.event.clone()).await;
    }
    let edition = editions.get(&db, &rec.edition).await?;
    let options = rule_options(&t.config());
    // The server's clock first: a fallen flag ends the game before anything else is taken.
    if recorded::settle(&db, &t, &m, &game, &rec, &edition, options).await? {
        return post.refused(ctx.t("record_time_up").to_string(), f.event.clone()).await;
    }
    if rec.status != RecStatus::Recording {
        return Err(WebError::BadRequest(ctx.t("record_finished").to_string()));
    }
    let replay = recorded::replay(&rec, &edition, options)?;
    let auto = f.auto == "1";
    let live = InPlay { rec: &rec, edition: &edition, options, replay: &replay, now: now_ms() };
    match action {
        Some(Action::Line) => line(&post, &live, &f.event, &f.reading, &form.pairs, auto).await,
        Some(Action::Undo) => undo(&post, &live, auto).await,
        Some(Action::Pause) => pause(&post, &live, true).await,
        Some(Action::Resume) => pause(&post, &live, false).await,
        // Answered above.
        Some(Action::Start | Action::End | Action::Stand(_)) | None => {
            Err(WebError::BadRequest(format!("{}: {}", ctx.t("record_action"), ctx.t("choose_one"))))
        }
    }
}

/// Start recording (both clocks at the time control, stopped); if another device started it
/// already, carry on there.
async fn start(post: &Post<'_>, started: bool) -> Result<HttpResponse, WebError> {
    let Post { db, t, game, .. } = *post;
    if started {
        return Ok(post.done());
    }
    let clock = LeagueClock::new(i64::from(t.rules.time_control_secs), now_ms());
    let open = crate::app::results::open_statuses(post.role);
    // The store re-checks in its transaction that the game has no result (a result typed a
    // moment ago is refused, never recorded over).
    match recordings::start(db, t.id, game.id, &t.edition, clock, post.by(), open).await {
        Ok(()) | Err(StoreError::Conflict) => {}
        Err(e) => return Err(e.into()),
    }
    tracing::info!(tournament = %t.id, game = %game.id, by = %post.user.0.username, "recording started");
    Ok(post.done())
}

/// Record one line: typed, or composed from a form's fields. Its clock reading is the players': the
/// league plays on chess clocks, so the recorder keeps no clock of its own and writes only what the
/// scribe read from the table's clock (in the line, or in the reading field), which the engine checks
/// as any log's (a reading never rises; 0:00 loses on time). A line the rules refuse is not appended;
/// the line that ends the game saves its log and result.
async fn line(
    post: &Post<'_>,
    live: &InPlay<'_, '_>,
    typed: &str,
    reading: &str,
    pairs: &[(String, String)],
    auto: bool,
) -> Result<HttpResponse, WebError> {
    let Post { ctx, db, t, m, game, .. } = *post;
    let InPlay { rec, edition, options, replay, now } = *live;
    let typed = typed.trim();
    let text = if typed.is_empty() {
        compose::line(pairs, replay.current().to_act()).unwrap_or_default()
    } else {
        typed.to_string()
    };
    if text.is_empty() {
        return post.refused(ctx.t("record_empty").to_string(), String::new()).await;
    }
    if text.len() > LINE_MAX || text.contains('\n') {
        return post.refused(ctx.t("record_one_line").to_string(), String::new()).await;
    }
    field::text("record_line", &text, LINE_MAX)?;
    let mut event = match event_of(ctx, &text) {
        Ok(event) => event,
        Err(error) => return post.refused(error, text).await,
    };
    let tablet = t.table_clock == TableClock::Tablet;
    if tablet {
        // The tablet is the clock: the mover's reading is the one at their last press, whenever
        // the scribe taps (none before the clock was first started).
        let tc = i64::from(t.rules.time_control_secs) * 1000;
        let started = rec.clock.running.is_some() || rec.clock.red_ms < tc || rec.clock.polish_ms < tc;
        event.clock = started.then(|| rec.clock.at_last_press(event.side));
    } else {
        match field::clock("record_reading", reading) {
            Ok(Some(secs)) => event.clock = Some(i32::try_from(secs).unwrap_or(i32::MAX)),
            Ok(None) => {}
            Err(p) => return post.refused(crate::web::text::refusals::labelled(ctx.lang, &p), text).await,
        }
    }
    let next = match replay.current().apply_line(&event) {
        Ok(next) => next,
        Err(e) => return post.refused(refusal_text(ctx, &e.refusal), text).await,
    };
    // The players' clock: no clock of the recorder's runs (one a recording started before ran is
    // stopped here). The tablet's: the presses run it, a line leaves it as it is.
    let clock = if tablet { rec.clock } else { rec.clock.switch(now, None) };
    let mut lines = vec![notation::canonical(&event, edition).to_string()];
    // The steps the table offers no choice in, written by the recorder after the line.
    let next = if auto {
        let (more, after) = forced::follow(next, FORCED_MAX);
        lines.extend(more.iter().map(|e| notation::canonical(e, edition).to_string()));
        after
    } else {
        next
    };
    match recordings::append_lines(db, game.id, rec.at(), &lines, &clock, rec.paused, post.by()).await {
        Ok(()) => {}
        Err(StoreError::Conflict) => return post.overtaken(text).await,
        Err(e) => return Err(e.into()),
    }
    if next.is_over() {
        let mut after = rec.clone();
        after.steps += i64::try_from(lines.len()).unwrap_or(0);
        after.lines.extend(lines);
        after.clock = clock;
        recorded::finish(db, t, m, game, &after, edition, options, post.by()).await?;
    }
    Ok(post.done())
}

/// The line as one event; if it is not one (it does not parse, or holds more), why, in the page's
/// language.
fn event_of(ctx: &Ctx, text: &str) -> Result<Event, String> {
    let log = notation::parse(text)
        .map_err(|e| refusal_text(ctx, &Refusal::new(Section::Notation, Rule::Syntax(e.syntax))))?;
    match (log.header.is_empty(), log.events.into_iter().next()) {
        (true, Some(event)) => Ok(event),
        _ => Err(ctx.t("record_one_line").to_string()),
    }
}

/// The engine's refusal as the recorder says it: one sentence.
fn refusal_text(ctx: &Ctx, refusal: &Refusal) -> String {
    messages::capitalised(&refusal.render(ctx.lang)) + "."
}

/// Take back the last line (kept in history); from the recorder's page (`auto`), with the forced steps
/// the recorder wrote after it.
async fn undo(post: &Post<'_>, live: &InPlay<'_, '_>, auto: bool) -> Result<HttpResponse, WebError> {
    let Post { ctx, db, t, game, .. } = *post;
    let InPlay { rec, now, replay, .. } = *live;
    if rec.steps < 1 {
        return Err(WebError::BadRequest(ctx.t("record_nothing_to_undo").to_string()));
    }
    let count = if auto { taken_back(replay) } else { 1 };
    // The tablet's clock runs by the presses alone; the players' is never the recorder's.
    let clock = if t.table_clock == TableClock::Tablet { rec.clock } else { rec.clock.switch(now, None) };
    recordings::undo_lines(db, t.id, game.id, rec.at(), count, &clock, rec.paused, post.by())
        .await
        .map_err(|e| conflict(ctx, e))?;
    Ok(post.done())
}

/// How many lines an undo from the recorder's page takes back: the forced steps at the end, and the
/// line before them (the scribe's), so that it never lands where the recorder would write again.
fn taken_back(replay: &Replay<'_>) -> i64 {
    let mut k = replay.lines.len();
    while k > 0 && forced::is_forced(&replay.states[k - 1], &replay.lines[k - 1]) {
        k -= 1;
    }
    let count = replay.lines.len() - k.saturating_sub(1);
    i64::try_from(count.max(1)).unwrap_or(1)
}

/// The referee's pause of the game (the table's clock is stopped by hand; the recorder notes it).
async fn pause(post: &Post<'_>, live: &InPlay<'_, '_>, paused: bool) -> Result<HttpResponse, WebError> {
    let Post { ctx, db, t, game, .. } = *post;
    let InPlay { rec, now, .. } = *live;
    if t.table_clock == TableClock::Tablet {
        // The tablet's clock is paused and resumed on the clock itself (it knows whose runs).
        return Err(WebError::BadRequest(ctx.t("tablet_clock_help").to_string()));
    }
    recordings::set_clock(db, game.id, rec.at(), &rec.clock.switch(now, None), paused)
        .await
        .map_err(|e| conflict(ctx, e))?;
    Ok(post.done())
}

/// End the recording before the game ends, so that a result can be typed on the match page: an
/// organiser's decision, kept in history with the lines recorded.
async fn end(post: &Post<'_>) -> Result<HttpResponse, WebError> {
    let Post { ctx, db, t, m, game, .. } = *post;
    if post.role != Role::Organiser {
        return Err(crate::app::Refusal::OrganisersEndRecordings.into());
    }
    recordings::end(db, t.id, game.id, post.by()).await.map_err(|e| conflict(ctx, e))?;
    tracing::info!(tournament = %t.id, game = %game.id, by = %post.user.0.username, "recording ended before the game ended");
    Ok(see_other(&format!("/ref/t/{}/match/{}#game-{}", t.id, m.id, game.game_no)))
}

/// Say which result stands, when the game ended on the recorder where a result already stood: the
/// recording's (a correction, the typed one kept in history) or the typed one (the recorded one
/// kept in history).
async fn stand(post: &Post<'_>, rec: &Recording, stands: Stands) -> Result<HttpResponse, WebError> {
    let Post { ctx, db, editions, t, m, game, .. } = *post;
    if rec.status != RecStatus::Awaiting {
        return Err(WebError::Conflict(ctx.t("record_conflict").to_string()));
    }
    let edition = editions.get(db, &rec.edition).await?;
    let entry = recorded::entry_of(t, m, game, rec, &edition, rule_options(&t.config()))?;
    recordings::choose(db, t.id, game.id, stands, &entry, post.by()).await.map_err(|e| conflict(ctx, e))?;
    tracing::info!(tournament = %t.id, game = %game.id, ?stands, "result that stands chosen");
    Ok(post.done())
}

fn conflict(ctx: &Ctx, e: StoreError) -> WebError {
    match e {
        StoreError::Conflict => WebError::Conflict(ctx.t("record_conflict").to_string()),
        other => other.into(),
    }
}
