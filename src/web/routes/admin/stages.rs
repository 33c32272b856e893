//! The organiser's stages page (issue 19): the tournament's format (a preset and the groups'
//! settings, while nothing is drawn or paired), the groups' draw (a preview with its lot seed, then
//! the same draw fixed), the withdrawal rule, each group's progress, the lot where a tie decides a
//! qualifying place, closing and reopening the stage, and the qualified bracket before the knockout
//! starts. Each form posts to one use case of `app::stages` and redirects back; a step out of order
//! is refused with the use case's reason. What the page offers next is `app::next_step`'s.

use super::NextPairing;
use crate::app;
use crate::app::snapshot::Loaded;
use crate::app::stages::format::{GroupsChoice, Preset};
use crate::league::round_robin::berger::BergerPairing;
use crate::league::round_robin::standings::{DEFAULT_TIEBREAKS, WithdrawalRule};
use crate::league::stages::{GroupQualify, GroupStage, KnockoutEntry, Seeding, Separation, Stage};
use crate::league::{PlayerId as LeaguePlayer, Slot};
use crate::store::rounds::Phase;
use crate::store::stages::StageStatus;
use crate::store::{PlayerId, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::role::Organising;
use crate::web::forms::choices::{TiebreakSlot, tiebreak_slots};
use crate::web::forms::field;
use crate::web::forms::kept::KeptForm;
use crate::web::read_model::groups::letter;
use crate::web::routes::confirm::{self, Confirm};
use crate::web::routes::{render, render_status, see_other};
use crate::web::security::csrf::CsrfForm;
use crate::web::text::refusals::sentence;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

/// The format form's values (the stored format's, or the defaults for a tournament that opens
/// with a Swiss).
struct FormatForm {
    preset: String,
    count: String,
    double: bool,
    seeding: String,
    separation: String,
    per_group: String,
    best_next: String,
    entry: String,
}

impl FormatForm {
    /// The form as it was sent, when it was refused (issue 36: the input kept).
    fn kept(mut self, kept: &KeptForm) -> FormatForm {
        if kept.is_form(FORMAT_FORM) {
            let v = |name: &str, default: &str| kept.value(FORMAT_FORM, name, default).to_string();
            self = FormatForm {
                preset: v("preset", &self.preset),
                count: v("count", ""),
                double: !v("double", "").is_empty(),
                seeding: v("seeding", ""),
                separation: v("separation", ""),
                per_group: v("per_group", ""),
                best_next: v("best_next", ""),
                entry: v("entry", ""),
            };
        }
        self
    }
}

/// The format form's element id.
const FORMAT_FORM: &str = "format-form";
/// The reopening form's element id.
const REOPEN_FORM: &str = "reopen-form";
/// The seed list's form (before the draw).
const SEEDS_FORM: &str = "seeds-form";
/// The groups' tiebreak order's form.
const TIEBREAKS_FORM: &str = "tiebreaks-form";
/// The withdrawal rule's form.
const WITHDRAWAL_FORM: &str = "withdrawal-form";
/// A group's lot (one button per group whose lot is due; the refused one named by its `group`).
const LOT_FORM: &str = "lot-form";

/// A group as drawn (or as the preview would draw it): its letter and members in Berger order,
/// each with the school (issue 37: so the organiser sees the schools kept apart).
struct GroupList {
    letter: String,
    members: Vec<(String, String)>,
}

/// A group's progress in the stage.
struct GroupProgress {
    letter: String,
    decided: usize,
    matches: usize,
    /// A tie at a qualifying place waits for the organiser's lot (every match played).
    lot_due: bool,
    /// The lot was drawn (its seed recorded).
    lot_seed: Option<i64>,
}

/// A first-round pairing of the qualified bracket, with where each player came from ("A1").
struct BracketLine {
    a: String,
    b: String,
}

#[derive(Template)]
#[template(path = "admin/stages.html")]
struct StagesPage<'a> {
    ctx: &'a Ctx,
    t: &'a crate::store::tournaments::Tournament,
    /// The stages in order.
    stages: Vec<StageLines>,
    format_open: bool,
    form: FormatForm,
    opens_with_groups: bool,
    stage_closed: bool,
    annul_under_half: bool,
    /// The draw as it would be fixed with `preview_seed` (before the draw), or why not.
    preview: Result<Vec<GroupList>, String>,
    preview_seed: u64,
    /// Separation that could not keep a school apart (preview or stored draw), as sentences.
    clashes: Vec<String>,
    drawn: Vec<GroupList>,
    /// The groups' tiebreak order as the form's numbered choices, while it may change.
    tiebreak_slots: Option<Vec<TiebreakSlot>>,
    /// Before the draw: every player in seed order (id, name, the seed number shown: stored, or
    /// as typed when the list was refused).
    seeds: Vec<SeedLine>,
    progress: Vec<GroupProgress>,
    next: NextPairing,
    /// The knockout's first round as qualification gives it (the stage closed, before it starts).
    bracket: Vec<BracketLine>,
    knockout_started: bool,
    /// A refused form (the format, the reopening): what was sent and why.
    kept: KeptForm,
}

