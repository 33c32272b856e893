//! The edition a tournament plays, parsed once: built-in editions are compiled in, uploaded ones are
//! loaded from the database on first use and kept in memory by code. Editions never change once stored
//! (and one in use cannot be deleted), so a cached edition is never stale.

use crate::app::{AppError, AppResult};
use crate::engine::Edition;
use crate::store::{self, Store};
use std::collections::HashMap;
use std::ops::Deref;
use std::sync::{Arc, RwLock};

/// The code of the edition new tournaments play.
#[must_use]
pub fn default_code() -> &'static str {
    Edition::builtin().id()
}

/// A parsed edition: built in, or uploaded and cached.
#[derive(Clone)]
pub enum EditionRef {
    Builtin(&'static Edition),
    Stored(Arc<Edition>),
}

impl Deref for EditionRef {
    type Target = Edition;
    fn deref(&self) -> &Edition {
        match self {
            EditionRef::Builtin(e) => e,
            EditionRef::Stored(e) => e,
        }
    }
}

/// Uploaded editions parsed so far, by code.
#[derive(Default)]
pub struct EditionCache {
    parsed: RwLock<HashMap<String, Arc<Edition>>>,
}

impl EditionCache {
    /// The edition with this code.
    ///
    /// # Errors
    /// [`AppError::Internal`] if no such edition is stored or its stored files no longer load (a
    /// tournament only names an edition that exists); the database fails.
    pub async fn get(&self, db: &Store, code: &str) -> AppResult<EditionRef> {
        if let Some(e) = Edition::builtin_by_id(code) {
            return Ok(EditionRef::Builtin(e));
        }
        if let Some(e) = self.read().get(code) {
            return Ok(EditionRef::Stored(Arc::clone(e)));
        }
        let files = store::editions::files(db, code).await?;
        if files.is_empty() {
            return Err(AppError::Internal(format!("edition {code:?} is not stored")));
        }
        let edition = Edition::load_stored(&files)
            .map_err(|e| AppError::Internal(format!("stored edition {code:?} does not load: {e}")))?;
        let edition = Arc::new(edition);
        self.write().insert(code.to_string(), Arc::clone(&edition));
        Ok(EditionRef::Stored(edition))
    }

    /// Keep an edition just checked on upload (saves parsing it again on first use).
    pub fn insert(&self, edition: Edition) {
        self.write().insert(edition.id().to_string(), Arc::new(edition));
    }

    /// Forget a deleted edition.
    pub fn remove(&self, code: &str) {
        self.write().remove(code);
    }

    /// How many uploaded editions are parsed and kept.
    #[must_use]
    pub fn len(&self) -> usize {
        self.read().len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    // A poisoned lock only means a panic elsewhere while holding it; the map itself is always whole.
    fn read(&self) -> std::sync::RwLockReadGuard<'_, HashMap<String, Arc<Edition>>> {
        self.parsed.read().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, HashMap<String, Arc<Edition>>> {
        self.parsed.write().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
