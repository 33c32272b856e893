//! Forbidden pairs: two players the pairing keeps apart (same school, siblings), always or until a
//! round (the league's `ForbiddenUntil`); forbidding a pair again changes its limit (logged).

use crate::app;
use crate::store::{PlayerId, Store};
use crate::web::error::WebError;
use crate::web::extract::role::Organising;
use crate::web::forms::field;
use crate::web::routes::see_other;
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

/// The two players the form names.
fn players(f: &PairForm) -> Result<(PlayerId, PlayerId), WebError> {
    Ok((
        PlayerId(field::int("player", &f.a, 1, i64::MAX)?),
        PlayerId(field::int("player", &f.b, 1, i64::MAX)?),
    ))
}

pub async fn forbid(
    org: Organising,
    db: web::Data<Store>,
    form: CsrfForm<PairForm>,
) -> Result<HttpResponse, WebError> {
    let (a, b) = players(&form.value)?;
    let t = org.t.id;
    app::registration::pair_of(&db, t, a, b).await?;
    let until = field::opt_int("forbidden_until", &form.value.until, 1, 100)?;
    app::registration::forbid(&db, t, a, b, until, org.by()).await?;
    Ok(see_other(&format!("/admin/t/{t}#forbidden")))
}

pub async fn allow(
    org: Organising,
    db: web::Data<Store>,
    form: CsrfForm<PairForm>,
) -> Result<HttpResponse, WebError> {
    let (a, b) = players(&form.value)?;
    let t = org.t.id;
    app::registration::allow(&db, t, a, b, org.by()).await?;
    Ok(see_other(&format!("/admin/t/{t}#forbidden")))
}
