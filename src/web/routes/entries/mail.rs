//! The entries' mails as the request's page language writes them (issue 39, item 7): the
//! composer handed to the use cases, which queue what it writes in the transaction of their change
//! (`store::outbox`). Off (no `BITWA_SMTP_URL`): no composer, nothing queued, the links on screen only.

use crate::app::entries::{Compose, MailFacts, MailKind, OutMail};
use crate::lang::Lang;
use crate::store::entries::State;
use crate::web::extract::ctx::Ctx;
use actix_web::{HttpRequest, web};

/// Whether the service sends mail (`BITWA_SMTP_URL` set), for the handlers.
#[derive(Debug, Clone, Copy, Default)]
pub struct MailOn(pub bool);

type Hook = Box<dyn Fn(&MailFacts) -> OutMail + Send + Sync>;

/// A request's composer: its language and the address its links start with.
pub struct Mailer(Option<Hook>);

impl Mailer {
    /// The composer for `req` (none when mail is off).
    #[must_use]
    pub fn of(req: &HttpRequest, ctx: &Ctx) -> Mailer {
        if !req.app_data::<web::Data<MailOn>>().is_some_and(|m| m.0) {
            return Mailer(None);
        }
        let base = super::base_url(req);
        let lang = ctx.lang;
        Mailer(Some(Box::new(move |f: &MailFacts| compose(lang, &base, f))))
    }

    /// What the use cases take.
    #[must_use]
    pub fn hook(&self) -> Compose<'_> {
        self.0.as_deref().map(|h| h as &(dyn Fn(&MailFacts) -> OutMail + Sync))
    }
}

/// The mail about `f` in `lang`, its links starting with `base`.
#[must_use]
pub fn compose(lang: Lang, base: &str, f: &MailFacts) -> OutMail {
    let state = f.state.map_or("", |s| lang.t(&format!("en_state_{}", s.as_str())));
    let fill = |key: &str| {
        lang.t(key)
            .replace("{event}", &f.event)
            .replace("{school}", &f.school)
            .replace("{pupil}", &f.pupil)
            .replace("{state}", state)
            .replace("{link}", &format!("{base}{}", f.link))
    };
    let (kind, subject, mut body) = match f.kind {
        MailKind::SignedUp => ("school-link", fill("en_mail_link_subject"), fill("en_mail_link_body")),
        MailKind::Consented => ("consent", fill("en_mail_consent_subject"), fill("en_mail_consent_body")),
        MailKind::Promoted => ("promoted", fill("en_mail_promoted_subject"), fill("en_mail_promoted_body")),
    };
    if f.kind == MailKind::Consented && f.state == Some(State::Waiting) {
        body.push_str("\n\n");
        body.push_str(lang.t("en_mail_consent_waiting"));
    }
    body.push_str("\n\n-- \n");
    body.push_str(lang.t("en_mail_footer"));
    body.push('\n');
    OutMail { kind, to: f.email.clone(), subject, body }
}
