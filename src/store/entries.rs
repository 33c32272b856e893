//! Entries from schools (issue 39): an event's entry rules, the schools its teachers signed up
//! (a private link each, only its token's SHA-256 kept), their pupils' entries in order of arrival,
//! and the guardians' consent records. Every write that depends on a state (the deadline, a cap, a
//! place freed, a consent given twice) checks it in its own transaction, and a place freed promotes
//! the waiting list's first pupil who fits in that same transaction ([`fill_in`]).

use super::history::Change;
use super::outbox::{OutMail, queue_in};
use super::players::{NewPlayer, PersonLink};
use super::{Conn, PlayerId, Refusal, Store, StoreError, TournamentId, UserId, now};
use crate::league::persons::fold;
use chrono::{Datelike, NaiveDate};

/// Why an entry's step was refused; `web/text` says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryRefusal {
    /// The organiser has not opened entries for this event.
    NotOpen,
    /// The last day of entries has passed.
    DeadlinePassed,
    /// As many schools signed up as the event takes.
    SchoolsFull,
    /// The school's link was revoked by the organiser.
    LinkRevoked,
    /// The pupil's birth year is outside the event's.
    NotEligible { from: i32, to: i32 },
    /// The same name and birth date is entered in this event already.
    Duplicate,
    /// The entry is withdrawn, refused or absent: nothing more changes on it.
    Closed,
    /// The guardian consented already.
    ConsentGiven,
    /// The organiser does not take the teacher's paper declaration: the guardian consents online.
    PaperNotAllowed,
    /// Only an entry with a place (consent given, not on the waiting list) is checked in.
    NotConfirmed,
    /// Round 1's players are seated already: the desk's list is closed.
    Seated,
    /// The caps as typed cannot hold (a cap below 1, a school's cap above the event's, the birth
    /// years reversed).
    BadRules,
}

/// An entry's state (stored as text).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum State {
    /// Waiting for the guardian's consent: holds no place, never paired, never public.
    Consent,
    /// Consent given, a place held.
    Confirmed,
    /// Consent given, on the waiting list (in order of arrival).
    Waiting,
    Withdrawn,
    /// Refused by the organiser (with a reason).
    Refused,
    /// Not checked in when round 1's players were seated.
    Absent,
}

impl State {
    pub const ALL: [State; 6] =
        [State::Consent, State::Confirmed, State::Waiting, State::Withdrawn, State::Refused, State::Absent];

    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            State::Consent => "consent",
            State::Confirmed => "confirmed",
            State::Waiting => "waiting",
            State::Withdrawn => "withdrawn",
            State::Refused => "refused",
            State::Absent => "absent",
        }
    }

    /// Waiting for the guardian's consent.
    #[must_use]
    pub fn awaits_consent(self) -> bool {
        self == State::Consent
    }

    /// Consent given (a place held, or waiting for one).
    #[must_use]
    pub fn consented(self) -> bool {
        matches!(self, State::Confirmed | State::Waiting)
    }

    /// On the waiting list.
    #[must_use]
    pub fn is_waiting(self) -> bool {
        self == State::Waiting
    }

    /// Whether the entry still counts (takes part, or may).
    #[must_use]
    pub fn live(self) -> bool {
        matches!(self, State::Consent | State::Confirmed | State::Waiting)
    }
}

impl super::StoredText for State {
    const ALL: &'static [State] = &State::ALL;
    fn as_str(self) -> &'static str {
        State::as_str(self)
    }
}

stored_as_text!(State);

/// An event's entry rules as the organiser opens them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    /// The last day entries are taken.
    pub deadline: NaiveDate,
    pub cap: i64,
    pub per_school: Option<i64>,
    pub born_from: i32,
    pub born_to: i32,
    /// The information clause and consent shown to guardians (the data controller, purposes).
    pub consent_text: String,
    /// Whether the teacher's declaration of a signed paper form counts as consent.
    pub paper_allowed: bool,
    /// At most this many schools sign up (abuse).
    pub max_schools: i64,
    /// The event's referees may use the check-in desk (not only its organisers).
    pub desk_referees: bool,
}

/// The rules as stored, with the consent text's version and whether round 1's players are seated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opened {
    pub rules: Rules,
    pub consent_version: i64,
    pub seated: bool,
}

type RulesRow = (NaiveDate, i64, Option<i64>, i64, i64, String, i64, bool, i64, Option<String>, bool);

/// A school as its teacher signs it up.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NewSchool {
    pub name: String,
    pub town: String,
    pub region: String,
    pub teacher: String,
    pub email: String,
    pub phone: String,
}

/// A school as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct School {
    pub id: i64,
    pub tournament_id: TournamentId,
    pub name: String,
    pub town: String,
    pub region: String,
    pub teacher: String,
    pub email: String,
    pub phone: String,
    pub revoked_at: Option<String>,
}

/// A pupil as the teacher adds them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPupil {
    pub name: String,
    pub birth_date: NaiveDate,
    pub class: String,
}

/// An entry as the pages show it (with its school's name and its consent, if any).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Entry {
    pub id: i64,
    pub tournament_id: TournamentId,
    pub school_id: i64,
    pub school: String,
    pub name: String,
    pub birth_date: NaiveDate,
    pub class: String,
    pub state: State,
    pub reason: String,
    pub created_at: String,
    pub checked_in_at: Option<String>,
    pub player_id: Option<PlayerId>,
    /// How consent was given ("online", "paper"), by whom, when, on which text version.
    pub how: Option<String>,
    pub guardian: Option<String>,
    pub consent_at: Option<String>,
    pub text_version: Option<i64>,
    pub paper_date: Option<NaiveDate>,
    pub publish_name: Option<bool>,
}

