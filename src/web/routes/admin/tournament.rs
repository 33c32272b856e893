//! Creating and configuring a tournament, and the organiser's overview page (rounds, players,
//! forbidden pairs, referees, incomplete card sets, configuration). The configuration form is
//! parsed at the edge into a [`TournamentConfig`].

use super::NextPairing;
use crate::app;
use crate::app::next_step::RoundsPlan;
use crate::engine::RuleOptions;
use crate::league::DECK_SIZE;
use crate::store::deck_checks::DeckCheck;
use crate::store::editions::EditionRow;
use crate::store::players::Player;
use crate::store::rounds::{Round, Status};
use crate::store::tournaments::{Role, TableClock, Tournament, TournamentConfig};
use crate::store::{self, PlayerId, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::role::Organising;
use crate::web::forms::choices::ConfigChoices;
use crate::web::forms::field::{self, FieldProblem, ProblemKind};
use crate::web::forms::problems::Problems;
use crate::web::forms::registration::{ImportState, RegisterState};
use crate::web::routes::{render_status, see_other};
use crate::web::security::auth::LoggedIn;
use crate::web::security::csrf::CsrfForm;
use crate::web::text::i18n::Lang;
use crate::web::text::names::Named;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

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
    /// The order as text (`buchholz,games_won`); the page sends numbered choices instead
    /// (`tiebreak_1`, ...), read from the form's pairs.
    #[serde(default)]
    tiebreaks: String,
    fortifications: Option<String>,
    flank_attacks: Option<String>,
    no_retreat_eliminates: Option<String>,
    compulsory_advance: Option<String>,
    pillage_by_free_units_only: Option<String>,
    severe_fighting_each_card: Option<String>,
    #[serde(default)]
    encirclement: String,
    /// `players` (the default) or `tablet`.
    #[serde(default)]
    table_clock: String,
    time_control_secs: String,
    /// Minutes an online match waits for a player (empty: the default, 15).
    #[serde(default)]
    no_show_wait_mins: String,
    /// The edition's code; empty: the built-in edition.
    #[serde(default)]
    edition: String,
    #[serde(default)]
    version: String,
    /// The format's preset when creating (`swiss_knockout` when absent).
    #[serde(default)]
    format: String,
}