/// A player's line of the seed list's form.
struct SeedLine {
    id: PlayerId,
    name: String,
    /// The number in the field (as typed, when the list was refused).
    number: String,
    /// The first refused number of a refused list: its field carries the summary's link.
    refused: bool,
}

impl StagesPage<'_> {
    /// A group's letter (`A` for the first), for the next step's sentence.
    fn group_letter(&self, g: &u32) -> String {
        crate::web::read_model::groups::letter_of(g)
    }

    /// Whether the form `form` is on the page as it stands (a refused form that is not, a stage
    /// action posted at the wrong time, is said above the page).
    fn shown(&self, form: &str) -> bool {
        let drawn = !self.drawn.is_empty();
        match form {
            SEEDS_FORM => self.opens_with_groups && !drawn && !self.seeds.is_empty(),
            TIEBREAKS_FORM => self.opens_with_groups && self.tiebreak_slots.is_some(),
            WITHDRAWAL_FORM => self.opens_with_groups && !self.stage_closed,
            LOT_FORM => self.opens_with_groups && drawn,
            REOPEN_FORM => self.opens_with_groups && self.stage_closed && !self.knockout_started,
            _ => false,
        }
    }

    /// The summary of the refused form `form` when the form is not on the page (without links: its
    /// fields are not there either); empty otherwise.
    fn elsewhere(&self, form: &str) -> Vec<crate::web::forms::problems::Listed> {
        if self.shown(form) {
            return Vec::new();
        }
        let mut listed = self.kept.listed(&self.ctx.lang, form);
        for l in &mut listed {
            l.href.clear();
        }
        listed
    }

    /// Whether the withdrawal rule `rule` (`stand`, `annul`) is checked: as sent when the form was
    /// refused, else the stored one.
    fn rule_checked(&self, rule: &str) -> bool {
        if self.kept.is_form(WITHDRAWAL_FORM) {
            return self.kept.picked(WITHDRAWAL_FORM, "rule", rule);
        }
        (rule == "annul") == self.annul_under_half
    }
}

#[derive(Deserialize)]
pub struct PreviewQuery {
    /// The lot's seed of the preview; a new one is drawn without it.
    seed: Option<u64>,
}

fn seeding_name(s: Seeding) -> &'static str {
    match s {
        Seeding::Snake => "snake",
        Seeding::Pots => "pots",
        Seeding::Lot => "lot",
    }
}

fn separation_name(s: Separation) -> &'static str {
    match s {
        Separation::None => "none",
        Separation::School => "school",
        Separation::Region => "region",
    }
}

fn entry_name(e: KnockoutEntry) -> &'static str {
    match e {
        KnockoutEntry::SwissStandings => "swiss",
        KnockoutEntry::Crossover => "crossover",
        KnockoutEntry::GroupMatesApart => "apart",
    }
}