/// An entry as the desk lists it: only what its line shows (the desk answers a search per pupil
/// on the day, 16 phones at once on a regional qualifier: no consent record, no school row).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct DeskEntry {
    pub id: i64,
    pub name: String,
    pub school: String,
    pub class: String,
    pub state: State,
    pub checked_in_at: Option<String>,
}

/// The event's entries the desk may list: confirmed, and absent (a latecomer, while round 1 is
/// open), in order of arrival.
///
/// # Errors
/// The query fails.
pub async fn at_desk(db: &Store, t: TournamentId) -> Result<Vec<DeskEntry>, StoreError> {
    Ok(on!(db, |c| sqlx::query_as::<_, DeskEntry>(
        "SELECT e.id, e.name, s.name AS school, e.class, e.state, e.checked_in_at \
         FROM entries e JOIN entry_schools s ON s.id = e.school_id \
         WHERE e.tournament_id = $1 AND e.state IN ('confirmed', 'absent') ORDER BY e.id"
    )
    .bind(t)
    .fetch_all(c)
    .await)?)
}

/// A guardian's consent (online), or a teacher's declaration of a signed paper form (`paper_date`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Consent {
    pub guardian: String,
    pub paper_date: Option<NaiveDate>,
    pub publish_name: bool,
    pub photos: bool,
}

/// Why a mail goes out (issue 39, item 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MailKind {
    /// A school signed up: the teacher's private link.
    SignedUp,
    /// A guardian's consent (online or the teacher's paper declaration) recorded: the teacher told,
    /// with the entry's state (a place or the waiting list).
    Consented,
    /// A pupil moved up from the waiting list: the teacher told.
    Promoted,
}

/// What a mail says, read in the transaction of the change that causes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailFacts {
    pub kind: MailKind,
    pub event: String,
    pub school: String,
    pub teacher: String,
    /// The school's address (the teacher's).
    pub email: String,
    /// The pupil (empty for [`MailKind::SignedUp`]).
    pub pupil: String,
    pub state: Option<State>,
    /// The teacher's private link's path ([`MailKind::SignedUp`]; the store knows only its hash,
    /// the caller's composer puts it in).
    pub link: String,
}

/// How the caller writes its mails (its language, its links); `None`: mail is off, nothing is
/// queued (links are shown on screen only).
pub type Compose<'a> = Option<&'a (dyn Fn(&MailFacts) -> OutMail + Sync)>;

/// Queue the mail of `kind` about `school` (and `entry`) in the caller's transaction, if mail is on.
async fn mail_in(
    tx: &mut Conn,
    mail: Compose<'_>,
    kind: MailKind,
    school: i64,
    entry: Option<(i64, State)>,
) -> Result<(), StoreError> {
    let Some(compose) = mail else { return Ok(()) };
    let (event, name, teacher, email): (String, String, String, String) = on!(&mut *tx, |c| {
        sqlx::query_as(
        "SELECT t.name, s.name, s.teacher, s.email FROM entry_schools s JOIN tournaments t ON t.id = s.tournament_id \
         WHERE s.id = $1"
    )
    .bind(school)
    .fetch_one(c)
    .await
    })?;
    let mut pupil = String::new();
    if let Some((id, _)) = entry {
        let (n,): (String,) = on!(&mut *tx, |c| sqlx::query_as("SELECT name FROM entries WHERE id = $1")
            .bind(id)
            .fetch_one(c)
            .await)?;
        pupil = n;
    }
    let facts = MailFacts {
        kind,
        event,
        school: name,
        teacher,
        email,
        pupil,
        state: entry.map(|e| e.1),
        link: String::new(),
    };
    queue_in(tx, &compose(&facts)).await
}

/// The promotions' mails, each to its pupil's school.
async fn promoted_mail_in(tx: &mut Conn, mail: Compose<'_>, promoted: &[i64]) -> Result<(), StoreError> {
    if mail.is_none() {
        return Ok(());
    }
    for id in promoted {
        let (school,): (i64,) =
            on!(&mut *tx, |c| sqlx::query_as("SELECT school_id FROM entries WHERE id = $1")
                .bind(*id)
                .fetch_one(c)
                .await)?;
        mail_in(tx, mail, MailKind::Promoted, school, Some((*id, State::Confirmed))).await?;
    }
    Ok(())
}

fn refused(r: EntryRefusal) -> StoreError {
    StoreError::Refused(Refusal::Entry(r))
}

const ENTRY: &str = "SELECT e.id, e.tournament_id, e.school_id, s.name AS school, e.name, e.birth_date, e.class, \
     e.state, e.reason, e.created_at, e.checked_in_at, e.player_id, c.how, c.guardian, c.at AS consent_at, \
     c.text_version, c.paper_date, c.publish_name \
     FROM entries e JOIN entry_schools s ON s.id = e.school_id \
     LEFT JOIN consents c ON c.entry_id = e.id AND c.withdrawn_at IS NULL";

