//! Organiser pages: create and configure a tournament, register and import players, withdraw and
//! re-admit, forbidden pairs, referees, the change history. Rounds are in `rounds.rs`.

use super::{render, see_other, tournament};
use crate::engine::RuleOptions;
use crate::store::deck_checks::DeckCheck;
use crate::store::editions::EditionRow;
use crate::store::history::Change;
use crate::store::players::{Player, PlayerChange};
use crate::store::rounds::Round;
use crate::store::tournaments::{Role, Tournament, TournamentConfig};
use crate::store::{self, PlayerId, Store, TournamentId};
use crate::web::auth::{self, LoggedIn};
use crate::web::csrf::CsrfForm;
use crate::web::ctx::Ctx;
use crate::web::error::WebError;
use crate::web::form;
use crate::web::i18n::Lang;
use crate::web::player_form;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

/// Cards per deck (league rules, "Card list and deck checks").
pub const FULL_DECK: i64 = 30;

/// Load the tournament and check that `user` organises it.
async fn organised(db: &Store, user: &LoggedIn, id: i64) -> Result<Tournament, WebError> {
    let t = tournament(db, id).await?;
    auth::require(db, &user.0, t.id, Role::Organiser).await?;
    Ok(t)
}

#[derive(Deserialize)]
pub struct TournamentForm {
    name: String,
    #[serde(default)]
    venue: String,
    first_day: String,
    last_day: String,
    swiss_rounds: String,
    knockout_size: String,
    third_place: Option<String>,
    score_win: String,
    score_draw: String,
    score_loss: String,
    score_bye: String,
    tiebreaks: String,
    fortifications: Option<String>,
    flank_attacks: Option<String>,
    no_retreat_eliminates: Option<String>,
    compulsory_advance: Option<String>,
    pillage_by_free_units_only: Option<String>,
    #[serde(default)]
    encirclement: String,
    time_control_secs: String,
    /// The edition's code; empty: the built-in edition.
    #[serde(default)]
    edition: String,
    #[serde(default)]
    version: String,
}

fn parse_config(lang: Lang, f: &TournamentForm) -> Result<TournamentConfig, WebError> {
    let first_day = form::date(lang, "first_day", &f.first_day)?;
    let last_day = form::date(lang, "last_day", &f.last_day)?;
    if last_day < first_day {
        return Err(WebError::BadRequest(format!("{}: {}", lang.t("last_day"), lang.t("last_before_first"))));
    }
    let cfg = TournamentConfig {
        name: form::text(lang, "name", &f.name, 200)?,
        venue: form::opt_text(lang, "venue", &f.venue, 200)?,
        first_day,
        last_day,
        swiss_rounds: form::int(lang, "swiss_rounds", &f.swiss_rounds, 1, 30)?,
        knockout_size: form::int(lang, "knockout_size", &f.knockout_size, 0, 128)?,
        third_place: form::checkbox(f.third_place.as_ref()),
        score_win: form::int(lang, "score_win", &f.score_win, 0, 20)?,
        score_draw: form::int(lang, "score_draw", &f.score_draw, 0, 20)?,
        score_loss: form::int(lang, "score_loss", &f.score_loss, 0, 20)?,
        score_bye: form::int(lang, "score_bye", &f.score_bye, 0, 20)?,
        tiebreaks: crate::web::tiebreak_order::parse(lang, &f.tiebreaks)?,
        edition: match f.edition.trim() {
            "" => crate::web::editions::default_code().to_string(),
            code => code.to_string(),
        },
        #[allow(clippy::needless_update)] // a switch the engine adds later keeps its default
        rules: RuleOptions {
            fortifications: form::checkbox(f.fortifications.as_ref()),
            flank_attacks: form::checkbox(f.flank_attacks.as_ref()),
            time_control_secs: u32::try_from(form::int(lang, "time_control", &f.time_control_secs, 60, 7200)?)
                .unwrap_or(RuleOptions::STANDARD.time_control_secs),
            no_retreat_eliminates: form::checkbox(f.no_retreat_eliminates.as_ref()),
            compulsory_advance: form::checkbox(f.compulsory_advance.as_ref()),
            pillage_by_free_units_only: form::checkbox(f.pillage_by_free_units_only.as_ref()),
            encirclement: match f.encirclement.trim() {
                "" => RuleOptions::STANDARD.encirclement,
                name => crate::web::rules::encirclement(name).ok_or_else(|| {
                    WebError::BadRequest(format!("{}: {}", lang.t("encirclement"), lang.t("choose_one")))
                })?,
            },
            // A switch the engine adds later keeps its default until the form offers it.
            ..RuleOptions::STANDARD
        },
    };
    if cfg.knockout_size == 1 {
        return Err(WebError::BadRequest(format!("{}: 0, 2..128", lang.t("knockout_size"))));
    }
    Ok(cfg)
}

