//! A teacher's side: the school signed up without an account (a private link shown once), pupils
//! added and withdrawn, a signed paper form declared. Every entry the page names is checked to be
//! the school's (`authority::entry_of_school`).

use super::{Compose, MailFacts, OutMail, guardian_token, token_hash, well_formed};
use crate::app::online::links::fresh_token;
use crate::app::{AppResult, Refusal, authority};
use crate::store::entries::{Consent, Entry, EntryRefusal, NewPupil, NewSchool, School, State};
use crate::store::{self, Store, TournamentId};
use chrono::NaiveDate;

/// Sign a school up: its id and the link's token (shown once: only its hash is kept).
///
/// # Errors
/// Entries not open, past the deadline, as many schools as the event takes; the database fails.
pub async fn sign_up(
    db: &Store,
    t: TournamentId,
    s: &NewSchool,
    today: NaiveDate,
    mail: Compose<'_>,
) -> AppResult<(i64, String)> {
    let token = fresh_token();
    let link = format!("/entries/school/{token}");
    // The teacher's mail carries the link, which only this side knows.
    let with_link = mail.map(|compose| {
        move |f: &MailFacts| {
            let mut f = f.clone();
            f.link.clone_from(&link);
            compose(&f)
        }
    });
    let mail: Compose<'_> = with_link.as_ref().map(|c| c as &(dyn Fn(&MailFacts) -> OutMail + Sync));
    let id = store::entries::sign_up(db, t, s, &token_hash(&token), today, mail).await?;
    tracing::info!(tournament = %t, school = id, "a school signed up");
    Ok((id, token))
}

/// The school a token opens (revoked or not); `None`: no such school.
///
/// # Errors
/// The database fails.
pub async fn open(db: &Store, token: &str) -> AppResult<Option<School>> {
    if !well_formed(token) {
        return Ok(None);
    }
    Ok(store::entries::school_by_hash(db, &token_hash(&token.to_ascii_lowercase())).await?)
}

/// The school's entries, in order of arrival.
///
/// # Errors
/// The database fails.
pub async fn entries(db: &Store, school: &School) -> AppResult<Vec<Entry>> {
    Ok(store::entries::of_school(db, school.id).await?)
}

/// Add a pupil (waiting for the guardian's consent). The entry's id.
///
/// # Errors
/// The link revoked, entries closed, the birth year outside the event's, the same pupil entered
/// already; the database fails.
pub async fn add(db: &Store, token: &str, school: &School, p: &NewPupil, today: NaiveDate) -> AppResult<i64> {
    let token = token.to_ascii_lowercase();
    let hash = |id: i64| token_hash(&guardian_token(&token, id));
    Ok(store::entries::add_pupil(db, school.id, p, hash, today).await?)
}

/// Withdraw a pupil of the school: a place they held goes to the waiting list's first who fits,
/// in the same transaction. The entries promoted.
///
/// # Errors
/// Not the school's entry ([`crate::app::Refusal::NotYours`]); ended already; the database fails.
pub async fn withdraw(db: &Store, school: &School, entry: i64, mail: Compose<'_>) -> AppResult<Vec<i64>> {
    let e = authority::entry_of_school(db, school, entry).await?;
    if e.player_id.is_some() {
        // A player now: the organiser withdraws them by the league's rules.
        return Err(Refusal::Entry(EntryRefusal::Seated).into());
    }
    Ok(store::entries::end(db, entry, State::Withdrawn, "", mail).await?)
}

/// The teacher declares the guardian's signed paper form (its date): a consent record "paper".
///
/// # Errors
/// Not the school's entry; the organiser takes only online consent; given already; the
/// database fails.
pub async fn declare_paper(
    db: &Store,
    school: &School,
    entry: i64,
    guardian: &str,
    signed: NaiveDate,
    mail: Compose<'_>,
) -> AppResult<State> {
    authority::entry_of_school(db, school, entry).await?;
    let c = Consent {
        guardian: guardian.to_string(),
        paper_date: Some(signed),
        publish_name: false,
        photos: false,
    };
    Ok(store::entries::consent(db, entry, &c, mail).await?)
}
