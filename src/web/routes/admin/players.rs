//! Players: registration (one form), the CSV import, and changes (withdraw, re-admit, the
//! knowledge-test score). A refused registration or import comes back on the overview with what
//! was typed; names registered twice and a first row that looks like a player (no header) are
//! asked about before anything is stored; a withdrawal is confirmed first.

use super::organised;
use super::tournament::{Forms, overview_page};
use crate::store::players::{NewPlayer, PlayerChange};
use crate::store::tournaments::Tournament;
use crate::store::{self, PlayerId, Store, StoreError, TournamentId};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::forms::field;
use crate::web::forms::player::{self, FirstRow, PlayerFields};
use crate::web::forms::problems::Problems;
use crate::web::routes::confirm::{self, Confirm};
use crate::web::routes::see_other;
use crate::web::security::auth::LoggedIn;
use crate::web::security::csrf::CsrfForm;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

/// The registration form as typed, its problems, and a name already on the list.
#[derive(Debug, Clone, Default)]
pub struct RegisterState {
    pub name: String,
    pub birth_date: String,
    pub club: String,
    pub knowledge: String,
    pub age_override: bool,
    pub problems: Problems,
    /// Names already registered (asks for a confirmation before registering again).
    pub duplicates: Vec<String>,
}

/// The import form as pasted, its problem, and what it asks about.
#[derive(Debug, Clone, Default)]
pub struct ImportState {
    pub csv: String,
    pub problems: Problems,
    /// The first row, when it looks like a player (no header).
    pub first_row: Option<String>,
    pub first_row_is_player: bool,
    /// Names registered twice (within the import or already on the list).
    pub duplicates: Vec<String>,
}

/// The round a player registered now can first be paired in.
async fn next_round_number(db: &Store, t: TournamentId) -> Result<i64, WebError> {
    Ok(store::rounds::list(db, t).await?.iter().map(|r| r.number).max().unwrap_or(0) + 1)
}

async fn store_players(
    db: &Store,
    t: &Tournament,
    players: &[NewPlayer],
    by: &LoggedIn,
) -> Result<HttpResponse, WebError> {
    let joined = next_round_number(db, t.id).await?;
    store::players::register_all(db, t.id, players, joined, by.0.id).await?;
    // Counted, not named: the server's log outlives a player's erasure (the history says who).
    let overridden = players.iter().filter(|p| p.age_override).count();
    if overridden > 0 {
        tracing::warn!(tournament = %t.id, players = overridden, by = %by.0.username, "age override");
    }
    Ok(see_other(&format!("/admin/t/{}?saved=players#players", t.id)))
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
    age_override: Option<String>,
    /// Register even though the name is on the list already (another person of the same name).
    accept_duplicate: Option<String>,
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
    let mut state = RegisterState {
        name: f.name.clone(),
        birth_date: f.birth_date.clone(),
        club: f.club.clone(),
        knowledge: f.knowledge.clone(),
        age_override: field::checkbox(f.age_override.as_ref()),
        ..RegisterState::default()
    };
    let fields = PlayerFields {
        name: &f.name,
        birth_date: &f.birth_date,
        club: &f.club,
        knowledge: &f.knowledge,
        age_override: state.age_override,
    };
    let parsed = player::parse_fields(ctx.lang, t.first_day, &fields, &mut state.problems)?;
    if let Some(player) = parsed {
        let existing = store::players::list(&db, t.id).await?;
        state.duplicates = player::duplicates(ctx.lang, &[(0, player.clone())], &existing);
        if state.duplicates.is_empty() || field::checkbox(f.accept_duplicate.as_ref()) {
            return store_players(&db, &t, &[player], &user).await;
        }
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
    user: LoggedIn,
    db: web::Data<Store>,
    path: web::Path<i64>,
    form: CsrfForm<ImportForm>,
) -> Result<HttpResponse, WebError> {
    let t = organised(&db, &user, path.into_inner()).await?;
    let f = &form.value;
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
    } else if let Some(rows) =
        state.problems.take(lang, "csv", player::parse_csv_rows(lang, t.first_day, &f.csv, first))?
    {
        let existing = store::players::list(&db, t.id).await?;
        state.duplicates = player::duplicates(lang, &rows, &existing);
        if state.duplicates.is_empty() || field::checkbox(f.accept_duplicates.as_ref()) {
            let players: Vec<NewPlayer> = rows.into_iter().map(|(_, p)| p).collect();
            return store_players(&db, &t, &players, &user).await;
        }
    }
    let forms = Forms { import: state, ..Forms::default() };
    overview_page(&ctx, &db, t, forms, StatusCode::UNPROCESSABLE_ENTITY).await
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
    user: LoggedIn,
    db: web::Data<Store>,
    path: web::Path<(i64, i64)>,
    form: CsrfForm<PlayerChangeForm>,
) -> Result<HttpResponse, WebError> {
    let (tid, pid) = path.into_inner();
    let t = organised(&db, &user, tid).await?;
    let player = store::players::get(&db, t.id, PlayerId(pid)).await?.ok_or(WebError::NotFound)?;
    let f = &form.value;
    let version = field::int(ctx.lang, "version", &f.version, 0, i64::MAX)?;
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
        "knowledge" => change.knowledge_score = field::opt_int(ctx.lang, "knowledge", &f.knowledge, 0, 1000)?,
        other => return Err(WebError::BadRequest(format!("action {other:?}"))),
    }
    match store::players::change(&db, t.id, player.id, version, &change, user.0.id).await {
        Ok(()) => {}
        Err(StoreError::Conflict)
            if change.withdrawn == player.withdrawn && change.knowledge_score == player.knowledge_score => {}
        Err(e) => return Err(ctx.store_error(e)),
    }
    Ok(see_other(&format!("/admin/t/{}#player-{}", t.id, player.id)))
}
