//! Editions on the admin pages: the list, an upload (the five CSV files or one zip of them, checked by
//! the same loader as `bitwa check-edition`: every problem shown, nothing stored on error), one
//! edition's provenance and contents, its files, and deleting one that nothing uses.

use crate::app::editions::cache::EditionCache;
use crate::edition_dir::{MAX_ZIP, Upload, files_from_upload};
use crate::engine::edition::EditionError;
use crate::engine::{CardEffect, CardSpec, Colour, Edition, Provenance, UnitSpec};
use crate::outcome::Side;
use crate::store::editions::{Deletion, EditionRow, NewEdition};
use crate::store::{self, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::routes::{render, render_status, see_other};
use crate::web::security::auth::LoggedIn;
use crate::web::security::csrf::{self, CsrfForm};
use crate::web::text::i18n::Lang;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, http::header, web};
use askama::Template;

/// Most parts an upload form may send (the token and up to five files or one zip, with room to spare).
const MAX_PARTS: usize = 12;
/// Most bytes read from all parts together: the service's one body limit (2 MiB, two zips' worth).
const MAX_UPLOAD: usize = crate::web::forms::field::BODY_LIMIT;

/// Editions are shared by every tournament: only organiser accounts that may create tournaments
/// manage them.
fn require_admin(user: &LoggedIn) -> Result<(), WebError> {
    if user.0.is_admin { Ok(()) } else { Err(WebError::Forbidden) }
}

/// One problem of a refused upload, in the page's language, with the rulebook passage when it is a
/// broken fact.
pub struct ProblemView {
    pub text: String,
    pub quote: Option<&'static str>,
}

fn problem_view(lang: Lang, e: &EditionError) -> ProblemView {
    ProblemView { text: e.render(lang == Lang::Pl), quote: e.fact.map(|f| f.quote()) }
}

#[derive(Template)]
#[template(path = "admin/editions.html")]
struct ListPage<'a> {
    ctx: &'a Ctx,
    editions: Vec<EditionRow>,
    problems: Vec<ProblemView>,
}

/// Every stored edition, a built-in one named in `lang` (its files' `name_pl` on a Polish page, the
/// pinned one's from `web::text`; the store keeps the name an upload gave, English for these).
pub(crate) async fn named(
    db: &Store,
    lang: crate::lang::Lang,
) -> Result<Vec<store::editions::EditionRow>, WebError> {
    let mut editions = store::editions::list(db).await?;
    for e in &mut editions {
        if let Some(loaded) = crate::engine::Edition::builtin_by_id(&e.code) {
            e.name = if e.code == crate::engine::edition::PINNED_EDITION {
                // The pinned edition's files stay as they were (no `name_pl`): its name is said here.
                lang.t("edition_pinned_name").to_string()
            } else {
                loaded.name_in(lang).to_string()
            };
        }
    }
    Ok(editions)
}

async fn list_page(
    ctx: &Ctx,
    db: &Store,
    status: StatusCode,
    problems: Vec<ProblemView>,
) -> Result<HttpResponse, WebError> {
    let page = ListPage { ctx, editions: named(db, ctx.lang).await?, problems };
    render_status(status, &page)
}

/// `GET /admin/editions`: every edition with its provenance, and the upload form.
pub async fn list(ctx: Ctx, user: LoggedIn, db: web::Data<Store>) -> Result<HttpResponse, WebError> {
    require_admin(&user)?;
    list_page(&ctx, &db, StatusCode::OK, Vec::new()).await
}