/// The defaults of a new tournament: league scoring (win 1, draw ½, loss 0, bye 1) and tiebreaks.
pub(crate) fn default_config() -> TournamentConfig {
    let today = chrono::Utc::now().date_naive();
    TournamentConfig {
        name: String::new(),
        venue: String::new(),
        first_day: today,
        last_day: today,
        swiss_rounds: 5,
        knockout_size: 8,
        third_place: true,
        score_win: 2,
        score_draw: 1,
        score_loss: 0,
        score_bye: 2,
        tiebreaks: crate::web::tiebreak_order::default_order(),
        edition: crate::web::editions::default_code().to_string(),
        // The rulebook's Additional Rules are on by default, as in the engine; the form can switch them off.
        rules: RuleOptions::default(),
    }
}

/// The editions a tournament may play, for the form's choice.
async fn edition_choices(db: &Store) -> Result<Vec<EditionRow>, WebError> {
    Ok(store::editions::list(db).await?)
}

/// The chosen edition must be one of the stored ones (the form offers only those).
fn check_edition(lang: Lang, cfg: &TournamentConfig, choices: &[EditionRow]) -> Result<(), WebError> {
    if choices.iter().any(|e| e.code == cfg.edition) {
        Ok(())
    } else {
        Err(WebError::BadRequest(format!("{}: {}", lang.t("edition"), lang.t("choose_one"))))
    }
}

#[derive(Template)]
#[template(path = "admin/new.html")]
struct NewPage<'a> {
    ctx: &'a Ctx,
    cfg: TournamentConfig,
    editions: Vec<EditionRow>,
}

pub async fn new_form(ctx: Ctx, user: LoggedIn, db: web::Data<Store>) -> Result<HttpResponse, WebError> {
    if !user.0.is_admin {
        return Err(WebError::Forbidden);
    }
    render(&NewPage { ctx: &ctx, cfg: default_config(), editions: edition_choices(&db).await? })
}

pub async fn create(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    form: CsrfForm<TournamentForm>,
) -> Result<HttpResponse, WebError> {
    if !user.0.is_admin {
        return Err(WebError::Forbidden);
    }
    let cfg = parse_config(ctx.lang, &form.value)?;
    check_edition(ctx.lang, &cfg, &edition_choices(&db).await?)?;
    let id = store::tournaments::create(&db, &cfg, user.0.id).await?;
    tracing::info!(tournament = %id, by = %user.0.username, "tournament created");
    Ok(see_other(&format!("/admin/t/{id}")))
}

pub async fn configure(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    path: web::Path<i64>,
    form: CsrfForm<TournamentForm>,
) -> Result<HttpResponse, WebError> {
    let t = organised(&db, &user, path.into_inner()).await?;
    let cfg = parse_config(ctx.lang, &form.value)?;
    check_edition(ctx.lang, &cfg, &edition_choices(&db).await?)?;
    let version = form::int(ctx.lang, "version", &form.value.version, 0, i64::MAX)?;
    store::tournaments::update(&db, t.id, version, &cfg, user.0.id).await?;
    Ok(see_other(&format!("/admin/t/{}", t.id)))
}

/// A forbidden pair with names, for display.
pub struct NamedPair {
    pub a: PlayerId,
    pub b: PlayerId,
    pub a_name: String,
    pub b_name: String,
    /// Forbidden in rounds 1 to this one; `None`: always.
    pub until: Option<i64>,
}

#[derive(Template)]
#[template(path = "admin/overview.html")]
struct Overview<'a> {
    ctx: &'a Ctx,
    t: Tournament,
    cfg: TournamentConfig,
    players: Vec<Player>,
    forbidden: Vec<NamedPair>,
    referees: Vec<String>,
    organisers: Vec<String>,
    rounds: Vec<Round>,
    incomplete: Vec<DeckCheck>,
    editions: Vec<EditionRow>,
    /// What the last appointment did (`?appointed=`): the key of its message.
    appointed: Option<&'static str>,
    /// Personal data may be erased (the tournament's last day has passed).
    season_over: bool,
    full_deck: i64,
}

#[derive(Deserialize)]
pub struct OverviewQuery {
    appointed: Option<String>,
}