/// The stored format as the form shows it.
fn format_form(data: &Loaded) -> FormatForm {
    let defs: Vec<Stage> = data.stage_rows.stages.iter().map(|s| s.definition).collect();
    let knockout = defs.iter().find_map(|s| match s {
        Stage::Knockout(k) => Some(*k),
        _ => None,
    });
    let groups = defs.iter().find_map(|s| match s {
        Stage::Groups(g) => Some(*g),
        _ => None,
    });
    let preset = match (groups.is_some(), knockout.is_some()) {
        (true, true) => "groups_knockout",
        (true, false) => "groups_only",
        (false, true) => "swiss_knockout",
        (false, false) => "swiss_only",
    };
    let f = GroupsChoice::FINAL;
    let g = groups.unwrap_or(GroupStage {
        count: f.count,
        double: f.double,
        seeding: f.seeding,
        separation: f.separation,
        qualify: f.qualify,
    });
    let entry = knockout.map(|k| k.from).filter(|&e| e != KnockoutEntry::SwissStandings);
    FormatForm {
        preset: preset.to_string(),
        count: g.count.to_string(),
        double: g.double,
        seeding: seeding_name(g.seeding).to_string(),
        separation: separation_name(g.separation).to_string(),
        per_group: g.qualify.per_group.to_string(),
        best_next: g.qualify.best_next.to_string(),
        entry: entry_name(entry.unwrap_or(KnockoutEntry::Crossover)).to_string(),
    }
}

/// A stage as the page lists it: its name, then its settings one a line.
struct StageLines {
    title: &'static str,
    lines: Vec<String>,
}

/// A stage in the page's language.
fn describe(ctx: &Ctx, stage: &Stage) -> StageLines {
    let t = |k: &str| -> &'static str { ctx.t(k) };
    match stage {
        Stage::Swiss { rounds } => {
            StageLines { title: t("sa_swiss"), lines: vec![format!("{}: {rounds}", t("stage_swiss_rounds"))] }
        }
        Stage::Groups(g) => {
            let mut lines = vec![
                format!("{}: {}", t("stage_groups_count"), g.count),
                t(if g.double { "stage_double" } else { "stage_single" }).to_string(),
                format!("{}: {}", t("stage_seeding"), t(&format!("seeding_{}", seeding_name(g.seeding)))),
                format!(
                    "{}: {}",
                    t("stage_separation"),
                    t(&format!("separation_{}", separation_name(g.separation)))
                ),
                format!("{}: {}", t("stage_per_group"), g.qualify.per_group),
            ];
            if g.qualify.best_next > 0 {
                lines.push(format!("{}: {}", t("stage_best_next"), g.qualify.best_next));
            }
            StageLines { title: t("sa_groups"), lines }
        }
        Stage::Knockout(k) => {
            let mut lines = vec![format!("{}: {}", t("stage_knockout_size"), k.size)];
            if k.from != KnockoutEntry::SwissStandings {
                lines.push(format!("{}: {}", t("stage_entry"), t(&format!("entry_{}", entry_name(k.from)))));
            }
            if k.third_place {
                lines.push(t("third_place").to_string());
            }
            StageLines { title: t("sa_knockout"), lines }
        }
    }
}

fn names(data: &Loaded, groups: &[Vec<LeaguePlayer>]) -> Vec<GroupList> {
    groups
        .iter()
        .enumerate()
        .map(|(g, ids)| GroupList {
            letter: letter(g),
            members: ids.iter().map(|&p| member(data, PlayerId(p.0))).collect(),
        })
        .collect()
}

/// A group member as the lists show it: the name and the school.
fn member(data: &Loaded, id: PlayerId) -> (String, String) {
    (data.name(id), data.player(id).map(|p| p.club.clone()).unwrap_or_default())
}

fn clash_sentences(
    ctx: &Ctx,
    data: &Loaded,
    clashes: &[crate::league::round_robin::seeding::Clash],
) -> Vec<String> {
    clashes
        .iter()
        .map(|c| {
            let who: Vec<String> = c.players.iter().map(|&p| data.name(PlayerId(p.0))).collect();
            format!(
                "{} {}: {} ({})",
                ctx.t("group"),
                letter(c.group as usize),
                who.join(", "),
                ctx.t("clash_same_school")
            )
        })
        .collect()
}