/// Open (or change) the event's entries. A changed consent text is a new version, kept.
///
/// # Errors
/// [`EntryRefusal::BadRules`]; a statement fails.
pub async fn open(
    db: &Store,
    t: TournamentId,
    r: &Rules,
    by: UserId,
    mail: Compose<'_>,
) -> Result<i64, StoreError> {
    if r.cap < 1
        || r.per_school.is_some_and(|p| p < 1 || p > r.cap)
        || r.born_from > r.born_to
        || r.max_schools < 1
        || r.consent_text.trim().is_empty()
    {
        return Err(refused(EntryRefusal::BadRules));
    }
    // The tournament's change counter moves: its public page shows "Zgłoś szkołę" from now on.
    let mut tx = db.write_tournament(t).await?;
    let before = rules_in(&mut tx, t).await?;
    let version = match &before {
        Some(o) if o.rules.consent_text == r.consent_text => o.consent_version,
        Some(o) => o.consent_version + 1,
        None => 1,
    };
    if before.as_ref().is_none_or(|o| o.consent_version != version) {
        on!(&mut tx, |c| sqlx::query(
            "INSERT INTO consent_texts (tournament_id, version, body, at) VALUES ($1, $2, $3, $4)"
        )
        .bind(t)
        .bind(version)
        .bind(&r.consent_text)
        .bind(now())
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    }
    if before.is_some() {
        on!(&mut tx, |c| {
            sqlx::query(
            "UPDATE entry_rules SET deadline = $2, cap = $3, per_school = $4, born_from = $5, born_to = $6, \
             consent_text = $7, consent_version = $8, paper_allowed = $9, max_schools = $10, desk_referees = $11 \
             WHERE tournament_id = $1"
        )
        .bind(t)
        .bind(r.deadline)
        .bind(r.cap)
        .bind(r.per_school)
        .bind(i64::from(r.born_from))
        .bind(i64::from(r.born_to))
        .bind(&r.consent_text)
        .bind(version)
        .bind(r.paper_allowed)
        .bind(r.max_schools)
        .bind(r.desk_referees)
        .execute(c)
        .await
        .map(|r| r.rows_affected())
        })?;
    } else {
        on!(&mut tx, |c| {
            sqlx::query(
            "INSERT INTO entry_rules (tournament_id, deadline, cap, per_school, born_from, born_to, consent_text, \
             consent_version, paper_allowed, max_schools, opened_by, opened_at, desk_referees) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)"
        )
        .bind(t)
        .bind(r.deadline)
        .bind(r.cap)
        .bind(r.per_school)
        .bind(i64::from(r.born_from))
        .bind(i64::from(r.born_to))
        .bind(&r.consent_text)
        .bind(version)
        .bind(r.paper_allowed)
        .bind(r.max_schools)
        .bind(by)
        .bind(now())
        .bind(r.desk_referees)
        .execute(c)
        .await
        .map(|r| r.rows_affected())
        })?;
    }
    // A cap raised makes room: the waiting list moves up at once.
    let promoted = fill_in(&mut tx, t).await?;
    promoted_mail_in(&mut tx, mail, &promoted).await?;
    tx.commit().await?;
    Ok(version)
}

/// The event's entry rules, if opened.
///
/// # Errors
/// The query fails.
pub async fn rules(db: &Store, t: TournamentId) -> Result<Option<Opened>, StoreError> {
    let mut c = db.conn().await?;
    rules_in(&mut c, t).await
}

async fn rules_in(tx: &mut Conn, t: TournamentId) -> Result<Option<Opened>, StoreError> {
    let row: Option<RulesRow> = on!(&mut *tx, |c| {
        sqlx::query_as(
        "SELECT deadline, cap, per_school, born_from, born_to, consent_text, consent_version, paper_allowed, \
         max_schools, seated_at, desk_referees FROM entry_rules WHERE tournament_id = $1"
    )
    .bind(t)
    .fetch_optional(c)
    .await
    })?;
    Ok(row.map(
        |(
            deadline,
            cap,
            per_school,
            from,
            to,
            consent_text,
            version,
            paper_allowed,
            max_schools,
            seated,
            desk,
        )| {
            Opened {
                rules: Rules {
                    deadline,
                    cap,
                    per_school,
                    born_from: i32::try_from(from).unwrap_or(i32::MAX),
                    born_to: i32::try_from(to).unwrap_or(i32::MAX),
                    consent_text,
                    paper_allowed,
                    max_schools,
                    desk_referees: desk,
                },
                consent_version: version,
                seated: seated.is_some(),
            }
        },
    ))
}

/// Who opened the event's entries (a withdrawn consent's erasure is done in their name).
///
/// # Errors
/// The query fails.
pub async fn opened_by(db: &Store, t: TournamentId) -> Result<Option<UserId>, StoreError> {
    let row: Option<(UserId,)> =
        on!(db, |c| sqlx::query_as("SELECT opened_by FROM entry_rules WHERE tournament_id = $1")
            .bind(t)
            .fetch_optional(c)
            .await)?;
    Ok(row.map(|(u,)| u))
}

/// The consent text of `version` (what a consent record was given on).
///
/// # Errors
/// The query fails.
pub async fn consent_text(db: &Store, t: TournamentId, version: i64) -> Result<Option<String>, StoreError> {
    let row: Option<(String,)> = on!(db, |c| sqlx::query_as(
        "SELECT body FROM consent_texts WHERE tournament_id = $1 AND version = $2"
    )
    .bind(t)
    .bind(version)
    .fetch_optional(c)
    .await)?;
    Ok(row.map(|(b,)| b))
}

/// Entries open on `today`: the rules, checked in the caller's transaction.
async fn open_on_in(tx: &mut Conn, t: TournamentId, today: NaiveDate) -> Result<Opened, StoreError> {
    let o = rules_in(tx, t).await?.ok_or_else(|| refused(EntryRefusal::NotOpen))?;
    if today > o.rules.deadline {
        return Err(refused(EntryRefusal::DeadlinePassed));
    }
    Ok(o)
}

/// Sign a school up (its link's token hash given); at most the rules' number of schools.
///
/// # Errors
/// [`EntryRefusal::NotOpen`], [`EntryRefusal::DeadlinePassed`], [`EntryRefusal::SchoolsFull`]; a
/// statement fails.
pub async fn sign_up(
    db: &Store,
    t: TournamentId,
    s: &NewSchool,
    token_sha256: &str,
    today: NaiveDate,
    mail: Compose<'_>,
) -> Result<i64, StoreError> {
    let mut tx = db.write().await?;
    let o = open_on_in(&mut tx, t, today).await?;
    let (n,): (i64,) =
        on!(&mut tx, |c| sqlx::query_as("SELECT COUNT(*) FROM entry_schools WHERE tournament_id = $1")
            .bind(t)
            .fetch_one(c)
            .await)?;
    if n >= o.rules.max_schools {
        return Err(refused(EntryRefusal::SchoolsFull));
    }
    let (id,): (i64,) = on!(&mut tx, |c| {
        sqlx::query_as(
        "INSERT INTO entry_schools (tournament_id, name, town, region, teacher, email, phone, token_sha256, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id"
    )
    .bind(t)
    .bind(&s.name)
    .bind(&s.town)
    .bind(&s.region)
    .bind(&s.teacher)
    .bind(&s.email)
    .bind(&s.phone)
    .bind(token_sha256)
    .bind(now())
    .fetch_one(c)
    .await
    })?;
    mail_in(&mut tx, mail, MailKind::SignedUp, id, None).await?;
    tx.commit().await?;
    Ok(id)
}

const SCHOOL: &str =
    "SELECT id, tournament_id, name, town, region, teacher, email, phone, revoked_at FROM entry_schools";

/// The school whose link's token hashes to `token_sha256` (revoked or not).
///
/// # Errors
/// The query fails.
pub async fn school_by_hash(db: &Store, token_sha256: &str) -> Result<Option<School>, StoreError> {
    let sql = format!("{SCHOOL} WHERE token_sha256 = $1");
    Ok(on!(db, |c| sqlx::query_as::<_, School>(sqlx::AssertSqlSafe(sql.clone()))
        .bind(token_sha256)
        .fetch_optional(c)
        .await)?)
}

/// The event's schools, in order of sign-up.
///
/// # Errors
/// The query fails.
pub async fn schools(db: &Store, t: TournamentId) -> Result<Vec<School>, StoreError> {
    let sql = format!("{SCHOOL} WHERE tournament_id = $1 ORDER BY id");
    Ok(on!(db, |c| sqlx::query_as::<_, School>(sqlx::AssertSqlSafe(sql.clone())).bind(t).fetch_all(c).await)?)
}

/// Revoke a school's link (the organiser): it opens nothing any more.
///
/// # Errors
/// [`StoreError::NotFound`] for a school of another event; a statement fails.
pub async fn revoke_school(db: &Store, t: TournamentId, school: i64) -> Result<(), StoreError> {
    let n = on!(db, |c| {
        sqlx::query(
        "UPDATE entry_schools SET revoked_at = COALESCE(revoked_at, $1) WHERE id = $2 AND tournament_id = $3"
    )
    .bind(now())
    .bind(school)
    .bind(t)
    .execute(c)
    .await
    .map(|r| r.rows_affected())
    })?;
    if n == 0 {
        return Err(StoreError::NotFound);
    }
    Ok(())
}

async fn school_in(tx: &mut Conn, school: i64) -> Result<School, StoreError> {
    let sql = format!("{SCHOOL} WHERE id = $1");
    let s = on!(&mut *tx, |c| sqlx::query_as::<_, School>(sqlx::AssertSqlSafe(sql.clone()))
        .bind(school)
        .fetch_optional(c)
        .await)?
    .ok_or(StoreError::NotFound)?;
    if s.revoked_at.is_some() {
        return Err(refused(EntryRefusal::LinkRevoked));
    }
    Ok(s)
}

/// Add a pupil to a school's entries (waiting for consent). `guardian_hash` makes the guardian's
/// token hash from the new entry's id (the token is derived from the school's, so the teacher's
/// page can show it again while the database keeps no working link).
///
/// # Errors
/// [`EntryRefusal::LinkRevoked`], [`EntryRefusal::NotOpen`], [`EntryRefusal::DeadlinePassed`],
/// [`EntryRefusal::NotEligible`], [`EntryRefusal::Duplicate`]; a statement fails.
pub async fn add_pupil(
    db: &Store,
    school: i64,
    p: &NewPupil,
    guardian_hash: impl Fn(i64) -> String,
    today: NaiveDate,
) -> Result<i64, StoreError> {
    let mut tx = db.write().await?;
    let s = school_in(&mut tx, school).await?;
    let o = open_on_in(&mut tx, s.tournament_id, today).await?;
    if o.seated {
        return Err(refused(EntryRefusal::Seated));
    }
    let year = p.birth_date.year();
    if year < o.rules.born_from || year > o.rules.born_to {
        return Err(refused(EntryRefusal::NotEligible { from: o.rules.born_from, to: o.rules.born_to }));
    }
    let born: Vec<(String,)> = on!(&mut tx, |c| sqlx::query_as(
        "SELECT name FROM entries WHERE tournament_id = $1 AND birth_date = $2 \
         AND state IN ('consent', 'confirmed', 'waiting')"
    )
    .bind(s.tournament_id)
    .bind(p.birth_date)
    .fetch_all(c)
    .await)?;
    if born.iter().any(|(n,)| fold(n) == fold(&p.name)) {
        return Err(refused(EntryRefusal::Duplicate));
    }
    let (id,): (i64,) = on!(&mut tx, |c| {
        sqlx::query_as(
        "INSERT INTO entries (tournament_id, school_id, name, birth_date, class, guardian_sha256, state, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, 'consent', $7) RETURNING id"
    )
    .bind(s.tournament_id)
    .bind(school)
    .bind(&p.name)
    .bind(p.birth_date)
    .bind(&p.class)
    .bind(format!("pending-{}-{}", school, now()))
    .bind(now())
    .fetch_one(c)
    .await
    })?;
    on!(&mut tx, |c| sqlx::query("UPDATE entries SET guardian_sha256 = $1 WHERE id = $2")
        .bind(guardian_hash(id))
        .bind(id)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    tx.commit().await?;
    Ok(id)
}

/// One entry.
///
/// # Errors
/// The query fails.
pub async fn entry(db: &Store, id: i64) -> Result<Option<Entry>, StoreError> {
    let sql = format!("{ENTRY} WHERE e.id = $1");
    Ok(on!(db, |c| sqlx::query_as::<_, Entry>(sqlx::AssertSqlSafe(sql.clone()))
        .bind(id)
        .fetch_optional(c)
        .await)?)
}

/// The entry whose guardian's token hashes to `sha256`.
///
/// # Errors
/// The query fails.
pub async fn entry_by_guardian(db: &Store, sha256: &str) -> Result<Option<Entry>, StoreError> {
    let sql = format!("{ENTRY} WHERE e.guardian_sha256 = $1");
    Ok(on!(db, |c| sqlx::query_as::<_, Entry>(sqlx::AssertSqlSafe(sql.clone()))
        .bind(sha256)
        .fetch_optional(c)
        .await)?)
}

/// A school's entries, in order of arrival.
///
/// # Errors
/// The query fails.
pub async fn of_school(db: &Store, school: i64) -> Result<Vec<Entry>, StoreError> {
    let sql = format!("{ENTRY} WHERE e.school_id = $1 ORDER BY e.id");
    Ok(on!(db, |c| sqlx::query_as::<_, Entry>(sqlx::AssertSqlSafe(sql.clone()))
        .bind(school)
        .fetch_all(c)
        .await)?)
}

/// The event's entries, by school then arrival.
///
/// # Errors
/// The query fails.
pub async fn of_event(db: &Store, t: TournamentId) -> Result<Vec<Entry>, StoreError> {
    let sql = format!("{ENTRY} WHERE e.tournament_id = $1 ORDER BY e.school_id, e.id");
    Ok(on!(db, |c| sqlx::query_as::<_, Entry>(sqlx::AssertSqlSafe(sql.clone())).bind(t).fetch_all(c).await)?)
}

async fn entry_in(tx: &mut Conn, id: i64) -> Result<Entry, StoreError> {
    // A no-op update takes the row's lock on PostgreSQL (SQLite's writer holds the database).
    on!(&mut *tx, |c| sqlx::query("UPDATE entries SET state = state WHERE id = $1")
        .bind(id)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    let sql = format!("{ENTRY} WHERE e.id = $1");
    on!(&mut *tx, |c| sqlx::query_as::<_, Entry>(sqlx::AssertSqlSafe(sql.clone()))
        .bind(id)
        .fetch_optional(c)
        .await)?
    .ok_or(StoreError::NotFound)
}

async fn set_state_in(tx: &mut Conn, id: i64, state: State, reason: &str) -> Result<(), StoreError> {
    on!(&mut *tx, |c| sqlx::query("UPDATE entries SET state = $1, reason = $2 WHERE id = $3")
        .bind(state)
        .bind(reason)
        .bind(id)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    Ok(())
}

/// The waiting list's pupils who fit moved up, first come first: each takes a place while the
/// event's cap and their school's leave one. The entries promoted, in order.
///
/// # Errors
/// A statement fails.
pub async fn fill_in(tx: &mut Conn, t: TournamentId) -> Result<Vec<i64>, StoreError> {
    let Some(o) = rules_in(tx, t).await? else { return Ok(Vec::new()) };
    let rows: Vec<(i64, i64, State)> = on!(&mut *tx, |c| {
        sqlx::query_as(
        "SELECT id, school_id, state FROM entries WHERE tournament_id = $1 AND state IN ('confirmed', 'waiting') \
         ORDER BY id"
    )
    .bind(t)
    .fetch_all(c)
    .await
    })?;
    let mut held = rows.iter().filter(|r| r.2 == State::Confirmed).count() as i64;
    let mut by_school = std::collections::BTreeMap::<i64, i64>::new();
    for r in rows.iter().filter(|r| r.2 == State::Confirmed) {
        *by_school.entry(r.1).or_default() += 1;
    }
    let mut promoted = Vec::new();
    for (id, school, _) in rows.iter().filter(|r| r.2 == State::Waiting) {
        let ours = by_school.get(school).copied().unwrap_or(0);
        if held < o.rules.cap && o.rules.per_school.is_none_or(|p| ours < p) {
            set_state_in(tx, *id, State::Confirmed, "").await?;
            held += 1;
            by_school.insert(*school, ours + 1);
            promoted.push(*id);
        }
    }
    Ok(promoted)
}

/// Record a consent (online from the guardian, or the teacher's paper declaration) on the
/// current text version; the entry takes a place if the caps leave one, else waits. The entry's
/// new state.
///
/// # Errors
/// [`EntryRefusal::ConsentGiven`], [`EntryRefusal::Closed`], [`EntryRefusal::PaperNotAllowed`],
/// [`EntryRefusal::LinkRevoked`]; a statement fails.
pub async fn consent(db: &Store, entry: i64, c: &Consent, mail: Compose<'_>) -> Result<State, StoreError> {
    let mut tx = db.write().await?;
    let e = entry_in(&mut tx, entry).await?;
    school_in(&mut tx, e.school_id).await?;
    match e.state {
        State::Consent => {}
        State::Confirmed | State::Waiting => return Err(refused(EntryRefusal::ConsentGiven)),
        _ => return Err(refused(EntryRefusal::Closed)),
    }
    let o = rules_in(&mut tx, e.tournament_id).await?.ok_or_else(|| refused(EntryRefusal::NotOpen))?;
    if c.paper_date.is_some() && !o.rules.paper_allowed {
        return Err(refused(EntryRefusal::PaperNotAllowed));
    }
    let how = if c.paper_date.is_some() { "paper" } else { "online" };
    on!(&mut tx, |q| sqlx::query(
        "INSERT INTO consents (entry_id, guardian, at, text_version, how, paper_date, publish_name, photos) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
    )
    .bind(entry)
    .bind(&c.guardian)
    .bind(now())
    .bind(o.consent_version)
    .bind(how)
    .bind(c.paper_date)
    .bind(c.publish_name)
    .bind(c.photos)
    .execute(q)
    .await
    .map(|r| r.rows_affected()))?;
    set_state_in(&mut tx, entry, State::Waiting, "").await?;
    let promoted = fill_in(&mut tx, e.tournament_id).await?;
    let state = if promoted.contains(&entry) { State::Confirmed } else { State::Waiting };
    mail_in(&mut tx, mail, MailKind::Consented, e.school_id, Some((entry, state))).await?;
    let others: Vec<i64> = promoted.into_iter().filter(|p| *p != entry).collect();
    promoted_mail_in(&mut tx, mail, &others).await?;
    tx.commit().await?;
    Ok(state)
}

/// End an entry (the teacher's withdrawal, the guardian's withdrawn consent, the organiser's
/// refusal with a reason): a place it held goes at once to the waiting list's first who fits. The
/// entries promoted.
///
/// # Errors
/// [`EntryRefusal::Closed`] for an entry ended already; [`EntryRefusal::Seated`] once round 1's
/// players are seated (the player is withdrawn then); a statement fails.
pub async fn end(
    db: &Store,
    entry: i64,
    state: State,
    reason: &str,
    mail: Compose<'_>,
) -> Result<Vec<i64>, StoreError> {
    let mut tx = db.write().await?;
    let promoted = end_in(&mut tx, entry, state, reason, mail).await?;
    tx.commit().await?;
    Ok(promoted)
}

/// [`end`] in the caller's transaction.
///
/// # Errors
/// As [`end`].
pub async fn end_in(
    tx: &mut Conn,
    entry: i64,
    state: State,
    reason: &str,
    mail: Compose<'_>,
) -> Result<Vec<i64>, StoreError> {
    let e = entry_in(tx, entry).await?;
    if !e.state.live() {
        return Err(refused(EntryRefusal::Closed));
    }
    set_state_in(tx, entry, state, reason).await?;
    if e.player_id.is_some() {
        return Ok(Vec::new());
    }
    let promoted = fill_in(tx, e.tournament_id).await?;
    promoted_mail_in(tx, mail, &promoted).await?;
    Ok(promoted)
}

/// The entry's consent record marked withdrawn now (kept: the proof it existed and was withdrawn).
///
/// # Errors
/// A statement fails.
pub async fn withdraw_consent_in(tx: &mut Conn, entry: i64) -> Result<(), StoreError> {
    on!(&mut *tx, |c| sqlx::query(
        "UPDATE consents SET withdrawn_at = $1 WHERE entry_id = $2 AND withdrawn_at IS NULL"
    )
    .bind(now())
    .bind(entry)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// A withdrawn consent's entry erased: the pupil's name becomes `pseudonym`, the birth date the
/// placeholder, the class empty, the consent record's guardian `pseudonym` too (kept as the proof
/// that consent existed and was withdrawn), and so does the name in the entry's "absent" history
/// line (`Change::EntryAbsent`, written when round 1's players were seated without them).
///
/// # Errors
/// A statement fails.
pub async fn erase_in(tx: &mut Conn, entry: i64, pseudonym: &str) -> Result<(), StoreError> {
    let t = entry_in(tx, entry).await?.tournament_id;
    let lines: Vec<(i64, String)> = on!(&mut *tx, |c| sqlx::query_as(
        "SELECT id, new_value FROM history WHERE tournament_id = $1 AND entity = $2 AND action = $3"
    )
    .bind(t)
    .bind(super::history::Entity::Tournament)
    .bind(super::history::ENTRY_ABSENT)
    .fetch_all(c)
    .await)?;
    for (id, value) in lines {
        let Some(renamed) = super::history::absent_entry_renamed(&value, entry, pseudonym)? else {
            continue;
        };
        on!(&mut *tx, |c| sqlx::query("UPDATE history SET new_value = $1 WHERE id = $2")
            .bind(&renamed)
            .bind(id)
            .execute(c)
            .await
            .map(|r| r.rows_affected()))?;
    }
    on!(&mut *tx, |c| sqlx::query(
        "UPDATE entries SET name = $1, birth_date = $2, class = '', reason = '', erased_at = $3 WHERE id = $4"
    )
    .bind(pseudonym)
    .bind(super::values::players::erased_birth_date())
    .bind(now())
    .bind(entry)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    on!(&mut *tx, |c| sqlx::query("UPDATE consents SET guardian = $1 WHERE entry_id = $2")
        .bind(pseudonym)
        .bind(entry)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    Ok(())
}

/// The school entry a player was seated from (if any) erased with the player: the pupil's name
/// becomes the player's `pseudonym`, the birth date the placeholder, the class empty, the
/// guardian's name in the consent record the pseudonym too (`store::erasure` calls it with every
/// erasure of a player: by request, consent withdrawn or the season's retention).
///
/// # Errors
/// A statement fails.
pub async fn erase_of_player_in(tx: &mut Conn, player: PlayerId, pseudonym: &str) -> Result<(), StoreError> {
    let ids: Vec<(i64,)> = on!(&mut *tx, |c| sqlx::query_as(
        "SELECT id FROM entries WHERE player_id = $1 AND erased_at IS NULL"
    )
    .bind(player)
    .fetch_all(c)
    .await)?;
    for (id,) in ids {
        erase_in(tx, id, pseudonym).await?;
    }
    Ok(())
}

/// What an event's retention erased of its entries: pupils never seated as players (waiting for
/// consent, on the waiting list, withdrawn, refused, absent) and the schools' teachers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EntriesErased {
    pub pupils: usize,
    pub schools: usize,
}

/// The season's retention for an event's entries, in the caller's transaction: every entry not
/// erased yet becomes its pseudonym (`Anonim Z<id>`, as a withdrawn consent's), its consent
/// record's guardian too (the record stays: the proof of consent); every school's teacher, e-mail
/// and phone are emptied and its private link revoked (the school's name and town stay: an
/// institution, not a person), and the mails delivered (or given up) to those teachers leave the outbox (one still due,
/// for a later event, stays). Erasing
/// twice erases nothing more.
///
/// # Errors
/// A statement fails.
pub async fn erase_event_in(tx: &mut Conn, t: TournamentId) -> Result<EntriesErased, StoreError> {
    let ids: Vec<(i64,)> = on!(&mut *tx, |c| sqlx::query_as(
        "SELECT id FROM entries WHERE tournament_id = $1 AND erased_at IS NULL ORDER BY id"
    )
    .bind(t)
    .fetch_all(c)
    .await)?;
    for (id,) in &ids {
        erase_in(tx, *id, &format!("Anonim Z{id}")).await?;
    }
    let schools: Vec<(i64, String)> = on!(&mut *tx, |c| sqlx::query_as(
        "SELECT id, email FROM entry_schools WHERE tournament_id = $1 \
         AND (teacher <> '' OR email <> '' OR phone <> '') ORDER BY id"
    )
    .bind(t)
    .fetch_all(c)
    .await)?;
    let at = now();
    for (id, email) in &schools {
        if !email.is_empty() {
            on!(&mut *tx, |c| {
                sqlx::query(
                "DELETE FROM mail_outbox WHERE recipient = $1 AND (sent_at IS NOT NULL OR failed_at IS NOT NULL)"
            )
                .bind(email)
                .execute(c)
                .await
                .map(|r| r.rows_affected())
            })?;
        }
        on!(&mut *tx, |c| sqlx::query(
            "UPDATE entry_schools SET teacher = '', email = '', phone = '', \
             revoked_at = COALESCE(revoked_at, $1) WHERE id = $2"
        )
        .bind(&at)
        .bind(*id)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    }
    Ok(EntriesErased { pupils: ids.len(), schools: schools.len() })
}

/// The organiser moves a waiting entry up past the caps (their decision, with a reason kept).
///
/// # Errors
/// [`EntryRefusal::NotConfirmed`] unless the entry waits; a statement fails.
pub async fn accept(
    db: &Store,
    t: TournamentId,
    entry: i64,
    reason: &str,
    mail: Compose<'_>,
) -> Result<(), StoreError> {
    let mut tx = db.write().await?;
    let e = entry_in(&mut tx, entry).await?;
    if e.tournament_id != t {
        return Err(StoreError::NotFound);
    }
    if e.state != State::Waiting {
        return Err(refused(EntryRefusal::NotConfirmed));
    }
    set_state_in(&mut tx, entry, State::Confirmed, reason).await?;
    promoted_mail_in(&mut tx, mail, &[entry]).await?;
    tx.commit().await?;
    Ok(())
}

/// The desk ticks a confirmed pupil present (again: no change), or takes the tick back.
///
/// # Errors
/// [`EntryRefusal::NotConfirmed`]; [`EntryRefusal::Seated`] once round 1's players are seated
/// (a late arrival is then registered by the organiser); [`StoreError::NotFound`]; a statement fails.
pub async fn check_in(db: &Store, t: TournamentId, entry: i64, present: bool) -> Result<(), StoreError> {
    let mut tx = db.write().await?;
    let e = entry_in(&mut tx, entry).await?;
    if e.tournament_id != t {
        return Err(StoreError::NotFound);
    }
    if rules_in(&mut tx, t).await?.is_some_and(|o| o.seated) {
        return Err(refused(EntryRefusal::Seated));
    }
    if e.state != State::Confirmed {
        return Err(refused(EntryRefusal::NotConfirmed));
    }
    on!(&mut tx, |c| {
        sqlx::query(
        "UPDATE entries SET checked_in_at = CASE WHEN $1 THEN COALESCE(checked_in_at, $2) ELSE NULL END WHERE id = $3"
    )
    .bind(present)
    .bind(now())
    .bind(entry)
    .execute(c)
    .await
    .map(|r| r.rows_affected())
    })?;
    tx.commit().await?;
    Ok(())
}

/// The checked-in confirmed entries become the event's players (registered in this transaction,
/// joining with round `joined`, each linked to a person by the registry's matching,
/// `persons::link_in`), the confirmed ones not checked in become absent; the desk's list closes.
/// The caller's transaction moved the tournament's change counter. The players made, in order of
/// arrival.
///
/// # Errors
/// [`EntryRefusal::NotOpen`], [`EntryRefusal::Seated`]; a statement fails.
pub async fn seat_in(
    tx: &mut Conn,
    t: TournamentId,
    joined: i64,
    by: UserId,
    rule: super::persons::LinkRule,
) -> Result<Vec<PlayerId>, StoreError> {
    let o = rules_in(tx, t).await?.ok_or_else(|| refused(EntryRefusal::NotOpen))?;
    if o.seated {
        return Err(refused(EntryRefusal::Seated));
    }
    let sql = format!("{ENTRY} WHERE e.tournament_id = $1 AND e.state = 'confirmed' ORDER BY e.id");
    let confirmed: Vec<Entry> =
        on!(&mut *tx, |c| sqlx::query_as::<_, Entry>(sqlx::AssertSqlSafe(sql.clone()))
            .bind(t)
            .fetch_all(c)
            .await)?;
    let mut taken = taken_names_in(tx, t).await?;
    let mut players = Vec::new();
    for e in confirmed {
        if e.checked_in_at.is_none() {
            set_state_in(tx, e.id, State::Absent, "").await?;
            let absent = Change::EntryAbsent {
                tournament: t,
                entry: e.id,
                name: e.name.clone(),
                school: e.school.clone(),
            };
            tx.record(t, by, &absent).await?;
            continue;
        }
        players.push(player_of_in(tx, t, &e, joined, by, &mut taken, rule).await?);
    }
    on!(&mut *tx, |c| sqlx::query("UPDATE entry_rules SET seated_at = $1 WHERE tournament_id = $2")
        .bind(now())
        .bind(t)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    Ok(players)
}

/// The players' names in `t` (folded), so a neutral label is not given twice.
async fn taken_names_in(
    tx: &mut Conn,
    t: TournamentId,
) -> Result<std::collections::HashSet<String>, StoreError> {
    Ok(super::players::list_in(tx, t).await?.into_iter().map(|p| fold(&p.name)).collect())
}

/// The name a pupil is shown by on public pages: their own with the guardian's consent to
/// publishing it, else a neutral label, the initials ("A. Ż.", the school shown beside it as the
/// player's club), numbered if the event has it already ("A. Ż. (2)").
#[must_use]
pub fn public_name(name: &str, publish: bool, taken: &std::collections::HashSet<String>) -> String {
    if publish {
        return name.to_string();
    }
    let initials: Vec<String> = name
        .split_whitespace()
        .filter_map(|w| w.chars().next())
        .map(|c| format!("{}.", c.to_uppercase()))
        .collect();
    let label = initials.join(" ");
    if !taken.contains(&fold(&label)) {
        return label;
    }
    (2..).map(|n| format!("{label} ({n})")).find(|l| !taken.contains(&fold(l))).unwrap_or(label)
}

/// The entry `e` (checked in) made a player of `t`, joining with round `joined`, under its public
/// name, linked to a person by the registry's matching (an exact match as `rule` says).
async fn player_of_in(
    tx: &mut Conn,
    t: TournamentId,
    e: &Entry,
    joined: i64,
    by: UserId,
    taken: &mut std::collections::HashSet<String>,
    rule: super::persons::LinkRule,
) -> Result<PlayerId, StoreError> {
    let name = public_name(&e.name, e.publish_name == Some(true), taken);
    taken.insert(fold(&name));
    let p = NewPlayer {
        name,
        birth_date: e.birth_date,
        club: e.school.clone(),
        region: String::new(),
        knowledge_score: None,
        age_override: false,
        person: PersonLink::Match,
    };
    let player = super::players::register_in(tx, t, &p, joined, by, rule).await?;
    on!(&mut *tx, |c| sqlx::query("UPDATE entries SET player_id = $1 WHERE id = $2")
        .bind(player)
        .bind(e.id)
        .execute(c)
        .await
        .map(|r| r.rows_affected()))?;
    Ok(player)
}

/// A latecomer at the desk after round 1's players were seated, before round 1 is published: the
/// absent entry checked in and made a player joining round 1 (the caller pairs the draft again).
/// The caller's transaction moved the tournament's change counter.
///
/// # Errors
/// [`EntryRefusal::Seated`] once round 1 is published; [`EntryRefusal::NotConfirmed`] unless the
/// entry was found absent; [`StoreError::NotFound`]; a statement fails.
pub async fn late_in(
    tx: &mut Conn,
    t: TournamentId,
    entry: i64,
    by: UserId,
    rule: super::persons::LinkRule,
) -> Result<PlayerId, StoreError> {
    let e = entry_in(tx, entry).await?;
    if e.tournament_id != t {
        return Err(StoreError::NotFound);
    }
    let (published,): (i64,) = on!(&mut *tx, |c| sqlx::query_as(
        "SELECT COUNT(*) FROM rounds WHERE tournament_id = $1 AND number = 1 AND status <> 'draft'"
    )
    .bind(t)
    .fetch_one(c)
    .await)?;
    if published > 0 {
        return Err(refused(EntryRefusal::Seated));
    }
    if e.state != State::Absent || e.player_id.is_some() {
        return Err(refused(EntryRefusal::NotConfirmed));
    }
    on!(&mut *tx, |c| sqlx::query(
        "UPDATE entries SET state = 'confirmed', checked_in_at = $1 WHERE id = $2"
    )
    .bind(now())
    .bind(entry)
    .execute(c)
    .await
    .map(|r| r.rows_affected()))?;
    let mut taken = taken_names_in(tx, t).await?;
    let mut e = e;
    e.state = State::Confirmed;
    player_of_in(tx, t, &e, 1, by, &mut taken, rule).await
}
