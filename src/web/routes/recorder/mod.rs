//! The recorder (`/ref/t/{t}/game/{g}/record`), for the table's referee and the organisers: the board,
//! the round and phase, whose decision it is, both clocks as last read, "flag fell" for the side whose
//! clock runs (asking the side, the server's reckoning and "Tak, flaga spadła", or the table's reading
//! first where the reckoning is far from 0:00) and a resignation (asking the side), each ending the game
//! only once its result is confirmed (undoable until then), the legal next events as buttons, a one-line notation field that works
//! without JavaScript, an optional clock reading for any line, undo, and the referee's pause.
//!
//! The league plays on chess clocks the players drive, so the recorder keeps no clock of its own: a
//! line carries the mover's reading only if the scribe read it from the table's clock (`reading`,
//! `m:ss`, or `{m:ss}` in the line), and a flag falls when the scribe says so (`<side> clock {0:00}`:
//! the engine applies the time forfeit and the Red-side points rule), confirmed before it counts. What a scribe's tap cannot know
//! never goes into the record.
//!
//! `POST` takes `csrf`, `step` (the number of lines the device saw: two devices cannot both append the
//! same step) and `event` (one notation line; a form of the recorder may send its parts instead). A legal
//! event is stored at once and answered with 303; an illegal one gets 422 with the engine's message in
//! the page's language and nothing is appended. When the game ends, its log and result are saved as a
//! submitted log is, unless a result stands already: then the page asks which stands.
//!
//! Every step is a use case of `app::recording` (start, push, undo, pause, end, settle, flag):
//! here the page; `post`: what a `POST` extracts, which use case it calls, and what it answers.

mod clock;
mod post;

pub use clock::{PressForm, clock_page, clock_post};
pub use post::{RecordForm, record_post};

use super::render_status;
use crate::app::editions::cache::EditionCache;
use crate::app::recording::flag::{Flagged, awaits_confirmation, flag, watch};
use crate::app::recording::game::{Game, names, now_ms, replay};
use crate::app::results::open_for;
use crate::engine::error::Awaited;
use crate::engine::{Unseen, is_forced};
use crate::store::games::GameRow;
use crate::store::recordings::Status as RecStatus;
use crate::store::rounds::MatchRow;
use crate::store::tournaments::{Role, TableClock, Tournament};
use crate::store::{GameId, Store};
use crate::web::board::Board;
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::role::Refereeing;
use crate::web::table::options::{self, Compose, Options, Pick};
use crate::web::table::taps::TapList;
use crate::web::table::{ClockView, MoveView, awaited_text, clock_views, last_moves, phase_key, side_key};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

/// The game of the path, of the referee's tournament, brought up to date with the server's clock
/// first (a fallen flag ends the game on time: read again then).
async fn load(db: &Store, editions: &EditionCache, referee: &Refereeing, gid: i64) -> Result<Game, WebError> {
    let game = Game::load(db, referee.t.clone(), GameId(gid)).await?;
    if flag(db, editions, &game).await? == Flagged::Ended {
        return Ok(Game::load(db, referee.t.clone(), GameId(gid)).await?);
    }
    Ok(game)
}

/// Where a recording is in its life, as the recorder page acts on it (the store's recording status).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RecordingStage {
    Recording,
    /// Over, its log and result saved to the game.
    Finished,
    /// Ended by the organiser before the game ended.
    Ended,
    /// Over where a result already stood: which one stands is asked.
    Awaiting,
    /// Over, and the result that stood was kept.
    SetAside,
}

impl From<RecStatus> for RecordingStage {
    fn from(s: RecStatus) -> RecordingStage {
        match s {
            RecStatus::Recording => RecordingStage::Recording,
            RecStatus::Finished => RecordingStage::Finished,
            RecStatus::Ended => RecordingStage::Ended,
            RecStatus::Awaiting => RecordingStage::Awaiting,
            RecStatus::SetAside => RecordingStage::SetAside,
        }
    }
}

fn base(t: &Tournament, game: GameId) -> String {
    format!("/ref/t/{}/game/{game}/record", t.id)
}

