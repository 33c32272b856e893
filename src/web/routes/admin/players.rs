//! Players: registration (one form), the CSV import, and changes (withdraw, re-admit, the
//! knowledge-test score). A refused registration or import comes back on the overview with what
//! was typed; names registered twice and a first row that looks like a player (no header) are
//! asked about before anything is stored; a withdrawal is confirmed first. The writes are
//! `app::registration`'s.

use super::tournament::{Forms, overview_page};
use crate::app;
use crate::league::persons::{Found, Nearness};
use crate::store::PersonId;
use crate::store::players::PersonLink;
use crate::store::players::{NewPlayer, PlayerChange};
use crate::store::tournaments::Tournament;
use crate::store::{PlayerId, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::role::Organising;
use crate::web::forms::field;
use crate::web::forms::player::{self, FirstRow, ImportProblem, PlayerFields};
use crate::web::forms::registration::{ImportState, NearChoice, NearOption, RegisterState};
use crate::web::forms::spreadsheet::{self, FileProblem};
use crate::web::routes::confirm::{self, Confirm};
use crate::web::routes::see_other;
use crate::web::security::auth::SessionUser;
use crate::web::security::csrf::CsrfForm;
use crate::web::text::i18n::Lang;
use crate::web::text::refusals::import_problem;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

async fn store_players(
    db: &Store,
    t: &Tournament,
    players: &[NewPlayer],
    by: &SessionUser,
) -> Result<HttpResponse, WebError> {
    let entered = app::registration::enter(db, t.id, players, by.id).await?;
    // Counted, not named: the server's log outlives a player's erasure (the history says who).
    let overridden = players.iter().filter(|p| p.age_override).count();
    if overridden > 0 {
        tracing::warn!(tournament = %t.id, players = overridden, by = %by.username, "age override");
    }
    let saved = match entered.draft {
        app::registration::DraftAfterEntry::None => "players",
        app::registration::DraftAfterEntry::Repaired(_) => "players-repaired",
        app::registration::DraftAfterEntry::Discarded(_) => "players-draft-discarded",
    };
    Ok(see_other(&format!("/admin/t/{}?saved={saved}#players", t.id)))
}

/// Which person each player is (issue 20): the same person of the registry is linked as it is;
/// a player near persons of the registry takes the organiser's answer (`person_<row>`: a person's
/// id, or `new` to keep them apart). While a near row is unanswered the page asks about every near
/// row (returned, with the answers given kept); nothing is stored then.
async fn person_links(
    db: &Store,
    t: crate::store::TournamentId,
    lang: Lang,
    players: &mut [NewPlayer],
    pairs: &[(String, String)],
) -> Result<Vec<NearChoice>, WebError> {
    let mut registry = app::persons::registry(db).await?;
    let here = app::persons::in_tournament(db, t).await?;
    let typed: Vec<(&str, chrono::NaiveDate)> =
        players.iter().map(|p| (p.name.as_str(), p.birth_date)).collect();
    let found = app::persons::find_all(&mut registry, &typed);
    let mut asks = Vec::new();
    let mut unanswered = false;
    for (row, (player, found)) in players.iter_mut().zip(found).enumerate() {
        // Near rows of the same list only (negative ids) are the duplicates asked about already.
        let Found::Near(near) = found else { continue };
        // Persons of exactly this name and birth date are not asked about here: the link rule
        // (`app::authority::links_without_asking`) links one where it may, else the entry is a
        // person of its own and the look-alike list asks the organiser (issue 36, item 3).
        let near: Vec<_> = near
            .into_iter()
            .filter(|n| {
                n.id > 0 && !here.contains(&PersonId(n.id)) && n.why != Nearness::SameNameAndBirthDate
            })
            .collect();
        if near.is_empty() {
            continue;
        }
        let key = format!("person_{row}");
        let answer = pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| v.as_str());
        let chosen = answer.and_then(|a| a.parse::<i64>().ok()).filter(|id| near.iter().any(|n| n.id == *id));
        let apart = answer == Some("new");
        if apart {
            player.person = PersonLink::New;
        } else if let Some(id) = chosen {
            player.person = PersonLink::Existing(PersonId(id));
        } else {
            unanswered = true;
        }
        let mut options = Vec::with_capacity(near.len());
        for n in near {
            let p = app::persons::person(db, PersonId(n.id)).await?;
            let why = nearness(lang, n.why);
            let school = if p.school.is_empty() { String::new() } else { format!(", {}", p.school) };
            let label = format!("{}{school} ({why})", p.name);
            options.push(NearOption { person: n.id, label, chosen: chosen == Some(n.id) });
        }
        asks.push(NearChoice { row, typed: player.name.clone(), options, apart });
    }
    // Every near row answered: nothing to ask. Otherwise every one is shown again, answers kept.
    if !unanswered {
        asks.clear();
    }
    Ok(asks)
}

