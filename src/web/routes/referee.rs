//! Referee pages (organisers may use them too): the tables of the current round, the deck check, and
//! result entry per game, typed or filled from a validated move log.

use super::{render, see_other, tournament};
use crate::engine::{Edition, ValidatedGame, validate_log};
use crate::outcome::{Side, Termination};
use crate::store::games::{LogStatus, ResultEntry};
use crate::store::rounds::{Forfeit, Round, Status};
use crate::store::tournaments::{Role, Tournament};
use crate::store::{self, GameId, MatchId, Store};
use crate::web::auth::{self, LoggedIn};
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::editions::EditionCache;
use crate::web::error::WebError;
use crate::web::form;
use crate::web::league_view::Loaded;
use crate::web::lines::{MatchLine, match_line};
use crate::web::log_error::LogErrorView;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

async fn refereed(db: &Store, user: &LoggedIn, id: i64) -> Result<(Tournament, bool), WebError> {
    let t = tournament(db, id).await?;
    auth::require(db, &user.0, t.id, Role::Referee).await?;
    let organiser = store::tournaments::has_role(db, t.id, user.0.id, Role::Organiser).await?;
    Ok((t, organiser))
}

#[derive(Template)]
#[template(path = "referee/tables.html")]
struct TablesPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    round: Option<Round>,
    /// Tables assigned to this referee.
    mine: Vec<MatchLine>,
    /// The rest of the round (referees help each other on a small day).
    others: Vec<MatchLine>,
    /// Whether anyone has tables assigned this round (otherwise every table is listed as one).
    assigned: bool,
}

/// The tables of the current (latest published) round: the referee's own tables first, then the
/// rest.
pub async fn tables(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    path: web::Path<i64>,
) -> Result<HttpResponse, WebError> {
    let (t, _) = refereed(&db, &user, path.into_inner()).await?;
    let data = Loaded::load(&db, t).await?;
    let round = data.rounds.iter().rev().find(|r| r.status() == Status::Published).cloned();
    let (mut mine, mut others) = (Vec::new(), Vec::new());
    let mut assigned = false;
    if let Some(r) = &round {
        let assignments = store::assignments::of_round(&db, r.id).await?;
        assigned = !assignments.is_empty();
        let own = |table: i64| assignments.iter().any(|a| a.table_no == table && a.user_id == user.0.id);
        for m in data.matches_of_round(r).filter(|m| m.player_b.is_some()) {
            if own(m.table_no) { &mut mine } else { &mut others }.push(match_line(&data, m));
        }
    }
    render(&TablesPage { ctx: &ctx, t: &data.t, round, mine, others, assigned })
}

#[derive(Template)]
#[template(path = "referee/match.html")]
struct MatchForm<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    line: MatchLine,
    terminations: Vec<&'static str>,
    editable: bool,
    saved: bool,
    /// A rejected submission: the game, the log as pasted, what was wrong.
    rejected: Option<(GameId, String, String)>,
    /// The move log's first illegal event, when that is what was wrong.
    rejected_log: Option<LogErrorView>,
    cards: Vec<CardView>,
    decks: Vec<store::deck_checks::DeckCheck>,
    full_deck: usize,
    /// The tournament's edition (its name; the card list above is its).
    edition: String,
}

fn match_page<'a>(
    ctx: &'a Ctx,
    data: &'a Loaded,
    edition: &Edition,
    m: &crate::store::rounds::MatchRow,
    organiser: bool,
    saved: bool,
    rejected: Option<(GameId, String, String)>,
) -> MatchForm<'a> {
    let status = m.round_status;
    MatchForm {
        ctx,
        t: &data.t,
        line: match_line(data, m),
        terminations: Termination::ALL.iter().map(|t| t.as_str()).collect(),
        editable: status == Status::Published || (organiser && status == Status::Locked),
        saved,
        rejected,
        rejected_log: None,
        cards: checklist(edition),
        decks: Vec::new(),
        full_deck: card_list(edition, Side::Red).len(),
        edition: edition.name().to_string(),
    }
}

#[derive(Deserialize)]
pub struct Saved {
    saved: Option<String>,
}