/// Read the configuration form field by field: every value that parses is kept, each one that does
/// not is recorded beside its field (and `fallback`'s value shown in its place, or the text as
/// typed for a name), so a refused form comes back with everything the organiser typed.
///
fn parse_config(
    lang: Lang,
    f: &TournamentForm,
    pairs: &[(String, String)],
    fallback: &TournamentConfig,
) -> (TournamentConfig, Problems) {
    let mut p = Problems::default();
    let int = |p: &mut Problems, field: &'static str, text: &str, min: i64, max: i64, or: i64| {
        p.take(lang, field::int(field, text, min, max)).unwrap_or(or)
    };
    let swiss_rounds = int(&mut p, "swiss_rounds", &f.swiss_rounds, 1, 30, fallback.swiss_rounds);
    let knockout_size = int(&mut p, "knockout_size", &f.knockout_size, 0, 128, fallback.knockout_size);
    let score_win = int(&mut p, "score_win", &f.score_win, 0, 20, fallback.score_win);
    let score_draw = int(&mut p, "score_draw", &f.score_draw, 0, 20, fallback.score_draw);
    let score_loss = int(&mut p, "score_loss", &f.score_loss, 0, 20, fallback.score_loss);
    let score_bye = int(&mut p, "score_bye", &f.score_bye, 0, 20, fallback.score_bye);
    let time_control = int(
        &mut p,
        "time_control",
        &f.time_control_secs,
        60,
        7200,
        i64::from(fallback.rules.time_control_secs),
    );
    let no_show_wait_mins = match f.no_show_wait_mins.trim() {
        "" => fallback.no_show_wait_mins,
        text => int(&mut p, "no_show_wait", text, 1, 240, fallback.no_show_wait_mins),
    };
    let name = p.take(lang, field::text("tournament_name", &f.name, 200));
    let venue = p.take(lang, field::opt_text("venue", &f.venue, 200));
    let first_day = p.take(lang, field::date("first_day", &f.first_day));
    let last_day = p.take(lang, field::date("last_day", &f.last_day));
    if let (Some(first), Some(last)) = (first_day, last_day)
        && last < first
    {
        p.field(lang, &FieldProblem::new("last_day", ProblemKind::LastBeforeFirst));
    }
    if knockout_size == 1 {
        p.field(lang, &FieldProblem::new("knockout_size", ProblemKind::KnockoutOfOne));
    }
    let tiebreaks =
        crate::web::forms::tiebreak_order::from_choices(pairs).unwrap_or_else(|| f.tiebreaks.clone());
    let tiebreaks = p.take(lang, crate::web::forms::tiebreak_order::parse(&tiebreaks));
    let table_clock = match f.table_clock.trim() {
        "" | "players" => TableClock::Players,
        "tablet" => TableClock::Tablet,
        _ => {
            p.field(lang, &FieldProblem::new("table_clock", ProblemKind::NotAChoice));
            fallback.table_clock
        }
    };
    let encirclement = match f.encirclement.trim() {
        "" => RuleOptions::STANDARD.encirclement,
        name => crate::web::forms::rules::encirclement(name).unwrap_or_else(|| {
            p.field(lang, &FieldProblem::new("encirclement", ProblemKind::NotAChoice));
            fallback.rules.encirclement
        }),
    };
    let cfg = TournamentConfig {
        // A refused name is shown as typed (escaped like every value).
        name: name.unwrap_or_else(|| f.name.clone()),
        venue: venue.unwrap_or_else(|| f.venue.clone()),
        first_day: first_day.unwrap_or(fallback.first_day),
        last_day: last_day.unwrap_or(fallback.last_day),
        swiss_rounds,
        knockout_size,
        third_place: field::checkbox(f.third_place.as_ref()),
        score_win,
        score_draw,
        score_loss,
        score_bye,
        tiebreaks: tiebreaks.unwrap_or_else(|| fallback.tiebreaks.clone()),
        edition: match f.edition.trim() {
            "" => app::tournament::default_edition().to_string(),
            code => code.to_string(),
        },
        #[allow(clippy::needless_update)] // a switch the engine adds later keeps its default
        rules: RuleOptions {
            fortifications: field::checkbox(f.fortifications.as_ref()),
            flank_attacks: field::checkbox(f.flank_attacks.as_ref()),
            time_control_secs: u32::try_from(time_control).unwrap_or(RuleOptions::STANDARD.time_control_secs),
            no_retreat_eliminates: field::checkbox(f.no_retreat_eliminates.as_ref()),
            compulsory_advance: field::checkbox(f.compulsory_advance.as_ref()),
            pillage_by_free_units_only: field::checkbox(f.pillage_by_free_units_only.as_ref()),
            encirclement,
            severe_fighting_each_card: field::checkbox(f.severe_fighting_each_card.as_ref()),
            // A switch the engine adds later keeps its default until the form offers it.
            ..RuleOptions::STANDARD
        },
        table_clock,
        no_show_wait_mins,
    };
    (cfg, p)
}

/// The defaults of a new tournament played today.
#[must_use]
pub fn default_config() -> TournamentConfig {
    app::tournament::default_config(chrono::Utc::now().date_naive())
}

/// The editions a tournament may play, for the form's choice.
async fn edition_choices(db: &Store, lang: Lang) -> Result<Vec<EditionRow>, WebError> {
    super::editions::named(db, lang).await
}