pub async fn stages_page(
    ctx: Ctx,
    org: Organising,
    db: web::Data<Store>,
    query: web::Query<PreviewQuery>,
) -> Result<HttpResponse, WebError> {
    render_stages(&ctx, &org, &db, query.seed, KeptForm::default()).await
}

/// The stages page; a refused form (the format, the reopening) comes back on it with what was sent
/// and the problem beside its field (400).
async fn render_stages(
    ctx: &Ctx,
    org: &Organising,
    db: &Store,
    seed: Option<u64>,
    kept: KeptForm,
) -> Result<HttpResponse, WebError> {
    let t = &org.t;
    let data = Loaded::load_id(db, t.id).await?;
    let preview_seed = seed.unwrap_or_else(|| rand_core::RngCore::next_u64(&mut rand_core::OsRng) >> 11);
    let groups_row = app::stages::groups_stage(&data).ok();
    let drawn_ids = app::stages::drawn_groups(&data);
    let not_drawn = groups_row.is_some() && drawn_ids.is_empty();
    let mut clashes = Vec::new();
    let preview = if not_drawn {
        match app::stages::draw::preview(&data, preview_seed) {
            Ok(draw) => {
                clashes = clash_sentences(ctx, &data, &draw.clashes);
                Ok(names(&data, &draw.groups))
            }
            Err(r) => Err(sentence(ctx.lang, &r)),
        }
    } else {
        Ok(Vec::new())
    };
    if let Some(d) = data.stage_rows.draws.iter().find(|d| d.stage == app::stages::OPENING) {
        let stored: Vec<crate::league::round_robin::seeding::Clash> =
            serde_json::from_str(&d.clashes).unwrap_or_default();
        clashes = clash_sentences(ctx, &data, &stored);
    }
    let drawn: Vec<GroupList> = drawn_ids
        .iter()
        .enumerate()
        .map(|(g, ids)| GroupList {
            letter: letter(g),
            members: ids.iter().map(|&p| member(&data, p)).collect(),
        })
        .collect();
    let seeds = if not_drawn {
        let mut flagged = false;
        app::stages::draw::seed_order(&data)
            .into_iter()
            .filter_map(|id| data.player(id))
            .filter(|p| !p.withdrawn)
            .enumerate()
            .map(|(i, p)| {
                let shown = (i + 1).to_string();
                let number = kept.value(SEEDS_FORM, &format!("seed_{}", p.id), &shown).to_string();
                let refused = kept.is_form(SEEDS_FORM)
                    && !flagged
                    && field::int("seed_number", &number, 1, SEED_MAX).is_err();
                flagged |= refused;
                SeedLine { id: p.id, name: p.name.clone(), number, refused }
            })
            .collect()
    } else {
        Vec::new()
    };
    let tiebreak_slots = groups_row
        .filter(|(row, _)| {
            row.status == StageStatus::Open && app::stages::group_rounds(&data).next().is_none()
        })
        .map(|(row, _)| {
            let mut slots = tiebreak_slots(&app::stages::tiebreaks(row), &DEFAULT_TIEBREAKS);
            if kept.is_form(TIEBREAKS_FORM) {
                // The choices as sent (issue 36: the input kept).
                for s in &mut slots {
                    let name = format!("tiebreak_{}", s.n);
                    for o in &mut s.options {
                        o.selected = kept.picked(TIEBREAKS_FORM, &name, o.value);
                    }
                }
            }
            slots
        });
    let standings = app::stages::standings(&data).unwrap_or_default();
    let progress = match groups_row {
        Some((_, stage)) => (0..drawn_ids.len())
            .map(|g| {
                let group_no = i64::try_from(g).ok();
                let of_group: Vec<_> = data
                    .matches
                    .iter()
                    .filter(|m| m.phase == Phase::Groups && m.group_no == group_no && m.player_b.is_some())
                    .collect();
                let decided = of_group
                    .iter()
                    .filter(|m| matches!(data.state(m), app::snapshot::MatchState::Decided(_)))
                    .count();
                let schedule_matches = app::stages::schedules(&data, &stage).get(g).map_or(0, |s| {
                    s.rounds.iter().flatten().filter(|p| matches!(p, BergerPairing::Match { .. })).count()
                });
                GroupProgress {
                    letter: letter(g),
                    decided,
                    matches: schedule_matches,
                    lot_due: app::stages::group_finished(&data, &stage, g)
                        && standings.get(g).is_some_and(|s| s.needs_lot()),
                    lot_seed: data
                        .stage_rows
                        .lots
                        .iter()
                        .find(|l| l.stage == app::stages::OPENING && Some(l.group_no) == group_no)
                        .map(|l| l.lot_seed),
                }
            })
            .collect(),
        None => Vec::new(),
    };
    let knockout_started = data.rounds.iter().any(|r| r.phase() == Phase::Knockout);
    let stage_closed = groups_row.is_some_and(|(row, _)| row.status == StageStatus::Closed);
    let bracket = if stage_closed && !knockout_started {
        app::stages::qualify::bracket(&data, 0)
            .map(|qb| {
                let origin = |id: LeaguePlayer| {
                    qb.entries
                        .iter()
                        .find(|e| e.player == id)
                        .map(|e| e.origin.to_string())
                        .unwrap_or_default()
                };
                let slot = |s: &Slot| match *s {
                    Slot::Player { id, .. } => format!("{} {}", origin(id), data.name(PlayerId(id.0))),
                    Slot::Bye => ctx.t("bye").to_string(),
                    Slot::Pending => "—".to_string(),
                };
                qb.bracket
                    .rounds
                    .first()
                    .into_iter()
                    .flatten()
                    .map(|m| BracketLine { a: slot(&m.slots[0]), b: slot(&m.slots[1]) })
                    .collect()
            })
            .unwrap_or_default()
    } else {
        Vec::new()
    };
    let next = NextPairing::of(&app::next_step::next_step(&data), ctx.lang);
    let refused = kept.is_refused();
    let page = StagesPage {
        ctx,
        t,
        stages: data.stage_rows.stages.iter().map(|s| describe(ctx, &s.definition)).collect(),
        format_open: app::stages::format::check_open(&data).is_ok(),
        form: format_form(&data).kept(&kept),
        opens_with_groups: groups_row.is_some(),
        stage_closed,
        annul_under_half: groups_row.is_some_and(|(row, _)| row.withdrawal == WithdrawalRule::AnnulUnderHalf),
        preview,
        preview_seed,
        clashes,
        drawn,
        tiebreak_slots,
        seeds,
        progress,
        next,
        bracket,
        knockout_started,
        kept,
    };
    if refused { render_status(StatusCode::BAD_REQUEST, &page) } else { render(&page) }
}