#[derive(Deserialize)]
pub struct PlayerForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    birth_date: String,
    #[serde(default)]
    club: String,
    #[serde(default)]
    knowledge: String,
    #[serde(default)]
    region: String,
    age_override: Option<String>,
    /// Register even though the name is on the list already (another person of the same name).
    accept_duplicate: Option<String>,
}

pub async fn register(
    ctx: Ctx,
    org: Organising,
    db: web::Data<Store>,
    form: CsrfForm<PlayerForm>,
) -> Result<HttpResponse, WebError> {
    let t = org.t;
    let f = &form.value;
    let mut state = RegisterState {
        name: f.name.clone(),
        birth_date: f.birth_date.clone(),
        club: f.club.clone(),
        knowledge: f.knowledge.clone(),
        age_override: field::checkbox(f.age_override.as_ref()),
        region: f.region.clone(),
        ..RegisterState::default()
    };
    let regions = app::season::regions_of(&db, t.id).await?;
    let fields = PlayerFields {
        name: &f.name,
        birth_date: &f.birth_date,
        club: &f.club,
        knowledge: &f.knowledge,
        age_override: state.age_override,
        region: &f.region,
        regions: &regions,
    };
    let rule = app::season::eligibility(&db, t.id).await?;
    match player::parse_fields(rule, &fields) {
        Ok(player) => {
            let existing = app::registration::players(&db, t.id).await?;
            state.duplicates = player::duplicates(ctx.lang, &[(0, player.clone())], &existing);
            let mut players = [player];
            state.near = person_links(&db, t.id, ctx.lang, &mut players, &form.pairs).await?;
            if (state.duplicates.is_empty() || field::checkbox(f.accept_duplicate.as_ref()))
                && state.near.is_empty()
            {
                return store_players(&db, &t, &players, &org.user).await;
            }
        }
        Err(problems) => problems.iter().for_each(|p| state.problems.field(ctx.lang, p)),
    }
    let forms = Forms { register: state, ..Forms::default() };
    overview_page(&ctx, &db, t, forms, StatusCode::UNPROCESSABLE_ENTITY).await
}

#[derive(Deserialize)]
pub struct ImportForm {
    #[serde(default)]
    csv: String,
    /// The first row is a player, not a header (asked when it looks like one).
    first_row_is_player: Option<String>,
    /// Import even though some names are registered twice.
    accept_duplicates: Option<String>,
}

pub async fn import(
    ctx: Ctx,
    org: Organising,
    db: web::Data<Store>,
    form: CsrfForm<ImportForm>,
) -> Result<HttpResponse, WebError> {
    import_rows(&ctx, org, &db, &form.value, &form.pairs).await
}

/// The same import from a file (`multipart/form-data`, field `players_file`): a `.xlsx` workbook
/// or a CSV in UTF-8 or Windows-1250 (`web::forms::spreadsheet`), then read as pasted rows are.
/// A refused file comes back with its rows in the paste box, to fix there or in the file.
pub async fn import_file(
    ctx: Ctx,
    req: HttpRequest,
    org: Organising,
    db: web::Data<Store>,
    payload: actix_multipart::Multipart,
) -> Result<HttpResponse, WebError> {
    let mut fields = crate::web::forms::upload::read_bytes(&req, payload, ctx.lang).await?;
    let file = fields.remove("players_file").unwrap_or_default();
    let csv = match spreadsheet::players_text(&file) {
        Ok(csv) => csv,
        // The organiser's page again, the file form saying what to do (the reader's own words,
        // in English, go to the log, not to a Polish page).
        Err(FileProblem::Workbook(e)) => {
            tracing::info!(tournament = %org.t.id, error = %e, "unreadable players workbook");
            let mut import = ImportState::default();
            import.problems.add("players_file", ctx.t("workbook_unreadable"));
            let forms = Forms { import, ..Forms::default() };
            return overview_page(&ctx, &db, org.t, forms, StatusCode::UNPROCESSABLE_ENTITY).await;
        }
    };
    let ticked = |v: Option<Vec<u8>>| v.filter(|b| !b.is_empty()).map(|_| "1".to_string());
    let form = ImportForm {
        csv,
        first_row_is_player: ticked(fields.remove("first_row_is_player")),
        accept_duplicates: ticked(fields.remove("accept_duplicates")),
    };
    import_rows(&ctx, org, &db, &form, &[]).await
}