/// The chosen edition must be one of the stored ones (the form offers only those).
fn check_edition(lang: Lang, cfg: &TournamentConfig, choices: &[EditionRow], p: &mut Problems) {
    if !choices.iter().any(|e| e.code == cfg.edition) {
        p.field(lang, &FieldProblem::new("edition", ProblemKind::NotAChoice));
    }
}

#[derive(Template)]
#[template(path = "admin/new.html")]
struct NewPage<'a> {
    ctx: &'a Ctx,
    cfg: TournamentConfig,
    /// The form's selects for `cfg`.
    config_choices: ConfigChoices,
    editions: Vec<EditionRow>,
    /// Why the form came back (empty on a fresh form).
    config_problems: Problems,
    /// The format's preset as chosen (`swiss_knockout` on a fresh form).
    format: String,
}

pub async fn new_form(ctx: Ctx, user: LoggedIn, db: web::Data<Store>) -> Result<HttpResponse, WebError> {
    if !user.0.is_admin {
        return Err(WebError::Forbidden);
    }
    let page = NewPage {
        ctx: &ctx,
        config_choices: ConfigChoices::of(&default_config()),
        cfg: default_config(),
        editions: edition_choices(&db, ctx.lang).await?,
        config_problems: Problems::default(),
        format: "swiss_knockout".to_string(),
    };
    crate::web::routes::render(&page)
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
    let editions = edition_choices(&db, ctx.lang).await?;
    let (cfg, mut problems) = parse_config(ctx.lang, &form.value, &form.pairs, &default_config());
    check_edition(ctx.lang, &cfg, &editions, &mut problems);
    if !problems.is_empty() {
        let format = form.value.format.clone();
        let config_choices = ConfigChoices::of(&cfg);
        let page = NewPage { ctx: &ctx, cfg, config_choices, editions, config_problems: problems, format };
        return render_status(StatusCode::UNPROCESSABLE_ENTITY, &page);
    }
    let preset = match form.value.format.as_str() {
        "" | "swiss_knockout" => None,
        "swiss_only" => Some(app::stages::format::Preset::SwissOnly),
        "groups_knockout" => Some(app::stages::format::Preset::GroupsKnockout),
        "groups_only" => Some(app::stages::format::Preset::GroupsOnly),
        _ => return Err(field::FieldProblem::new("format", ProblemKind::NotAChoice).into()),
    };
    let id = app::tournament::create(&db, &cfg, user.0.id).await?;
    tracing::info!(tournament = %id, by = %user.0.username, "tournament created");
    let Some(preset) = preset else { return Ok(see_other(&format!("/admin/t/{id}"))) };
    let t = app::tournament::current(&db, id).await?;
    let stages = app::stages::format::preset(preset, &t, app::stages::format::GroupsChoice::FINAL);
    app::stages::format::choose(&db, id, stages, user.0.id).await?;
    Ok(see_other(&format!("/admin/t/{id}/stages#format")))
}