#[derive(Deserialize)]
pub struct FormatPost {
    preset: String,
    #[serde(default)]
    count: String,
    double: Option<String>,
    #[serde(default)]
    seeding: String,
    #[serde(default)]
    separation: String,
    #[serde(default)]
    per_group: String,
    #[serde(default)]
    best_next: String,
    #[serde(default)]
    entry: String,
}

/// Choose the format: a preset, with the groups' settings for a groups preset. A wrong value or a
/// refusal comes back on the form with what was sent, nothing stored.
pub async fn choose_format(
    ctx: Ctx,
    org: Organising,
    db: web::Data<Store>,
    form: CsrfForm<FormatPost>,
) -> Result<HttpResponse, WebError> {
    match format_chosen(&org, &db, &form.value).await {
        Err(e) => {
            let kept = KeptForm::from_error(ctx.lang, FORMAT_FORM, &form.pairs, e)?;
            render_stages(&ctx, &org, &db, None, kept).await
        }
        done => done,
    }
}

async fn format_chosen(org: &Organising, db: &Store, f: &FormatPost) -> Result<HttpResponse, WebError> {
    let preset = match f.preset.as_str() {
        "swiss_knockout" => Preset::SwissKnockout,
        "swiss_only" => Preset::SwissOnly,
        "groups_knockout" => Preset::GroupsKnockout,
        "groups_only" => Preset::GroupsOnly,
        _ => return Err(field::FieldProblem::new("stage_preset", field::ProblemKind::NotAChoice).into()),
    };
    let groups = if matches!(preset, Preset::GroupsKnockout | Preset::GroupsOnly) {
        let groups = groups_choice(f)?;
        let players = app::registration::players(db, org.t.id).await?.iter().filter(|p| !p.withdrawn).count();
        within_the_field(&groups, players)?;
        groups
    } else {
        GroupsChoice::FINAL
    };
    let stages = app::stages::format::preset(preset, &org.t, groups);
    app::stages::format::choose(db, org.t.id, stages, org.by()).await?;
    tracing::info!(tournament = %org.t.id, preset = f.preset, by = %org.user.username, "format chosen");
    Ok(see_other(&format!("/admin/t/{}/stages#format", org.t.id)))
}