/// Check every row, ask about a first row that looks like a player and about names registered
/// twice, and register all the players or none.
async fn import_rows(
    ctx: &Ctx,
    org: Organising,
    db: &Store,
    f: &ImportForm,
    pairs: &[(String, String)],
) -> Result<HttpResponse, WebError> {
    let t = org.t;
    let lang = ctx.lang;
    let mut state = ImportState {
        csv: f.csv.clone(),
        first_row_is_player: field::checkbox(f.first_row_is_player.as_ref()),
        ..ImportState::default()
    };
    state.first_row = player::first_row_looks_like_a_player(&f.csv);
    let first = if state.first_row_is_player { FirstRow::Player } else { FirstRow::Header };
    if state.first_row.is_some() && first == FirstRow::Header {
        // Taken as a header, the first player would be dropped without a word: ask.
        state.problems.add("csv", lang.t("first_row_not_header"));
    } else {
        let rule = app::season::eligibility(db, t.id).await?;
        let regions = app::season::regions_of(db, t.id).await?;
        match player::parse_csv_rows(rule, &regions, &f.csv, first) {
            Ok(rows) => {
                let existing = app::registration::players(db, t.id).await?;
                state.duplicates = player::duplicates(lang, &rows, &existing);
                let mut players: Vec<NewPlayer> = rows.into_iter().map(|(_, p)| p).collect();
                state.near = person_links(db, t.id, lang, &mut players, pairs).await?;
                if (state.duplicates.is_empty() || field::checkbox(f.accept_duplicates.as_ref()))
                    && state.near.is_empty()
                {
                    return store_players(db, &t, &players, &org.user).await;
                }
            }
            Err(problems) if problems.contains(&ImportProblem::TooLarge) => {
                return Err(WebError::TooLarge { limit: field::BODY_LIMIT });
            }
            // Every wrong row at once, nothing stored.
            Err(problems) => {
                for problem in &problems {
                    state.problems.add("csv", import_problem(lang, problem));
                }
            }
        }
    }
    let forms = Forms { import: state, ..Forms::default() };
    overview_page(ctx, db, t, forms, StatusCode::UNPROCESSABLE_ENTITY).await
}

#[derive(Deserialize)]
pub struct PlayerChangeForm {
    version: String,
    /// `withdraw`, `readmit` or `knowledge`.
    action: String,
    #[serde(default)]
    knowledge: String,
}

/// Withdraw (after a confirmation), re-admit, or record a knowledge-test score. Sending the same
/// change again (a double click) is a success, not a conflict.
pub async fn change_player(
    ctx: Ctx,
    org: Organising,
    db: web::Data<Store>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<PlayerChangeForm>,
) -> Result<HttpResponse, WebError> {
    let (_, pid) = path.into_inner();
    let t = org.t;
    let player = app::registration::player(&db, t.id, PlayerId(pid)).await?;
    let f = &form.value;
    let version = field::int("version", &f.version, 0, i64::MAX)?;
    let mut change = PlayerChange { withdrawn: player.withdrawn, knowledge_score: player.knowledge_score };
    match f.action.as_str() {
        "withdraw" => {
            if !confirm::confirmed(&form.pairs) {
                return confirm::ask(
                    &ctx,
                    Confirm {
                        title: format!("{}: {}", ctx.t("withdraw"), player.name),
                        details: vec![ctx.t("withdraw_explained").to_string()],
                        action: format!("/admin/t/{}/players/{}", t.id, player.id),
                        fields: form.pairs.clone(),
                        button: format!("{} {}", ctx.t("withdraw_yes"), player.name),
                        back: format!("/admin/t/{}#players", t.id),
                    },
                );
            }
            change.withdrawn = true;
        }
        "readmit" => change.withdrawn = false,
        "knowledge" => change.knowledge_score = field::opt_int("knowledge", &f.knowledge, 0, 1000)?,
        other => return Err(WebError::BadRequest(format!("action {other:?}"))),
    }
    app::registration::change(&db, t.id, &player, version, &change, org.user.id).await?;
    if change.withdrawn && !player.withdrawn {
        // A withdrawn player's group matches not yet played are forfeits (issue 19).
        app::stages::withdraw::forfeit_remaining(&db, t.id, org.user.id).await?;
    }
    Ok(see_other(&format!("/admin/t/{}#player-{}", t.id, player.id)))
}

/// Why a person is near, as the organiser reads it (the birth date itself never said).
pub(crate) fn nearness(lang: Lang, why: Nearness) -> &'static str {
    match why {
        Nearness::OtherBirthDate => lang.pick("inna data urodzenia", "another birth date"),
        Nearness::OneLetterApart => {
            lang.pick("imię i nazwisko różnią się jedną literą", "the name differs by one letter")
        }
        Nearness::SameNameAndBirthDate => {
            lang.pick("ta sama osoba zapisana dwa razy?", "the same person registered twice?")
        }
    }
}
