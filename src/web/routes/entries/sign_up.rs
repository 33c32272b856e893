//! `/t/{t}/entries`: the event's entries as the public sees them (the last day, the caps, the
//! birth years) and "Zgłoś szkołę": school name, town, region, the teacher's name, e-mail and phone.
//! A school signed up gets its private link on the answer page, once (only its hash is kept).
//! Sign-ups are throttled per client address (`signup:ADDR`, as logins: the fifth within a day
//! locks it a second, doubling) and capped per event (the rules' number of schools).

use super::{client_key, shown, text, today};
use crate::app::entries::{open, school};
use crate::store::Store;
use crate::store::entries::{NewSchool, Opened};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::routes::{render_status, tournament};
use crate::web::security::csrf::CsrfForm;
use crate::web::security::throttle::Attempt;
use crate::web::text::refusals::sentence;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

#[derive(Deserialize, Default, Clone)]
pub struct SchoolForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    town: String,
    #[serde(default)]
    region: String,
    #[serde(default)]
    teacher: String,
    #[serde(default)]
    email: String,
    #[serde(default)]
    phone: String,
}

#[derive(Template)]
#[template(path = "entries/sign_up.html")]
struct SignUpPage<'a> {
    ctx: &'a Ctx,
    t: i64,
    name: String,
    opened: Option<Opened>,
    deadline: String,
    form: SchoolForm,
    problems: crate::web::routes::entries::Problems,
    /// The school's link, shown once after its sign-up (and in pieces a phone may break between).
    link: Option<String>,
    pieces: Vec<String>,
}

async fn page(
    ctx: &Ctx,
    db: &Store,
    t: i64,
    form: SchoolForm,
    problems: Vec<(&'static str, String)>,
    link: Option<String>,
) -> Result<HttpResponse, WebError> {
    let tournament = tournament(db, t).await?;
    let opened = open::rules(db, tournament.id).await?;
    let status = if problems.is_empty() { StatusCode::OK } else { StatusCode::BAD_REQUEST };
    let p = SignUpPage {
        ctx,
        t,
        name: tournament.name,
        deadline: opened.as_ref().map(|o| shown(o.rules.deadline)).unwrap_or_default(),
        opened,
        form,
        problems: crate::web::routes::entries::Problems(problems),
        pieces: link.as_deref().map(super::school::pieces).unwrap_or_default(),
        link,
    };
    render_status(status, &p)
}

/// The event's entries and the sign-up form.
pub async fn sign_up_page(
    ctx: Ctx,
    db: web::Data<Store>,
    path: web::Path<i64>,
) -> Result<HttpResponse, WebError> {
    page(&ctx, &db, path.into_inner(), SchoolForm::default(), Vec::new(), None).await
}

/// The form's fields checked: each problem with its field.
fn check(ctx: &Ctx, f: &SchoolForm) -> Result<NewSchool, Vec<(&'static str, String)>> {
    let mut problems = Vec::new();
    let mut need = |field: &'static str, value: &str, max: usize| {
        let v = text(value, max);
        if v.is_none() {
            problems.push((field, ctx.t("en_field_required").to_string()));
        }
        v.unwrap_or_default()
    };
    let s = NewSchool {
        name: need("name", &f.name, 120),
        town: need("town", &f.town, 80),
        region: need("region", &f.region, 80),
        teacher: need("teacher", &f.teacher, 120),
        email: need("email", &f.email, 120),
        phone: need("phone", &f.phone, 40),
    };
    if !s.email.is_empty() && !plausible_email(&s.email) {
        problems.push(("email", ctx.t("en_email_invalid").to_string()));
    }
    if !s.phone.is_empty() && s.phone.chars().filter(char::is_ascii_digit).count() < 9 {
        problems.push(("phone", ctx.t("en_phone_invalid").to_string()));
    }
    if problems.is_empty() { Ok(s) } else { Err(problems) }
}

/// An address of the form `local@domain.tld` without blanks (the mail server says the rest).
fn plausible_email(s: &str) -> bool {
    let Some((local, domain)) = s.split_once('@') else { return false };
    !local.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !s.chars().any(|c| c.is_whitespace() || c == '<' || c == '>')
}

/// Sign a school up: the private link on the answer page, or the form again with what to fix.
pub async fn sign_up(
    ctx: Ctx,
    req: HttpRequest,
    db: web::Data<Store>,
    path: web::Path<i64>,
    form: CsrfForm<SchoolForm>,
) -> Result<HttpResponse, WebError> {
    let t = path.into_inner();
    let f = form.value;
    let school = match check(&ctx, &f) {
        Ok(s) => s,
        Err(problems) => return page(&ctx, &db, t, f, problems, None).await,
    };
    let key = client_key(&req, "signup");
    let attempt = Attempt { keys: vec![key.clone()], own_key: key };
    attempt.check(&db, ctx.t("en_throttled")).await?;
    let tournament = tournament(&db, t).await?;
    let mail = super::mail::Mailer::of(&req, &ctx);
    match school::sign_up(&db, tournament.id, &school, today(), mail.hook()).await {
        Ok((_, token)) => {
            attempt.failed(&db).await?;
            page(&ctx, &db, t, SchoolForm::default(), Vec::new(), Some(format!("/entries/school/{token}")))
                .await
        }
        Err(crate::app::AppError::Refused(r)) if crate::web::routes::entries::on_form(&r) => {
            let problems = vec![("form", sentence(ctx.lang, &r))];
            page(&ctx, &db, t, f, problems, None).await
        }
        Err(e) => Err(e.into()),
    }
}