/// The groups' counts within what the registered players allow (issue 36: 64 groups for 8 players
/// and 5 qualifiers from groups of 4 were refused only at the draw): a group holds at least 3, so
/// at most `players / 3` groups, and each group keeps one place that does not qualify. Checked
/// once 3 or more players are registered (a format is often chosen before the entries).
fn within_the_field(g: &GroupsChoice, players: usize) -> Result<(), WebError> {
    let players = i64::try_from(players).unwrap_or(i64::MAX);
    if players < 3 {
        return Ok(());
    }
    let most = players / 3;
    if i64::from(g.count) > most {
        let kind = field::ProblemKind::OutOfRange { min: 1, max: most };
        return Err(field::FieldProblem::new("stage_groups_count", kind).into());
    }
    let smallest = players / i64::from(g.count.max(1));
    if i64::from(g.qualify.per_group) >= smallest {
        let kind = field::ProblemKind::OutOfRange { min: 1, max: smallest - 1 };
        return Err(field::FieldProblem::new("stage_per_group", kind).into());
    }
    Ok(())
}

fn groups_choice(f: &FormatPost) -> Result<GroupsChoice, WebError> {
    let int = |name, v: &str, min, max| -> Result<u32, WebError> {
        Ok(u32::try_from(field::int(name, v, min, max)?).unwrap_or(0))
    };
    let seeding = match f.seeding.as_str() {
        "snake" => Seeding::Snake,
        "pots" => Seeding::Pots,
        "lot" => Seeding::Lot,
        _ => return Err(field::FieldProblem::new("stage_seeding", field::ProblemKind::NotAChoice).into()),
    };
    let separation = match f.separation.as_str() {
        "none" => Separation::None,
        "school" => Separation::School,
        "region" => Separation::Region,
        _ => return Err(field::FieldProblem::new("stage_separation", field::ProblemKind::NotAChoice).into()),
    };
    let entry = match f.entry.as_str() {
        "crossover" => KnockoutEntry::Crossover,
        "apart" => KnockoutEntry::GroupMatesApart,
        _ => return Err(field::FieldProblem::new("stage_entry", field::ProblemKind::NotAChoice).into()),
    };
    Ok(GroupsChoice {
        count: int("stage_groups_count", &f.count, 1, 64)?,
        double: field::checkbox(f.double.as_ref()),
        seeding,
        separation,
        qualify: GroupQualify {
            per_group: int("stage_per_group", &f.per_group, 1, 16)?,
            best_next: int(
                "stage_best_next",
                if f.best_next.trim().is_empty() { "0" } else { &f.best_next },
                0,
                64,
            )?,
        },
        entry,
    })
}

#[derive(Deserialize)]
pub struct StageForm {
    /// The preview's lot seed (the draw), or the group's index (the lot).
    #[serde(default)]
    seed: String,
    #[serde(default)]
    group: String,
    /// `stand` or `annul` (the withdrawal rule).
    #[serde(default)]
    rule: String,
    /// Why a closed stage is opened again.
    #[serde(default)]
    reason: String,
}