/// Save the configuration if it is still at the version the form was loaded with; saving the same
/// configuration again (a double click) is a success, not a conflict.
pub async fn configure(
    ctx: Ctx,
    org: Organising,
    db: web::Data<Store>,
    form: CsrfForm<TournamentForm>,
) -> Result<HttpResponse, WebError> {
    let t = org.t;
    let (cfg, mut problems) = parse_config(ctx.lang, &form.value, &form.pairs, &t.config());
    check_edition(ctx.lang, &cfg, &edition_choices(&db, ctx.lang).await?, &mut problems);
    if !problems.is_empty() {
        let forms = Forms { config: Some((cfg, problems)), ..Forms::default() };
        return overview_page(&ctx, &db, t, forms, StatusCode::UNPROCESSABLE_ENTITY).await;
    }
    let version = field::int("version", &form.value.version, 0, i64::MAX)?;
    match app::tournament::configure(&db, t.id, version, &cfg, org.user.id).await {
        Ok(()) => {}
        Err(e) if e.is_conflict() => {
            // Someone saved first: the form comes back with this organiser's values and the
            // current version, so saving again (after a look) replaces theirs knowingly.
            let now = app::tournament::current(&db, t.id).await?;
            problems.add("", ctx.t("config_conflict"));
            let forms = Forms { config: Some((cfg, problems)), ..Forms::default() };
            return overview_page(&ctx, &db, now, forms, StatusCode::CONFLICT).await;
        }
        Err(other) => return Err(other.into()),
    }
    Ok(see_other(&format!("/admin/t/{}?saved=config#config", t.id)))
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
    /// The configuration form's selects for `cfg`.
    config_choices: ConfigChoices,
    players: Vec<Player>,
    forbidden: Vec<NamedPair>,
    referees: Vec<String>,
    organisers: Vec<String>,
    rounds: Vec<Round>,
    incomplete: Vec<DeckCheck>,
    editions: Vec<EditionRow>,
    /// What the last appointment did (`?appointed=`): the key of its message.
    appointed: Option<&'static str>,
    /// What was just saved (`?saved=`): the key of its message.
    saved: Option<&'static str>,
    /// Personal data may be erased (the tournament's last day has passed).
    season_over: bool,
    full_deck: i64,
    register: RegisterState,
    import: ImportState,
    /// The appointment form refused (`appoint-referee`): what was typed (never the password) and why.
    kept: crate::web::forms::kept::KeptForm,
    /// The season's regions the register form suggests (none outside a season).
    regions: Vec<String>,
    /// What the rounds accept next: the pairing offered, the rounds that may be locked or opened again.
    plan: RoundsPlan,
    /// The pairing offered next (the plan's, as the page offers it).
    next: NextPairing,
    /// What each knockout round is, by its number.
    stages: std::collections::BTreeMap<i64, crate::league::BracketRound>,
    /// Why the configuration form came back (empty when it did not).
    config_problems: Problems,
    /// The season the tournament is an event of, its level and region, and the season's next steps.
    season: Option<SeasonPlace>,
}

/// A round's status as the overview's actions read it: a draft is published or discarded, a
/// published round locked, a locked one opened again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RoundStatus {
    Draft,
    Published,
    Locked,
}

impl Overview<'_> {
    fn round_status(&self, r: &Round) -> RoundStatus {
        match r.status {
            Status::Draft => RoundStatus::Draft,
            Status::Published => RoundStatus::Published,
            Status::Locked => RoundStatus::Locked,
        }
    }

    /// A group's letter (`A` for the first), for the next step's sentence.
    fn group_letter(&self, g: &u32) -> String {
        crate::web::read_model::groups::letter_of(g)
    }
}

/// Where a tournament stands in its season (issue 37: the season is a place): a link to the season
/// and the level, and the season's steps once the rounds are over (close and invite, the
/// invitations, the next level's event).
pub(super) struct SeasonPlace {
    pub id: i64,
    pub name: String,
    pub level: String,
    pub region: String,
    /// The event's final ranking is stored and its qualifiers invited.
    pub closed: bool,
    /// The event the qualifiers go to: its tournament's id and name (none at the final, or not
    /// decided yet).
    pub next: Option<(i64, String)>,
}

/// The season place of tournament `t`, if it is a season's event.
pub(super) async fn season_place(
    db: &Store,
    t: crate::store::TournamentId,
) -> Result<Option<SeasonPlace>, WebError> {
    let Some(event) = app::season::event_of(db, t).await? else { return Ok(None) };
    let s = app::season::season(db, event.season_id).await?;
    let level = s.level_index(event.level_id).map(|l| s.season.levels()[l].clone()).unwrap_or_default();
    let region = event.region_id.and_then(|r| s.region_index(r)).map(|r| s.season.regions()[r].clone());
    let next = match app::season::next_event(db, &s, &event).await {
        Ok(Some(e)) => store::tournaments::get(db, e.tournament_id).await?.map(|n| (n.id.0, n.name)),
        _ => None,
    };
    Ok(Some(SeasonPlace {
        id: s.id.0,
        name: s.season.name().to_string(),
        level,
        region: region.unwrap_or_default(),
        closed: event.closed,
        next,
    }))
}

