//! An organiser uploads an edition (checked before, by the same loader as `bitwa check-edition`): it
//! is stored with who uploaded it, and kept parsed (saves parsing it again on first use).

use super::cache::EditionCache;
use crate::app::AppResult;
use crate::engine::Edition;
use crate::store::editions::NewEdition;
use crate::store::{self, Store, UserId};

/// Store `new` (whose files parsed as `edition`); `false` if an edition with its id exists already
/// (ids are unique ignoring case), and nothing is stored.
///
/// # Errors
/// The database fails.
pub async fn upload(
    db: &Store,
    cache: &EditionCache,
    new: &NewEdition,
    edition: Edition,
    by: UserId,
) -> AppResult<bool> {
    if !store::editions::insert(db, new, by).await? {
        return Ok(false);
    }
    cache.insert(edition);
    Ok(true)
}