/// `draw` (fix the previewed draw), `round` (pair the next group round), `lot` (a group's lot),
/// `withdrawal` (the rule), `close` (confirmed first), `reopen` (with a reason), `knockout`
/// (qualify and pair the knockout's first round).
pub async fn stage_action(
    ctx: Ctx,
    org: Organising,
    db: web::Data<Store>,
    path: web::Path<(i64, String)>,
    form: CsrfForm<StageForm>,
) -> Result<HttpResponse, WebError> {
    let (_, action) = path.into_inner();
    let t = org.t.id;
    let by = org.by();
    let f = &form.value;
    let seed = || -> Result<u64, WebError> {
        Ok(u64::try_from(field::int("lot_seed", &f.seed, 0, i64::MAX)?).unwrap_or(0))
    };
    let back = format!("/admin/t/{t}/stages");
    match action.as_str() {
        "draw" => {
            app::stages::draw::fix(&db, t, seed()?, by).await?;
            tracing::info!(tournament = %t, by = %org.user.username, "groups drawn");
            return Ok(see_other(&format!("{back}#groups")));
        }
        "round" => {
            let number = app::stages::group_round::pair_next(&db, t, by).await?;
            tracing::info!(tournament = %t, round = number, by = %org.user.username, "group round paired (draft)");
            return Ok(see_other(&format!("/t/{t}/round/{number}")));
        }
        "seeds" => {
            let set = async {
                app::stages::draw::set_seed_order(&db, t, seed_list(&form.pairs)?, by).await?;
                Ok::<(), WebError>(())
            };
            if let Err(e) = set.await {
                return refused(&ctx, &org, &db, SEEDS_FORM, &form.pairs, e).await;
            }
            tracing::info!(tournament = %t, by = %org.user.username, "seed order set");
            return Ok(see_other(&format!("{back}#seeds")));
        }
        "seeds-reset" => {
            app::stages::draw::set_seed_order(&db, t, Vec::new(), by).await?;
            return Ok(see_other(&format!("{back}#seeds")));
        }
        "tiebreaks" => {
            let set = async {
                let order = group_tiebreaks(&form.pairs)?;
                app::stages::format::set_group_tiebreaks(&db, t, order, by).await?;
                Ok::<(), WebError>(())
            };
            if let Err(e) = set.await {
                return refused(&ctx, &org, &db, TIEBREAKS_FORM, &form.pairs, e).await;
            }
            return Ok(see_other(&format!("{back}#tiebreaks")));
        }
        "lot" => {
            let drawn = async {
                // The group's index from the page's button: anything else is none of its groups.
                let group = field::int("group", &f.group, 0, 63)
                    .ok()
                    .and_then(|g| u32::try_from(g).ok())
                    .ok_or_else(|| field::FieldProblem::new("group", field::ProblemKind::NotAChoice))?;
                let lot_seed = rand_core::RngCore::next_u64(&mut rand_core::OsRng);
                app::stages::lot::draw(&db, t, group, lot_seed, by).await?;
                Ok::<u32, WebError>(group)
            };
            match drawn.await {
                Ok(group) => {
                    tracing::info!(tournament = %t, group, by = %org.user.username, "group lot drawn")
                }
                Err(e) => return refused(&ctx, &org, &db, LOT_FORM, &form.pairs, e).await,
            }
        }
        "withdrawal" => {
            let set = async {
                let rule = match f.rule.trim() {
                    "stand" => WithdrawalRule::ResultsStand,
                    "annul" => WithdrawalRule::AnnulUnderHalf,
                    _ => {
                        return Err(field::FieldProblem::new(
                            "withdrawal_rule",
                            field::ProblemKind::NotAChoice,
                        )
                        .into());
                    }
                };
                app::stages::format::set_withdrawal_rule(&db, t, rule, by).await?;
                Ok::<(), WebError>(())
            };
            if let Err(e) = set.await {
                return refused(&ctx, &org, &db, WITHDRAWAL_FORM, &form.pairs, e).await;
            }
        }
        "close" => {
            if !confirm::confirmed(&form.pairs) {
                return confirm::ask(
                    &ctx,
                    Confirm {
                        title: ctx.t("close_stage").to_string(),
                        details: vec![ctx.t("close_stage_explained").to_string()],
                        action: format!("{back}/close"),
                        fields: form.pairs.clone(),
                        button: ctx.t("close_stage_yes").to_string(),
                        back: back.clone(),
                    },
                );
            }
            app::stages::close::close(&db, t, by).await?;
            tracing::info!(tournament = %t, by = %org.user.username, "groups stage closed");
        }
        "reopen" => {
            let reopened = async {
                let reason = crate::web::forms::values::Reason::parse("season_reason", &f.reason)?;
                app::stages::close::reopen(&db, t, reason.as_str(), by).await?;
                Ok::<(), WebError>(())
            };
            if let Err(e) = reopened.await {
                return refused(&ctx, &org, &db, REOPEN_FORM, &form.pairs, e).await;
            }
            tracing::info!(tournament = %t, by = %org.user.username, "groups stage reopened");
        }
        "knockout" => {
            let lot_seed = rand_core::RngCore::next_u64(&mut rand_core::OsRng);
            let number = app::stages::qualify::start_knockout(&db, t, lot_seed, by).await?;
            tracing::info!(tournament = %t, round = number, by = %org.user.username, "knockout qualified (draft)");
            return Ok(see_other(&format!("/t/{t}/round/{number}")));
        }
        _ => return Err(WebError::NotFound),
    }
    Ok(see_other(&format!("{back}#groups")))
}