#[derive(Deserialize)]
pub struct OverviewQuery {
    appointed: Option<String>,
    saved: Option<String>,
}

pub async fn overview(
    ctx: Ctx,
    org: Organising,
    db: web::Data<Store>,
    query: web::Query<OverviewQuery>,
) -> Result<HttpResponse, WebError> {
    let t = org.t;
    let forms = Forms {
        appointed: match query.appointed.as_deref() {
            Some("created") => Some("appointed_created"),
            Some("existing") => Some("appointed_existing"),
            Some("existing-password-kept") => Some("appointed_password_kept"),
            _ => None,
        },
        saved: match query.saved.as_deref() {
            Some("config") => Some("saved_config"),
            Some("players") => Some("saved_players"),
            Some("players-repaired") => Some("saved_players_repaired"),
            Some("players-draft-discarded") => Some("saved_players_draft_discarded"),
            _ => None,
        },
        ..Forms::default()
    };
    overview_page(&ctx, &db, t, forms, StatusCode::OK).await
}

/// What the overview shows besides the stored data: notices, and forms coming back refused.
#[derive(Default)]
pub(super) struct Forms {
    pub appointed: Option<&'static str>,
    pub saved: Option<&'static str>,
    pub register: RegisterState,
    pub import: ImportState,
    /// The configuration form as typed and why it was refused.
    pub config: Option<(TournamentConfig, Problems)>,
    /// Another form refused (the appointment): what was typed and why.
    pub kept: crate::web::forms::kept::KeptForm,
}

/// The organiser's overview, with `forms` as given (a refused form keeps what was typed).
pub(super) async fn overview_page(
    ctx: &Ctx,
    db: &Store,
    t: Tournament,
    forms: Forms,
    status: StatusCode,
) -> Result<HttpResponse, WebError> {
    let players = store::players::list(db, t.id).await?;
    let name = |id: PlayerId| players.iter().find(|p| p.id == id).map(|p| p.name.clone()).unwrap_or_default();
    let forbidden = store::players::forbidden_pairs(db, t.id)
        .await?
        .into_iter()
        .map(|(a, b, until)| NamedPair { a, b, a_name: name(a), b_name: name(b), until })
        .collect();
    let rounds = store::rounds::list(db, t.id).await?;
    let data = app::snapshot::Loaded::load_id(db, t.id).await?;
    let (cfg, config_problems) = forms.config.unwrap_or_else(|| (t.config(), Problems::default()));
    let plan = app::next_step::plan_of(&data);
    let page = Overview {
        ctx,
        config_choices: ConfigChoices::of(&cfg),
        cfg,
        config_problems,
        forbidden,
        referees: store::tournaments::holders(db, t.id, Role::Referee).await?,
        organisers: store::tournaments::holders(db, t.id, Role::Organiser).await?,
        next: NextPairing::of(&plan.next, ctx.lang),
        plan,
        stages: data.rounds.iter().filter_map(|r| Some((r.number, data.stage_of_round(r)?))).collect(),
        rounds,
        incomplete: store::deck_checks::incomplete(db, t.id, i64::from(DECK_SIZE)).await?,
        editions: edition_choices(db, ctx.lang).await?,
        appointed: forms.appointed,
        saved: forms.saved,
        season_over: app::registration::season_over(t.last_day, chrono::Utc::now().date_naive()),
        full_deck: i64::from(DECK_SIZE),
        register: forms.register,
        kept: forms.kept,
        import: forms.import,
        regions: app::season::regions_of(db, t.id).await?,
        season: season_place(db, t.id).await?,
        players,
        t,
    };
    render_status(status, &page)
}
