//! Referees and co-organisers: an existing account gets the role and keeps its password; a free
//! username gets a new account with the password given (the policy applies).

use crate::app;
use crate::store::tournaments::Role;
use crate::store::{self, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::role::Organising;
use crate::web::forms::field;
use crate::web::forms::kept::KeptForm;
use crate::web::forms::problems::Problems;
use crate::web::routes::admin::tournament::{Forms, overview_page};
use crate::web::routes::see_other;
use crate::web::security::auth;
use crate::web::security::csrf::CsrfForm;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

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

/// The appointment form's element id.
const FORM: &str = "appoint-referee";

/// Appoint a referee (or co-organiser): an existing account gets the role and keeps its password
/// (a password typed for it is not applied, and the page says so: only the owner changes it); a
/// free username gets a new account with the password given, which must pass the policy. A wrong
/// value comes back on the overview's form with the login and role kept (never the password).
pub async fn appoint(
    ctx: Ctx,
    org: Organising,
    db: web::Data<Store>,
    hasher: web::Data<crate::web::security::hashing::Hasher>,
    form: CsrfForm<AppointForm>,
) -> Result<HttpResponse, WebError> {
    let t = org.t;
    let refused = |problems: Problems| {
        let pairs: Vec<(String, String)> =
            form.pairs.iter().filter(|(k, _)| k != "password").cloned().collect();
        KeptForm::refused(FORM, &pairs, problems)
    };
    let mut problems = Problems::default();
    // A choice of the form's two, read before anything is stored (no account made for a role
    // that is not one).
    let role = match form.value.role.as_str() {
        "" | "referee" => Some(Role::Referee),
        "organiser" => Some(Role::Organiser),
        _ => {
            problems.field(ctx.lang, &field::FieldProblem::new("role", field::ProblemKind::NotAChoice));
            None
        }
    };
    let username = problems.take(ctx.lang, field::text("username", &form.value.username, 60));
    let (Some(role), Some(username)) = (role, username) else {
        let forms = Forms { kept: refused(problems), ..Forms::default() };
        return overview_page(&ctx, &db, t, forms, StatusCode::BAD_REQUEST).await;
    };
    let password = &form.value.password;
    let (id, outcome) = match store::users::by_username(&db, &username).await? {
        Some(existing) if password.is_empty() => (existing.id, "existing"),
        Some(existing) => (existing.id, "existing-password-kept"),
        None => {
            if !username_ok(&username) {
                problems.add("username", ctx.t("username_rules"));
            } else if let Err(w) = crate::web::security::password_policy::check(&username, password) {
                problems.add("password", w.message(ctx.lang));
            }
            if !problems.is_empty() {
                let forms = Forms { kept: refused(problems), ..Forms::default() };
                return overview_page(&ctx, &db, t, forms, StatusCode::BAD_REQUEST).await;
            }
            let id = auth::create_account_with(&hasher, &db, &username, password, false)
                .await?
                .ok_or_else(|| WebError::Conflict(format!("{}: {username}", ctx.t("username"))))?;
            (id, "created")
        }
    };
    app::tournament::grant(&db, t.id, id, role).await?;
    tracing::info!(tournament = %t.id, %username, role = role.as_str(), outcome, by = %org.user.username, "role granted");
    Ok(see_other(&format!("/admin/t/{}?appointed={outcome}#referees", t.id)))
}
