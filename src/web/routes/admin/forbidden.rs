//! Forbidden pairs: two players the pairing keeps apart (same school, siblings), always or until a
//! round (the league's `ForbiddenUntil`); forbidding a pair again changes its limit (logged).

use super::organised;
use crate::store::tournaments::Tournament;
use crate::store::{self, PlayerId, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::forms::field;
use crate::web::routes::see_other;
use crate::web::security::auth::LoggedIn;
use crate::web::security::csrf::CsrfForm;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

#[derive(Deserialize)]
pub struct PairForm {
    a: String,
    b: String,
    /// The last round the pair is forbidden in; empty: always.
    #[serde(default)]
    until: String,
}

/// Two distinct players of this tournament.
async fn parse_pair(
    ctx: &Ctx,
    db: &Store,
    t: &Tournament,
    f: &PairForm,
) -> Result<(PlayerId, PlayerId), WebError> {
    let a = PlayerId(field::int(ctx.lang, "player", &f.a, 1, i64::MAX)?);
    let b = PlayerId(field::int(ctx.lang, "player", &f.b, 1, i64::MAX)?);
    if a == b {
        return Err(WebError::BadRequest(format!(
            "{}: {}",
            ctx.t("forbidden_pairs"),
            ctx.t("pair_same_player")
        )));
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
    let until = field::opt_int(ctx.lang, "forbidden_until", &form.value.until, 1, 100)?;
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