pub async fn overview(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    path: web::Path<i64>,
    query: web::Query<OverviewQuery>,
) -> Result<HttpResponse, WebError> {
    let t = organised(&db, &user, path.into_inner()).await?;
    let players = store::players::list(&db, t.id).await?;
    let name = |id: PlayerId| players.iter().find(|p| p.id == id).map(|p| p.name.clone()).unwrap_or_default();
    let forbidden = store::players::forbidden_pairs(&db, t.id)
        .await?
        .into_iter()
        .map(|(a, b, until)| NamedPair { a, b, a_name: name(a), b_name: name(b), until })
        .collect();
    let page = Overview {
        ctx: &ctx,
        cfg: t.config(),
        forbidden,
        referees: store::tournaments::holders(&db, t.id, Role::Referee).await?,
        organisers: store::tournaments::holders(&db, t.id, Role::Organiser).await?,
        rounds: store::rounds::list(&db, t.id).await?,
        incomplete: store::deck_checks::incomplete(&db, t.id, FULL_DECK).await?,
        editions: edition_choices(&db).await?,
        appointed: match query.appointed.as_deref() {
            Some("created") => Some("appointed_created"),
            Some("existing") => Some("appointed_existing"),
            Some("existing-password-kept") => Some("appointed_password_kept"),
            _ => None,
        },
        season_over: super::privacy::season_over(&t),
        full_deck: FULL_DECK,
        players,
        t,
    };
    render(&page)
}

#[derive(Deserialize)]
pub struct PlayerForm {
    name: String,
    birth_date: String,
    #[serde(default)]
    club: String,
    #[serde(default)]
    knowledge: String,
    age_override: Option<String>,
}

/// The round a player registered now can first be paired in.
async fn next_round_number(db: &Store, t: TournamentId) -> Result<i64, WebError> {
    Ok(store::rounds::list(db, t).await?.iter().map(|r| r.number).max().unwrap_or(0) + 1)
}

pub async fn register(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    path: web::Path<i64>,
    form: CsrfForm<PlayerForm>,
) -> Result<HttpResponse, WebError> {
    let t = organised(&db, &user, path.into_inner()).await?;
    let f = &form.value;
    let player = player_form::parse_player(
        ctx.lang,
        t.first_day,
        &f.name,
        &f.birth_date,
        &f.club,
        &f.knowledge,
        form::checkbox(f.age_override.as_ref()),
    )?;
    if player.age_override {
        tracing::warn!(tournament = %t.id, player = %player.name, by = %user.0.username, "age override");
    }
    let joined = next_round_number(&db, t.id).await?;
    store::players::register_all(&db, t.id, &[player], joined, user.0.id).await?;
    Ok(see_other(&format!("/admin/t/{}#players", t.id)))
}

#[derive(Deserialize)]
pub struct ImportForm {
    csv: String,
}

pub async fn import(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    path: web::Path<i64>,
    form: CsrfForm<ImportForm>,
) -> Result<HttpResponse, WebError> {
    let t = organised(&db, &user, path.into_inner()).await?;
    let players = player_form::parse_csv(ctx.lang, t.first_day, &form.value.csv)?;
    let joined = next_round_number(&db, t.id).await?;
    store::players::register_all(&db, t.id, &players, joined, user.0.id).await?;
    Ok(see_other(&format!("/admin/t/{}#players", t.id)))
}

#[derive(Deserialize)]
pub struct PlayerChangeForm {
    version: String,
    /// `withdraw`, `readmit` or `knowledge`.
    action: String,
    #[serde(default)]
    knowledge: String,
}

pub async fn change_player(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<PlayerChangeForm>,
) -> Result<HttpResponse, WebError> {
    let (tid, pid) = path.into_inner();
    let t = organised(&db, &user, tid).await?;
    let player = store::players::get(&db, t.id, PlayerId(pid)).await?.ok_or(WebError::NotFound)?;
    let f = &form.value;
    let version = form::int(ctx.lang, "version", &f.version, 0, i64::MAX)?;
    let mut change = PlayerChange { withdrawn: player.withdrawn, knowledge_score: player.knowledge_score };
    match f.action.as_str() {
        "withdraw" => change.withdrawn = true,
        "readmit" => change.withdrawn = false,
        "knowledge" => change.knowledge_score = form::opt_int(ctx.lang, "knowledge", &f.knowledge, 0, 1000)?,
        other => return Err(WebError::BadRequest(format!("action {other:?}"))),
    }
    store::players::change(&db, t.id, player.id, version, &change, user.0.id).await?;
    Ok(see_other(&format!("/admin/t/{}#players", t.id)))
}

#[derive(Deserialize)]
pub struct PairForm {
    a: String,
    b: String,
    /// The last round the pair is forbidden in; empty: always.
    #[serde(default)]
    until: String,
}