/// The stages page again with form `form` refused for `e` and what was sent kept (issue 36), when
/// `e` is one the form answers; any other error as it was.
async fn refused(
    ctx: &Ctx,
    org: &Organising,
    db: &Store,
    form: &'static str,
    pairs: &[(String, String)],
    e: WebError,
) -> Result<HttpResponse, WebError> {
    let kept = KeptForm::from_error(ctx.lang, form, pairs, e)?;
    render_stages(ctx, org, db, None, kept).await
}

/// The highest seed number the list takes.
const SEED_MAX: i64 = 10_000;

/// The groups' tiebreak order the form chose, each one of the groups' tiebreaks at most once.
fn group_tiebreaks(pairs: &[(String, String)]) -> Result<crate::league::TiebreakOrder, WebError> {
    let mut order = Vec::new();
    for name in tiebreak_choices(pairs) {
        let Some(tb) = DEFAULT_TIEBREAKS.iter().find(|t| t.as_str() == name) else {
            return Err(field::FieldProblem::new("group_tiebreaks", field::ProblemKind::NotAChoice).into());
        };
        order.push(*tb);
    }
    Ok(crate::web::forms::tiebreak_order::order(order, "group_tiebreaks")?)
}

/// The seed list the form sends: `seed_{player}` = the seed number typed beside each player, in
/// the page's order; sorted by the numbers, equal numbers keeping the page's order.
fn seed_list(pairs: &[(String, String)]) -> Result<Vec<PlayerId>, WebError> {
    let mut numbered = Vec::new();
    for (i, (name, value)) in pairs.iter().enumerate() {
        let Some(id) = name.strip_prefix("seed_") else { continue };
        let id = id
            .parse::<i64>()
            .map_err(|_| field::FieldProblem::new("seed_number", field::ProblemKind::NotAChoice))?;
        let number = field::int("seed_number", value, 1, SEED_MAX)?;
        numbered.push((number, i, PlayerId(id)));
    }
    numbered.sort_unstable();
    Ok(numbered.into_iter().map(|(_, _, id)| id).collect())
}

/// The numbered tiebreak choices the form sends (`tiebreak_1` first), empty ones skipped.
fn tiebreak_choices(pairs: &[(String, String)]) -> Vec<&str> {
    let mut picked: Vec<(usize, &str)> = pairs
        .iter()
        .filter_map(|(k, v)| Some((k.strip_prefix("tiebreak_")?.parse().ok()?, v.trim())))
        .filter(|(_, v)| !v.is_empty())
        .collect();
    picked.sort_by_key(|&(n, _)| n);
    picked.into_iter().map(|(_, v)| v).collect()
}