/// `POST /admin/editions` (`multipart/form-data`): the CSRF token must come first, before any file is
/// read; each part is capped. The files are checked by the edition loader; on any problem the list is
/// shown again with every problem (422) and nothing is stored.
pub async fn upload(
    ctx: Ctx,
    req: actix_web::HttpRequest,
    user: LoggedIn,
    db: web::Data<Store>,
    cache: web::Data<EditionCache>,
    mut payload: actix_multipart::Multipart,
) -> Result<HttpResponse, WebError> {
    use futures_util::StreamExt;
    require_admin(&user)?;
    let lang = ctx.lang;
    let too_large = || WebError::TooLarge { limit: MAX_UPLOAD };
    let (mut checked, mut parts, mut total, mut count) = (false, Vec::new(), 0usize, 0usize);
    while let Some(field) = payload.next().await {
        let mut field = field.map_err(|e| WebError::BadRequest(e.to_string()))?;
        count += 1;
        if count > MAX_PARTS {
            return Err(too_large());
        }
        let name = field.name().unwrap_or_default().to_string();
        if name == "csrf" {
            let sent = field.bytes(256).await.map_err(|_| WebError::Csrf(lang.t("csrf").into()))?;
            let sent = sent.map_err(|e| WebError::BadRequest(e.to_string()))?;
            csrf::check(&req, std::str::from_utf8(&sent).ok(), lang)?;
            checked = true;
            continue;
        }
        // Nothing but the token is read before the token is checked.
        if !checked {
            return Err(WebError::Csrf(lang.t("csrf").into()));
        }
        let filename = field.content_disposition().and_then(|d| d.get_filename()).unwrap_or("").to_string();
        let bytes = field
            .bytes(MAX_ZIP)
            .await
            .map_err(|_| too_large())?
            .map_err(|e| WebError::BadRequest(e.to_string()))?;
        total += bytes.len();
        if total > MAX_UPLOAD {
            return Err(too_large());
        }
        // An empty file input still sends a part, without a file name.
        if name == "files" && !filename.is_empty() {
            parts.push((filename, bytes.to_vec()));
        }
    }
    if !checked {
        return Err(WebError::Csrf(lang.t("csrf").into()));
    }
    let refused =
        |problems: Vec<ProblemView>| list_page(&ctx, &db, StatusCode::UNPROCESSABLE_ENTITY, problems);
    let Upload { files, source } = match files_from_upload(parts) {
        Ok(found) => found,
        Err(problems) => return refused(problems.iter().map(|e| problem_view(lang, e)).collect()).await,
    };
    let edition = match Edition::check_files(&files) {
        Ok(e) => e,
        Err(all) => return refused(all.0.iter().map(|e| problem_view(lang, e)).collect()).await,
    };
    let code = edition.id().to_string();
    let new = NewEdition { code: code.clone(), name: edition.name().to_string(), source, files };
    if !crate::app::editions::upload::upload(&db, &cache, &new, edition, user.0.id).await? {
        let text = format!("edition.csv: id {code}: {}", lang.t("edition_exists"));
        return refused(vec![ProblemView { text, quote: None }]).await;
    }
    tracing::info!(edition = %code, by = %user.0.username, source = %new.source, "edition uploaded");
    Ok(see_other(&format!("/admin/editions/{code}")))
}

/// A card as listed on the edition page.
pub struct CardLine {
    pub token: String,
    pub name: String,
    /// i18n keys.
    pub colour: &'static str,
    pub strength: u8,
    /// The effect's printed (Polish) card name.
    pub effect: &'static str,
    pub provenance: &'static str,
}

fn card_line(c: &CardSpec) -> CardLine {
    CardLine {
        token: c.id.token(),
        name: c.name.clone(),
        colour: colour_key(c.colour),
        strength: c.strength,
        effect: c.effect.map_or("", CardEffect::polish_name),
        provenance: provenance_key(c.provenance),
    }
}

/// The i18n key of a colour.
fn colour_key(c: Colour) -> &'static str {
    match c {
        Colour::Blue => "colour_blue",
        Colour::Green => "colour_green",
        Colour::Red => "colour_red",
        Colour::Yellow => "colour_yellow",
        Colour::White => "colour_white",
        Colour::None => "colour_none",
    }
}

/// A unit as listed: code, name, side, colour, where it starts (side, colour, provenance: i18n keys).
pub struct UnitLine {
    pub code: String,
    pub name: String,
    pub side: &'static str,
    pub colour: &'static str,
    pub start: String,
    pub provenance: &'static str,
}

fn unit_line(e: &Edition, u: &UnitSpec) -> UnitLine {
    UnitLine {
        code: u.code.clone(),
        name: u.name.clone(),
        side: u.side.as_str(),
        colour: colour_key(u.colour),
        start: e.start_of(u.id).map(|h| format!("{} {}", e.hex(h).label, e.hex(h).name)).unwrap_or_default(),
        provenance: provenance_key(u.provenance),
    }
}

/// The i18n key of where an item comes from.
fn provenance_key(p: Provenance) -> &'static str {
    match p {
        Provenance::Rulebook => "provenance_rulebook",
        Provenance::Reconstructed => "provenance_reconstructed",
        Provenance::Printed => "provenance_printed",
    }
}

#[derive(Template)]
#[template(path = "admin/edition.html")]
struct EditionPage<'a> {
    ctx: &'a Ctx,
    row: EditionRow,
    /// The loader's name (for a built-in edition, the one compiled in).
    name: String,
    spaces: usize,
    /// Warsaw, Radzymin, Modlin: label and name.
    places: Vec<(String, String)>,
    units: Vec<UnitLine>,
    /// Each deck: the side's name and its cards.
    decks: Vec<(&'static str, Vec<CardLine>)>,
    /// File name and size in bytes.
    files: Vec<(String, usize)>,
}