#[derive(Template)]
#[template(path = "referee/record.html")]
struct RecorderPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    m: &'a MatchRow,
    game: &'a GameRow,
    red_name: String,
    polish_name: String,
    base: String,
    /// A recording exists.
    started: bool,
    /// Why recording cannot start (a result is entered, the match is a walkover, the round is closed).
    blocked: String,
    finished: bool,
    /// Where the recording is in its life (`None`: not started).
    status: Option<RecordingStage>,
    /// An organiser may end the recording before the game ends (so that a result can be typed).
    can_end: bool,
    /// The result that stood when the recording ended (asked: which stands), in one sentence.
    standing: String,
    paused: bool,
    steps: i64,
    game_round: u8,
    phase: &'static str,
    /// `Czerwoni` / `Polacy`: whose decision it is.
    decides: &'static str,
    awaited: String,
    clocks: Vec<ClockView>,
    /// The flag of the side whose decision it is (only its clock runs on the table), as the
    /// server reckons it: "flag fell" asks the side, the reckoning and "Tak, flaga spadła" near
    /// 0:00, the table's reading first otherwise.
    flag: Option<FlagView>,
    /// The game ended on a scribe's flag or resignation: the result waits for "Zatwierdź wynik",
    /// and an undo takes the end back.
    confirming: bool,
    /// The tablet is the clock (the server's, pressed by the players): no flag buttons, no typed
    /// readings, a link to the clock.
    tablet: bool,
    board: String,
    board_list: Vec<String>,
    options: Options,
    /// The lines picked by taps on the board (the picker shared with the online page).
    tap_list: TapList,
    /// The operational phase with nothing picked: the board comes first on a phone (the picker's
    /// pieces on the first screen), the buttons of the moment under it.
    board_first: bool,
    /// The pass, when it is legal: in the bottom bar, not among the options.
    pass: Option<options::PostOption>,
    /// The forced steps the recorder wrote after the scribe's last line, in words (shown, not asked).
    last_forced: Option<String>,
    /// The last lines, newest first.
    moves: Vec<MoveView>,
    /// The engine's refusal of the last line sent, in the page's language.
    error: String,
    /// The line as typed, kept after a refusal.
    typed: String,
    notice: String,
    result: String,
}

/// The flag of the side to act, as the recorder asks about it.
struct FlagView {
    /// `red` / `polish`.
    side: &'static str,
    /// The side and the player: `Czerwoni · Anna Nowak`.
    who: String,
    /// Its time by the server's reckoning, `m:ss`.
    reckoned: String,
    /// Near 0:00: "Tak, flaga spadła" is offered; otherwise the table's reading first.
    ready: bool,
}

#[derive(Deserialize, Default)]
pub struct RecordQuery {
    unit: Option<String>,
    card: Option<String>,
    draft: Option<String>,
}

/// What the page says besides the position: a refusal, the line typed, a notice.
#[derive(Default)]
struct Said {
    error: String,
    typed: String,
    notice: String,
}

