//! A guardian's side: the pupil's link opens the information clause (the consent text of the
//! current version) and the consent form; consent given online is recorded (who, when, the text's
//! version, how); withdrawn, it withdraws the entry and erases the pupil's data (the entry's, and
//! the person's by `store::erasure::erase_person_in` once the pupil became a player).

use super::{token_hash, well_formed};
use crate::app::AppResult;
use crate::store::entries::{Consent, Entry, State};
use crate::store::erasure::Reason;
use crate::store::{self, Store, StoreError, UserId};
use chrono::NaiveDate;

/// The entry a guardian's token opens (`None`: nothing), with the consent text to show.
///
/// # Errors
/// The database fails.
pub async fn open(db: &Store, token: &str) -> AppResult<Option<(Entry, String, i64)>> {
    if !well_formed(token) {
        return Ok(None);
    }
    let Some(e) = store::entries::entry_by_guardian(db, &token_hash(&token.to_ascii_lowercase())).await?
    else {
        return Ok(None);
    };
    let Some(rules) = store::entries::rules(db, e.tournament_id).await? else { return Ok(None) };
    let version = e.text_version.unwrap_or(rules.consent_version);
    let text = store::entries::consent_text(db, e.tournament_id, version).await?.unwrap_or_default();
    Ok(Some((e, text, version)))
}

/// The guardian consents online. The entry's new state (a place, or the waiting list).
///
/// # Errors
/// Given already, the entry ended, the school's link revoked; the database fails.
pub async fn give(
    db: &Store,
    entry: &Entry,
    guardian: &str,
    publish_name: bool,
    photos: bool,
    mail: super::Compose<'_>,
) -> AppResult<State> {
    let c = Consent { guardian: guardian.to_string(), paper_date: None, publish_name, photos };
    Ok(store::entries::consent(db, entry.id, &c, mail).await?)
}

/// The guardian withdraws consent: the entry is withdrawn (its place promoted at once), the
/// consent record marked withdrawn and kept under a pseudonym, the pupil's data erased. A pupil
/// seated as a player is erased as a person (reason `consent-withdrawn`, in the name of `by`, the
/// organiser who opened the entries), their entry withdrawn first by the league's rules.
///
/// A pupil found absent at the desk stays absent, their consent withdrawn and data erased too.
///
/// # Errors
/// The entry ended already (withdrawn or refused); the database fails.
pub async fn withdraw(
    db: &Store,
    entry: &Entry,
    today: NaiveDate,
    by: UserId,
    mail: super::Compose<'_>,
) -> AppResult<()> {
    if let Some(player) = entry.player_id {
        let person = store::persons::of_player(db, player).await?;
        let season = store::seasons::event_of(db, entry.tournament_id).await?.map(|e| e.season_id);
        crate::app::stages::withdraw::withdraw(db, entry.tournament_id, player, by).await?;
        if let Some(person) = person {
            let mut tx = db.write().await?;
            store::erasure::erase_person_in(&mut tx, person, Reason::ConsentWithdrawn, season, today, by)
                .await?;
            tx.commit().await?;
        }
    }
    let mut tx = db.write().await?;
    let promoted = match store::entries::end_in(&mut tx, entry.id, State::Withdrawn, "", mail).await {
        Ok(p) => p,
        // Seated as a player (withdrawn above), or found absent at the desk: the entry stays as it
        // ended, the consent is withdrawn and the data erased all the same.
        Err(StoreError::Refused(_)) if entry.player_id.is_some() || entry.state == State::Absent => {
            Vec::new()
        }
        Err(e) => return Err(e.into()),
    };
    store::entries::withdraw_consent_in(&mut tx, entry.id).await?;
    store::entries::erase_in(&mut tx, entry.id, &format!("Anonim Z{}", entry.id)).await?;
    tx.commit().await?;
    tracing::info!(entry = entry.id, promoted = promoted.len(), "consent withdrawn, the entry erased");
    Ok(())
}