/// Result forms for every game of a match.
pub async fn match_form(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    editions: web::Data<EditionCache>,
    path: web::Path<(i64, i64)>,
    query: web::Query<Saved>,
) -> Result<HttpResponse, WebError> {
    let (tid, mid) = path.into_inner();
    let (t, organiser) = refereed(&db, &user, tid).await?;
    let edition = editions.get(&db, &t.edition).await?;
    let data = Loaded::load(&db, t).await?;
    let m = data.matches.iter().find(|m| m.id == MatchId(mid)).ok_or(WebError::NotFound)?;
    let mut page = match_page(&ctx, &data, &edition, m, organiser, query.saved.is_some(), None);
    page.decks = store::deck_checks::of_match(&db, m.id).await?;
    render(&page)
}

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

/// What the referee typed: every field optional when a log is given.
struct Typed {
    winner: Option<Side>,
    termination: Option<Termination>,
    red_points: Option<i64>,
    red_clock: Option<i64>,
    polish_clock: Option<i64>,
}

fn parse_typed(ctx: &Ctx, f: &ResultForm) -> Result<Typed, WebError> {
    let choose = |field: &str| WebError::BadRequest(format!("{}: {}", ctx.t(field), ctx.t("choose_one")));
    let winner =
        if f.winner.trim().is_empty() { None } else { Some(f.winner.parse().map_err(|_| choose("winner"))?) };
    let termination = if f.termination.trim().is_empty() {
        None
    } else {
        Some(f.termination.parse().map_err(|_| choose("termination"))?)
    };
    Ok(Typed {
        winner,
        termination,
        red_points: form::opt_int(ctx.lang, "red_points", &f.red_points, 0, 500)?,
        red_clock: form::opt_int(ctx.lang, "red_clock", &f.red_clock, 0, 36_000)?,
        polish_clock: form::opt_int(ctx.lang, "polish_clock", &f.polish_clock, 0, 36_000)?,
    })
}