#[allow(clippy::too_many_arguments)]
async fn page(
    ctx: &Ctx,
    db: &Store,
    editions: &EditionCache,
    game: &Game,
    role: Role,
    pick: &Pick,
    said: Said,
    status: StatusCode,
) -> Result<HttpResponse, WebError> {
    let Game { t, m, row, rec } = game;
    let open = open_for(m.round_status, role);
    let (red_name, polish_name) = names(m, row);
    let base = base(t, row.id);
    let blocked = if !open {
        ctx.t("round_not_open")
    } else if m.forfeit.is_some() {
        ctx.t("refused_match_forfeited")
    } else if row.has_result() && rec.is_none() {
        ctx.t("record_has_result")
    } else {
        ""
    }
    .to_string();
    let mut page = RecorderPage {
        ctx,
        t,
        m,
        game: row,
        red_name,
        polish_name,
        base: base.clone(),
        started: rec.is_some(),
        blocked,
        finished: false,
        status: rec.as_ref().map(|r| r.status.into()),
        can_end: false,
        standing: String::new(),
        paused: false,
        steps: 0,
        game_round: 1,
        phase: "phase_setup",
        decides: "",
        awaited: String::new(),
        clocks: Vec::new(),
        flag: None,
        confirming: false,
        tablet: t.table_clock == TableClock::Tablet,
        board: String::new(),
        board_list: Vec::new(),
        options: Options::default(),
        tap_list: TapList::new(base.clone(), true, "tb2_tap_help"),
        board_first: false,
        pass: None,
        last_forced: None,
        moves: Vec::new(),
        error: said.error,
        typed: said.typed,
        notice: said.notice,
        result: String::new(),
    };
    if let Some(rec) = rec {
        let edition = game.edition(db, editions).await?;
        let played = replay(rec, &edition, game.options())?;
        let state = played.state();
        let now = now_ms();
        page.finished = rec.status != RecStatus::Recording || state.is_over();
        page.can_end = role == Role::Organiser && open && !page.finished;
        if rec.status == RecStatus::Awaiting || rec.status == RecStatus::SetAside {
            page.standing = result_sentence(ctx, row.winner, row.termination, row.red_points);
        }
        page.paused = rec.paused;
        page.steps = rec.steps;
        page.game_round = state.round();
        page.phase = phase_key(state);
        page.decides = state.to_act().map_or("", side_key);
        page.awaited = awaited_text(state, ctx.lang);
        let tc = i64::from(t.rules.time_control_secs);
        let shown = if page.tablet {
            rec.clock
        } else {
            crate::web::table::shown_clocks(&rec.clock, &played, tc, now)
        };
        page.clocks = clock_views(&shown, now, ctx.lang, [&page.red_name, &page.polish_name]);
        page.confirming =
            rec.status == RecStatus::Recording && state.is_over() && awaits_confirmation(state.outcome());
        page.flag = watch(rec, &played, tc, page.tablet, now).map(|w| FlagView {
            side: w.side.as_str(),
            who: page
                .clocks
                .iter()
                .find(|c| c.side == w.side.as_str())
                .map(|c| c.who.clone())
                .unwrap_or_default(),
            reckoned: crate::web::table::clock_text(w.remaining_ms),
            ready: w.ready,
        });
        if !page.finished && page.blocked.is_empty() {
            page.options = options::build(state, pick, &page.base, ctx.lang);
            let posts = &mut page.options.posts;
            page.pass = posts.iter().position(|p| p.line.ends_with(" pass")).map(|i| posts.remove(i));
            page.tap_list.offers = std::mem::take(&mut page.options.taps);
            page.tap_list.total = page.tap_list.offers.len();
            page.board_first =
                !page.tap_list.offers.is_empty() && matches!(state.awaited(), Awaited::Action { .. });
        } else if let Some(o) = state.outcome() {
            page.result =
                result_sentence(ctx, Some(o.winner), Some(o.termination), Some(i64::from(o.red_points)));
        }
        let mut board = Board::of(state, "rec");
        // Every unit and space carries its key for the picker (picker.js); the links stay the way
        // without scripts.
        board.tap = !page.tap_list.offers.is_empty();
        board.marks = std::mem::take(&mut page.options.marks);
        page.board = board.svg(ctx.lang);
        page.board_list = board.list(ctx.lang);
        let mut moves = last_moves(&played, ctx.lang, 12);
        for mv in &mut moves {
            let i = mv.step - 1;
            mv.forced = played.line(i).is_some_and(|(line, before)| is_forced(before, line, &Unseen, i));
        }
        // The forced steps at the end, newest last: what the recorder just wrote by itself.
        let tail: Vec<&str> =
            moves.iter().take_while(|mv| mv.forced).map(|mv| mv.sentence.as_str()).collect();
        if !tail.is_empty() && !page.finished {
            page.last_forced = Some(tail.into_iter().rev().collect::<Vec<_>>().join(" · "));
        }
        page.moves = moves;
    }
    render_status(status, &page)
}

/// A result in one line: the winner, how the game ended, the Red-side points.
fn result_sentence(
    ctx: &Ctx,
    winner: Option<crate::outcome::Side>,
    termination: Option<crate::outcome::Termination>,
    red_points: Option<i64>,
) -> String {
    use crate::web::text::names::Named;
    let (Some(w), Some(x), Some(p)) = (winner, termination, red_points) else { return String::new() };
    format!(
        "{}: {} ({}) · {}: {p}",
        ctx.t("winner"),
        ctx.t(w.text_key()),
        ctx.t(x.text_key()),
        ctx.t("red_points"),
    )
}

/// The recorder page, for the tournament's referees and organisers. The server's clock is settled
/// first (a fallen flag ends the game on time).
pub async fn record_page(
    ctx: Ctx,
    referee: Refereeing,
    db: web::Data<Store>,
    editions: web::Data<EditionCache>,
    path: web::Path<(i64, i64)>,
    query: web::Query<RecordQuery>,
) -> Result<HttpResponse, WebError> {
    let (_, gid) = path.into_inner();
    let game = load(&db, &editions, &referee, gid).await?;
    let q = query.into_inner();
    let pick = Pick { unit: q.unit, card: q.card, draft: q.draft };
    page(&ctx, &db, &editions, &game, referee.role(), &pick, Said::default(), StatusCode::OK).await
}
