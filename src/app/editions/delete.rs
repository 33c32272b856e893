//! An uploaded edition that no tournament plays and no stored log names is deleted (the store checks
//! both in its transaction), and forgotten by the cache.

use super::cache::EditionCache;
use crate::app::AppResult;
use crate::store::editions::Deletion;
use crate::store::{self, Store};

/// Delete the edition `code` if nothing uses it; what became of it.
///
/// # Errors
/// The database fails.
pub async fn delete(db: &Store, cache: &EditionCache, code: &str) -> AppResult<Deletion> {
    let deletion = store::editions::delete(db, code).await?;
    if deletion == Deletion::Deleted {
        cache.remove(code);
    }
    Ok(deletion)
}