async fn files_of(db: &Store, row: &EditionRow) -> Result<Vec<(String, String)>, WebError> {
    if row.builtin {
        return Edition::builtin_files(&row.code).ok_or(WebError::NotFound);
    }
    Ok(store::editions::files(db, &row.code).await?)
}

/// `GET /admin/editions/{code}`: provenance, use, the files, and what the loader read.
pub async fn show(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    cache: web::Data<EditionCache>,
    path: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    require_admin(&user)?;
    let row = store::editions::get(&db, &path.into_inner()).await?.ok_or(WebError::NotFound)?;
    let e = cache.get(&db, &row.code).await?;
    let files = files_of(&db, &row).await?.into_iter().map(|(n, c)| (n, c.len())).collect();
    let place = |h| (e.hex(h).label.clone(), e.hex(h).name.clone());
    let page = EditionPage {
        ctx: &ctx,
        name: e.name().to_string(),
        spaces: e.hex_count(),
        places: vec![place(e.warsaw()), place(e.radzymin()), place(e.modlin())],
        units: e.units().map(|u| unit_line(&e, u)).collect(),
        decks: Side::BOTH.into_iter().map(|s| (s.as_str(), e.cards(s).map(card_line).collect())).collect(),
        files,
        row,
    };
    render(&page)
}

/// `GET /admin/editions/{code}/files/{name}`: one file as stored (a built-in edition's as shipped).
pub async fn file(
    user: LoggedIn,
    db: web::Data<Store>,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, WebError> {
    require_admin(&user)?;
    let (code, name) = path.into_inner();
    let row = store::editions::get(&db, &code).await?.ok_or(WebError::NotFound)?;
    let (name, contents) =
        files_of(&db, &row).await?.into_iter().find(|(n, _)| *n == name).ok_or(WebError::NotFound)?;
    // Stored names are the loader's five file names, so the header needs no escaping.
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((header::CONTENT_DISPOSITION, format!("attachment; filename=\"{code}-{name}\"")))
        .body(contents))
}

/// `POST /admin/editions/{code}/delete`: only an uploaded edition that no tournament plays and no
/// stored log names.
pub async fn delete(
    ctx: Ctx,
    user: LoggedIn,
    db: web::Data<Store>,
    cache: web::Data<EditionCache>,
    path: web::Path<String>,
    form: CsrfForm<crate::web::routes::admin::rounds::Empty>,
) -> Result<HttpResponse, WebError> {
    require_admin(&user)?;
    let code = path.into_inner();
    if !crate::web::routes::confirm::confirmed(&form.pairs) {
        // Ask only about an edition that can go; say at once why another cannot.
        let row = store::editions::get(&db, &code).await?.ok_or(WebError::NotFound)?;
        if row.builtin {
            return Err(WebError::BadRequest(ctx.t("edition_builtin_kept").into()));
        }
        if row.in_use() {
            return Err(WebError::Conflict(format!("{} ({code})", ctx.t("edition_in_use"))));
        }
        return crate::web::routes::confirm::ask(
            &ctx,
            crate::web::routes::confirm::Confirm {
                title: format!("{}: {code}", ctx.t("delete_edition")),
                details: vec![ctx.t("delete_edition_explained").to_string()],
                action: format!("/admin/editions/{code}/delete"),
                fields: form.pairs.clone(),
                button: ctx.t("delete_edition_yes").to_string(),
                back: format!("/admin/editions/{code}"),
            },
        );
    }
    match crate::app::editions::delete::delete(&db, &cache, &code).await? {
        Deletion::Deleted => {
            tracing::info!(edition = %code, by = %user.0.username, "edition deleted");
            Ok(see_other("/admin/editions"))
        }
        Deletion::NotFound => Err(WebError::NotFound),
        Deletion::Builtin => Err(WebError::BadRequest(ctx.t("edition_builtin_kept").into())),
        Deletion::InUse { tournaments, games } => Err(WebError::Conflict(format!(
            "{} ({code}): {}{}",
            ctx.t("edition_in_use"),
            tournaments.join(", "),
            if games > 0 { format!(" ({}: {games})", ctx.t("stored_logs")) } else { String::new() }
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_colour_and_provenance_is_translated() {
        let colours = [Colour::Blue, Colour::Green, Colour::Red, Colour::Yellow, Colour::White, Colour::None];
        let provenances = [Provenance::Rulebook, Provenance::Reconstructed, Provenance::Printed];
        let keys = colours.map(colour_key).into_iter().chain(provenances.map(provenance_key));
        for key in keys {
            assert!(!Lang::Pl.t(key).is_empty() && !Lang::En.t(key).is_empty(), "{key}");
            assert_ne!(Lang::Pl.t(key), Lang::En.t(key), "{key}");
        }
    }
}
