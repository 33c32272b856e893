//! What `app::authority` decides on, read inside the deciding write's transaction: who the actor
//! is (an administrator, the tournaments they organise, the seasons they coordinate) and where a
//! person is (every tournament they have an entry in or an open or accepted invitation into, each
//! with its season). Reading them in the write's transaction means a role granted or an entry
//! moved meanwhile cannot slip between the check and the write.

use super::super::seasons::flow::InvitationState;
use super::super::{Conn, PersonId, SeasonId, StoreError, TournamentId, UserId};
use crate::store::tournaments::Role;

/// The actor's roles as stored.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Roles {
    /// The account may create tournaments and seasons: the registry's owner.
    pub admin: bool,
    /// The tournaments the account organises.
    pub organises: Vec<TournamentId>,
    /// The seasons the account coordinates (created or appointed).
    pub coordinates: Vec<SeasonId>,
}

/// The roles of `user` (an unknown account has none).
///
/// # Errors
/// A query fails.
pub async fn roles_in(tx: &mut Conn, user: UserId) -> Result<Roles, StoreError> {
    let admin: Option<(bool,)> =
        on!(&mut *tx, |c| sqlx::query_as("SELECT is_admin FROM users WHERE id = $1")
            .bind(user)
            .fetch_optional(c)
            .await)?;
    let organises: Vec<(TournamentId,)> = on!(&mut *tx, |c| {
        sqlx::query_as(
        "SELECT tournament_id FROM tournament_roles WHERE user_id = $1 AND role = $2 ORDER BY tournament_id"
    )
    .bind(user)
    .bind(Role::Organiser)
    .fetch_all(c)
    .await
    })?;
    let coordinates: Vec<(SeasonId,)> = on!(&mut *tx, |c| sqlx::query_as(
        "SELECT id FROM seasons WHERE created_by = $1 \
         UNION SELECT season_id FROM season_coordinators WHERE user_id = $1 ORDER BY 1"
    )
    .bind(user)
    .fetch_all(c)
    .await)?;
    Ok(Roles {
        admin: admin.is_some_and(|(a,)| a),
        organises: organises.into_iter().map(|(t,)| t).collect(),
        coordinates: coordinates.into_iter().map(|(s,)| s).collect(),
    })
}

/// Every tournament `person` is in, with its season (none outside a season), by tournament: their
/// entries, and the events they hold an open or accepted invitation into.
///
/// # Errors
/// A query fails.
pub async fn places_in(
    tx: &mut Conn,
    person: PersonId,
) -> Result<Vec<(TournamentId, Option<SeasonId>)>, StoreError> {
    Ok(on!(tx, |c| sqlx::query_as(
        "SELECT p.tournament_id, e.season_id FROM players p \
         LEFT JOIN season_events e ON e.tournament_id = p.tournament_id WHERE p.person_id = $1 \
         UNION SELECT i.target_id, e.season_id FROM invitations i \
         LEFT JOIN season_events e ON e.tournament_id = i.target_id \
         WHERE i.person_id = $1 AND i.state IN ($2, $3) ORDER BY 1"
    )
    .bind(person)
    .bind(InvitationState::Invited)
    .bind(InvitationState::Accepted)
    .fetch_all(c)
    .await)?)
}

/// The season of a tournament (none outside a season).
///
/// # Errors
/// A query fails.
pub async fn season_of_in(tx: &mut Conn, t: TournamentId) -> Result<Option<SeasonId>, StoreError> {
    let row: Option<(SeasonId,)> =
        on!(tx, |c| sqlx::query_as("SELECT season_id FROM season_events WHERE tournament_id = $1")
            .bind(t)
            .fetch_optional(c)
            .await)?;
    Ok(row.map(|(s,)| s))
}

/// Lock the two persons' rows (PostgreSQL) so that a concurrent merge, unmerge or proposal of
/// either waits for this transaction; the lower id first, so two such writes never wait on each
/// other in opposite orders.
///
/// # Errors
/// A statement fails.
pub async fn lock_pair_in(tx: &mut Conn, a: PersonId, b: PersonId) -> Result<(), StoreError> {
    let (low, high) = if a <= b { (a, b) } else { (b, a) };
    for id in [low, high] {
        on!(&mut *tx, |c| sqlx::query("UPDATE persons SET merged_into = merged_into WHERE id = $1")
            .bind(id)
            .execute(c)
            .await
            .map(|r| r.rows_affected()))?;
    }
    Ok(())
}