async fn parse_pair(
    ctx: &Ctx,
    db: &Store,
    t: &Tournament,
    f: &PairForm,
) -> Result<(PlayerId, PlayerId), WebError> {
    let a = PlayerId(form::int(ctx.lang, "player", &f.a, 1, i64::MAX)?);
    let b = PlayerId(form::int(ctx.lang, "player", &f.b, 1, i64::MAX)?);
    if a == b {
        return Err(WebError::BadRequest(format!("{}: a = b", ctx.t("forbidden_pairs"))));
    }
    for p in [a, b] {
        store::players::get(db, t.id, p)
            .await?
            .ok_or_else(|| WebError::BadRequest(format!("{} {p}?", ctx.t("player"))))?;
    }
    Ok((a, b))
}

pub async fn forbid(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    path: web::Path<i64>,
    form: CsrfForm<PairForm>,
) -> Result<HttpResponse, WebError> {
    let t = organised(&db, &user, path.into_inner()).await?;
    let (a, b) = parse_pair(&ctx, &db, &t, &form.value).await?;
    let until = form::opt_int(ctx.lang, "forbidden_until", &form.value.until, 1, 100)?;
    store::players::forbid_pair(&db, t.id, a, b, until, user.0.id).await?;
    Ok(see_other(&format!("/admin/t/{}#forbidden", t.id)))
}

pub async fn allow(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    path: web::Path<i64>,
    form: CsrfForm<PairForm>,
) -> Result<HttpResponse, WebError> {
    let t = organised(&db, &user, path.into_inner()).await?;
    let (a, b) = parse_pair(&ctx, &db, &t, &form.value).await?;
    store::players::allow_pair(&db, t.id, a, b, user.0.id).await?;
    Ok(see_other(&format!("/admin/t/{}#forbidden", t.id)))
}

#[derive(Deserialize)]
pub struct AppointForm {
    username: String,
    #[serde(default)]
    password: String,
    /// `referee` (default) or `organiser` (a co-organiser of this tournament).
    #[serde(default)]
    role: String,
}

/// Is `name` a username we create: 1 to 60 letters, digits, `.`, `-`, `_` or `@`?
fn username_ok(name: &str) -> bool {
    let n = name.chars().count();
    (1..=60).contains(&n) && name.chars().all(|c| c.is_alphanumeric() || matches!(c, '.' | '-' | '_' | '@'))
}

/// Appoint a referee (or co-organiser): an existing account gets the role and keeps its password
/// (a password typed for it is not applied, and the page says so: only the owner changes it); a
/// free username gets a new account with the password given, which must pass the policy.
pub async fn appoint(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    hasher: web::Data<crate::web::hashing::Hasher>,
    path: web::Path<i64>,
    form: CsrfForm<AppointForm>,
) -> Result<HttpResponse, WebError> {
    let t = organised(&db, &user, path.into_inner()).await?;
    let username = form::text(ctx.lang, "username", &form.value.username, 60)?;
    let password = &form.value.password;
    let (id, outcome) = match store::users::by_username(&db, &username).await? {
        Some(existing) if password.is_empty() => (existing.id, "existing"),
        Some(existing) => (existing.id, "existing-password-kept"),
        None => {
            if !username_ok(&username) {
                return Err(WebError::BadRequest(format!(
                    "{}: {}",
                    ctx.t("username"),
                    ctx.t("username_rules")
                )));
            }
            crate::web::password_policy::check(&username, password).map_err(|w| {
                WebError::BadRequest(format!("{}: {}", ctx.t("password"), w.message(ctx.lang)))
            })?;
            let id = auth::create_account_with(&hasher, &db, &username, password, false)
                .await?
                .ok_or_else(|| WebError::Conflict(format!("{}: {username}", ctx.t("username"))))?;
            (id, "created")
        }
    };
    let role = if form.value.role == "organiser" { Role::Organiser } else { Role::Referee };
    store::tournaments::grant(&db, t.id, id, role).await?;
    tracing::info!(tournament = %t.id, %username, role = role.as_str(), outcome, by = %user.0.username, "role granted");
    Ok(see_other(&format!("/admin/t/{}?appointed={outcome}#referees", t.id)))
}

#[derive(Template)]
#[template(path = "admin/history.html")]
struct HistoryPage<'a> {
    ctx: &'a Ctx,
    t: Tournament,
    changes: Vec<Change>,
}

pub async fn history(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    path: web::Path<i64>,
) -> Result<HttpResponse, WebError> {
    let t = organised(&db, &user, path.into_inner()).await?;
    let changes = store::history::for_tournament(&db, t.id).await?;
    render(&HistoryPage { ctx: &ctx, t, changes })
}