/// A typed result without a log: every field is needed, and the winner must fit the termination.
fn typed_entry(ctx: &Ctx, typed: &Typed) -> Result<ResultEntry, WebError> {
    let need = |field: &str| WebError::BadRequest(format!("{}: {}", ctx.t(field), ctx.t("choose_one")));
    let winner = typed.winner.ok_or_else(|| need("winner"))?;
    let termination = typed.termination.ok_or_else(|| need("termination"))?;
    let red_points = typed
        .red_points
        .ok_or_else(|| WebError::BadRequest(format!("{}: {}", ctx.t("red_points"), ctx.t("required"))))?;
    if termination.fixed_winner().is_some_and(|w| w != winner) {
        return Err(WebError::BadRequest(format!(
            "{}: {} ≠ {}",
            ctx.t(termination.as_str()),
            ctx.t("winner"),
            ctx.t(winner.as_str())
        )));
    }
    Ok(ResultEntry {
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

/// Where typed fields and the validated log disagree, one line each.
fn contradictions(ctx: &Ctx, typed: &Typed, v: &ValidatedGame) -> Vec<String> {
    let o = v.outcome;
    let mut out = Vec::new();
    if let Some(w) = typed.winner.filter(|&w| w != o.winner) {
        out.push(format!("{}: {} ≠ {}", ctx.t("winner"), ctx.t(w.as_str()), ctx.t(o.winner.as_str())));
    }
    if let Some(term) = typed.termination.filter(|&t| t != o.termination) {
        out.push(format!(
            "{}: {} ≠ {}",
            ctx.t("termination"),
            ctx.t(term.as_str()),
            ctx.t(o.termination.as_str())
        ));
    }
    if let Some(p) = typed.red_points.filter(|&p| p != i64::from(o.red_points)) {
        out.push(format!("{}: {p} ≠ {}", ctx.t("red_points"), o.red_points));
    }
    out
}

/// Save one game's result: typed, or filled from a move log the engine validates. A log that
/// contradicts the typed result, or an invalid log, is shown back and nothing is saved (unless the
/// referee chooses to keep the typed result with the invalid log marked as such).
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
    let mut fields = crate::web::upload::read(&req, payload, ctx.lang).await?;
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

/// Validate a pasted or uploaded log with the tournament's edition and save; the stored log keeps
/// the edition's code.
async fn save_result(
    ctx: &Ctx,
    db: &Store,
    editions: &EditionCache,
    user: &LoggedIn,
    tid: i64,
    gid: i64,
    f: &ResultForm,
) -> Result<HttpResponse, WebError> {
    let (t, organiser) = refereed(db, user, tid).await?;
    let (game, _) = store::games::get(db, GameId(gid)).await?.ok_or(WebError::NotFound)?;
    let m = store::rounds::get_match(db, t.id, game.match_id).await?.ok_or(WebError::NotFound)?;
    match m.round_status {
        Status::Published => {}
        Status::Locked if organiser => {}
        _ => return Err(WebError::BadRequest(ctx.t("round_not_open").to_string())),
    }
    let version = form::int(ctx.lang, "version", &f.version, 0, i64::MAX)?;
    let typed = parse_typed(ctx, f)?;
    form::multiline(ctx.lang, "move_log", &f.log, LOG_MAX_BYTES)?;
    if m.forfeit.is_some() {
        // Checked again in the store's transaction; here to answer before validating the log.
        return Err(WebError::refused(ctx.lang, crate::store::Refusal::MatchForfeited));
    }
    let log = f.log.trim();
    let entry = if log.is_empty() {
        typed_entry(ctx, &typed)?
    } else {
        let edition = editions.get(db, &t.edition).await?;
        match validate_log(log, &edition, &crate::web::rules::rule_options(&t.config())) {
            Ok(v) => {
                let problems = contradictions(ctx, &typed, &v);
                if !problems.is_empty() {
                    let message = format!("{}\n{}", ctx.t("contradiction"), problems.join("\n"));
                    return show_again(ctx, db, &edition, t, m.id, organiser, game.id, log, message, None)
                        .await;
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
            Err(e) if form::checkbox(f.accept_invalid.as_ref()) => {
                let mut entry = typed_entry(ctx, &typed)?;
                entry.log_text = Some(log.to_string());
                entry.log_status = LogStatus::Invalid;
                entry.log_message = e.to_string();
                entry.log_edition = Some(t.edition.clone());
                entry
            }
            Err(e) => {
                let view = LogErrorView::new(&e, ctx.lang);
                let message = ctx.t("log_error").to_string();
                return show_again(ctx, db, &edition, t, m.id, organiser, game.id, log, message, Some(view))
                    .await;
            }
        }
    };
    store::games::save_result(db, t.id, game.id, version, &entry, user.0.id)
        .await
        .map_err(|e| ctx.store_error(e))?;
    tracing::info!(tournament = %t.id, game = %game.id, log = %entry.log_status, by = %user.0.username, "result saved");
    Ok(see_other(&format!("/ref/t/{}/match/{}?saved=1", t.id, m.id)))
}

#[derive(Deserialize)]
pub struct ForfeitForm {
    version: String,
    /// Empty: the match is played (the games decide); otherwise a stored [`Forfeit`] name.
    #[serde(default)]
    forfeit: String,
}

/// Record that a player did not show up, both were absent, or a player withdrew (league
/// `MatchPlay::NoShow` / `MatchPlay::Withdrawal`), or clear it again. Version-checked and logged
/// like every result.
pub async fn forfeit(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<ForfeitForm>,
) -> Result<HttpResponse, WebError> {
    let (tid, mid) = path.into_inner();
    let (t, organiser) = refereed(&db, &user, tid).await?;
    let m = store::rounds::get_match(&db, t.id, MatchId(mid)).await?.ok_or(WebError::NotFound)?;
    match m.round_status {
        Status::Published => {}
        Status::Locked if organiser => {}
        _ => return Err(WebError::BadRequest(ctx.t("round_not_open").to_string())),
    }
    if m.player_b.is_none() {
        return Err(WebError::BadRequest(ctx.t("bye").to_string()));
    }
    let f = &form.value;
    let version = form::int(ctx.lang, "version", &f.version, 0, i64::MAX)?;
    let choice = f.forfeit.trim();
    let forfeit = if choice.is_empty() {
        None
    } else {
        Some(Forfeit::parse(choice).ok_or_else(|| {
            WebError::BadRequest(format!("{}: {}", ctx.t("forfeit_section"), ctx.t("choose_one")))
        })?)
    };
    // A knockout match must send someone on (the league's bracket refuses a match without a winner).
    if forfeit == Some(Forfeit::AbsentBoth) && m.phase == crate::store::rounds::Phase::Knockout {
        return Err(WebError::BadRequest(ctx.t("double_no_show_knockout").to_string()));
    }
    store::rounds::set_forfeit(&db, t.id, m.id, version, forfeit, user.0.id).await?;
    tracing::info!(tournament = %t.id, r#match = %m.id, forfeit = choice, by = %user.0.username, "forfeit saved");
    Ok(see_other(&format!("/ref/t/{}/match/{}?saved=1", t.id, m.id)))
}

/// The match form again, with the problem shown above the game and the pasted log kept (422).
#[allow(clippy::too_many_arguments)]
async fn show_again(
    ctx: &Ctx,
    db: &Store,
    edition: &Edition,
    t: Tournament,
    m: MatchId,
    organiser: bool,
    game: GameId,
    log: &str,
    message: String,
    log_error: Option<LogErrorView>,
) -> Result<HttpResponse, WebError> {
    let data = Loaded::load(db, t).await?;
    let row = data.matches.iter().find(|r| r.id == m).ok_or(WebError::NotFound)?;
    let mut page =
        match_page(ctx, &data, edition, row, organiser, false, Some((game, log.to_string(), message)));
    page.rejected_log = log_error;
    super::render_status(actix_web::http::StatusCode::UNPROCESSABLE_ENTITY, &page)
}

/// Draw the extra game's Red side by the bracket's recorded lot and add the game (knockout, level
/// after the games, the Red-side points and the knowledge test).
pub async fn extra_game(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    path: web::Path<(i64, i64)>,
    _form: CsrfForm<super::rounds::Empty>,
) -> Result<HttpResponse, WebError> {
    let (tid, mid) = path.into_inner();
    let (t, _) = refereed(&db, &user, tid).await?;
    let data = Loaded::load(&db, t).await?;
    let m = data.matches.iter().find(|m| m.id == MatchId(mid)).ok_or(WebError::NotFound)?;
    if !matches!(data.state(m), crate::web::league_view::MatchState::NeedsExtraGame) {
        return Err(WebError::BadRequest(ctx.t("no_extra_game").to_string()));
    }
    let at = m.bracket_slot.and_then(crate::web::league_view::ref_of).ok_or(WebError::NotFound)?;
    let mut bracket =
        data.bracket().unwrap_or_else(|| Err("no bracket".into())).map_err(WebError::BadRequest)?;
    let lot = bracket.draw_extra_game_red(at).map_err(|e| WebError::BadRequest(e.to_string()))?;
    store::games::add_extra_game(
        &db,
        data.t.id,
        m.id,
        crate::web::league_view::sp(lot.red),
        lot.seed,
        user.0.id,
    )
    .await
    .map_err(|e| match e {
        // Someone drew the lot first: a real conflict. A database failure stays a 500 (From).
        store::StoreError::Conflict => WebError::Conflict(ctx.t("no_extra_game").to_string()),
        other => other.into(),
    })?;
    tracing::info!(tournament = %data.t.id, r#match = %m.id, red = %lot.red, seed = lot.seed, "extra game lot drawn");
    Ok(see_other(&format!("/ref/t/{}/match/{}", data.t.id, m.id)))
}

/// One card of the edition's list, for the deck-check checklist.
pub struct CardView {
    pub side: &'static str,
    pub number: u8,
    pub name: String,
}

/// The edition's card list of one side as `(number, name)` pairs (what the league's deck check takes).
fn card_list(edition: &Edition, side: Side) -> Vec<(u8, &str)> {
    edition.cards(side).map(|c| (c.number, c.name.as_str())).collect()
}

/// Every card of both decks of the tournament's edition, Red first, for the checklist.
pub fn checklist(edition: &Edition) -> Vec<CardView> {
    Side::BOTH
        .into_iter()
        .flat_map(|side| {
            card_list(edition, side).into_iter().map(move |(number, name)| CardView {
                side: side.as_str(),
                number,
                name: name.to_string(),
            })
        })
        .collect()
}

#[derive(Deserialize)]
pub struct DeckForm {
    set_label: String,
    red_count: String,
    polish_count: String,
    #[serde(default)]
    swapped_to: String,
}

/// Record a deck check (league rules, "Card list and deck checks"): counts of both decks; for a short
/// deck the set handed out instead, and, card by card, which cards the incomplete set lacks. The
/// league's `check_deck` decides (a full or too-large count lists no missing cards); the store
/// accepts checks only in a published round.
pub async fn deck_check(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    editions: web::Data<EditionCache>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<DeckForm>,
) -> Result<HttpResponse, WebError> {
    use crate::league::{DeckCheckError, DeckReport, check_deck};
    let (tid, mid) = path.into_inner();
    let (t, _) = refereed(&db, &user, tid).await?;
    let edition = editions.get(&db, &t.edition).await?;
    let m = store::rounds::get_match(&db, t.id, MatchId(mid)).await?.ok_or(WebError::NotFound)?;
    let f = &form.value;
    let lang = ctx.lang;
    let set_label = form::text(lang, "set_label", &f.set_label, 40)?;
    let swapped_to = form::opt_text(lang, "swapped_to", &f.swapped_to, 40)?;
    let mut missing_cards = Vec::new();
    let mut counts = [0i64; 2];
    let mut short = false;
    for (i, side) in Side::BOTH.into_iter().enumerate() {
        let field = if side == Side::Red { "red_count" } else { "polish_count" };
        let counted =
            form::int(lang, field, if side == Side::Red { &f.red_count } else { &f.polish_count }, 0, 99)?;
        counts[i] = counted;
        let list = card_list(&edition, side);
        let prefix = format!("missing_{}_", side.as_str());
        let mut ticked: Vec<u8> = form
            .pairs
            .iter()
            .filter_map(|(k, _)| k.strip_prefix(&prefix)?.parse().ok())
            .filter(|n| list.iter().any(|&(c, _)| c == *n))
            .collect();
        ticked.sort_unstable();
        ticked.dedup();
        let report = check_deck(&list, u32::try_from(counted).unwrap_or(0), &ticked).map_err(|e| {
            let why = match e {
                DeckCheckError::MissingButNotShort { .. } => ctx.t("deck_missing_but_not_short").to_string(),
                DeckCheckError::MoreMissingThanShort { short, listed, .. } => {
                    format!("{} ({listed} > {short})", ctx.t("deck_more_missing_than_short"))
                }
            };
            WebError::BadRequest(format!("{}: {why}", ctx.t(field)))
        })?;
        match report {
            DeckReport::Complete { .. } | DeckReport::TooMany { .. } => {}
            DeckReport::Short { .. } => short = true,
            DeckReport::Incomplete { missing, .. } => {
                short = true;
                let letter = if side == Side::Red { 'R' } else { 'P' };
                missing_cards.extend(missing.into_iter().map(|c| {
                    (u32::from(c.number), format!("{letter}{:02} {}", c.number, c.name.unwrap_or_default()))
                }));
            }
        }
    }
    if short && swapped_to.is_empty() && missing_cards.is_empty() {
        return Err(WebError::BadRequest(ctx.t("swap_needed").to_string()));
    }
    let check = store::deck_checks::NewDeckCheck {
        set_label,
        red_count: counts[0],
        polish_count: counts[1],
        swapped_to,
        missing_cards,
    };
    store::deck_checks::record(&db, t.id, m.id, &check, user.0.id).await.map_err(|e| ctx.store_error(e))?;
    Ok(see_other(&format!("/ref/t/{}/match/{}?saved=1", t.id, m.id)))
}
