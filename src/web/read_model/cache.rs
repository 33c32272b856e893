//! The read models of the public pages, one per tournament, kept for the tournament's change stamp.
//!
//! Per request: the tournaments' stamps are read from the database (one query, shared by every
//! request that arrived while the previous one ran: `read_model::coalesce`), and the view built for
//! that stamp (or a newer one) is returned. After a write the stamp moves; the first request that sees
//! the new stamp builds the new view, from one read transaction, off the async workers, and every
//! request seeing the same stamp meanwhile waits for that one build. Requests that read the old
//! stamp keep getting the old view without waiting. Since the stamp lives in the database, several
//! server processes, each with its own cache, stay correct.

use crate::store::view::Stamp;
use crate::store::{self, Store, StoreError, TournamentId};
use crate::web::error::{WebError, database_away, database_unavailable};
use crate::web::read_model::away::Outage;
use crate::web::read_model::coalesce::Coalesced;
use crate::web::read_model::fresh::Checked;
use crate::web::read_model::http::{Budget, PageStore};
use crate::web::read_model::view::TournamentView;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, PoisonError, RwLock, RwLockWriteGuard};
use std::time::{Duration, Instant};
use tokio::sync::OnceCell;

/// While the database is away, how long one request may wait for it to answer before the page is
/// served from what is kept (the database coming back answers the stamps in a few milliseconds).
const PROBE_TIMEOUT: Duration = Duration::from_millis(40);
/// While the database is away, how often at most a request asks it again; the others are served
/// what is kept at once, without waiting for the pool's timeout.
const PROBE_EVERY: Duration = Duration::from_millis(200);

type Stamps = Arc<HashMap<TournamentId, Stamp>>;
type Build = Arc<OnceCell<Arc<TournamentView>>>;

/// What rendered bodies may take in all, per process (see `read_model::http::Budget`).
pub const PAGE_BUDGET_BYTES: usize = 64 << 20;

#[derive(Default)]
struct Slot {
    ready: Option<Arc<TournamentView>>,
    /// The build under way, for the stamp that asked for it.
    building: Option<(Stamp, Build)>,
}

/// Every tournament's current view, and the tournament list's rendered bodies.
pub struct Views {
    stamps: Coalesced<Stamps, Arc<StoreError>>,
    /// The seasons' stamp the front page lists them by (issue 37), shared among concurrent callers.
    seasons: Coalesced<(i64, i64), Arc<StoreError>>,
    /// The seasons' stamp last read, and when (`read_model::fresh`).
    seasons_checked: Mutex<Option<(Checked, (i64, i64))>>,
    /// Read on every request (a shared lock), written when a view is built.
    slots: RwLock<HashMap<TournamentId, Slot>>,
    /// The tournament list: a fingerprint of every tournament's id and configuration version.
    home: Mutex<Option<(u64, Arc<PageStore>)>>,
    budget: Arc<Budget>,
    /// When the database was last asked while found away (shared with the session read).
    away: Arc<Outage>,
    /// The stamps last read, and when (served again while they stand, `read_model::fresh`).
    checked: RwLock<Option<(Checked, Stamps)>>,
}

/// The answer while the database stays away (logged once a minute by `database_unavailable`).
fn still_away() -> WebError {
    database_unavailable(&std::io::Error::other("the database was away when last asked"))
}

impl Default for Views {
    fn default() -> Self {
        Views::new(PAGE_BUDGET_BYTES)
    }
}

impl Views {
    #[must_use]
    pub fn new(page_budget_bytes: usize) -> Views {
        Views {
            stamps: Coalesced::default(),
            seasons: Coalesced::default(),
            seasons_checked: Mutex::default(),
            slots: RwLock::default(),
            home: Mutex::default(),
            budget: Budget::new(page_budget_bytes),
            away: Arc::default(),
            checked: RwLock::default(),
        }
    }

    fn slots(&self) -> RwLockWriteGuard<'_, HashMap<TournamentId, Slot>> {
        self.slots.write().unwrap_or_else(PoisonError::into_inner)
    }

    /// Every tournament's stamp, read after this call began.
    ///
    /// Once the database was found away (unreachable, its pool timing out), the pages are not kept
    /// waiting for it: at most one request each [`PROBE_EVERY`] asks it again, for at most
    /// [`PROBE_TIMEOUT`], and every other request is told at once that it is away (the callers
    /// then serve what they keep, marked stale, see [`Views::database_away`]).
    async fn current_stamps(&self, db: &Store) -> Result<Stamps, WebError> {
        if let Some((checked, stamps)) = &*self.checked.read().unwrap_or_else(PoisonError::into_inner)
            && checked.still_current(db)
        {
            return Ok(Arc::clone(stamps));
        }
        let checked = Checked::before_reading(db);
        let probe = {
            let mut away = self.away.lock();
            match away.as_mut() {
                None => false,
                Some(asked) if asked.elapsed() < PROBE_EVERY => return Err(still_away()),
                Some(asked) => {
                    *asked = Instant::now();
                    true
                }
            }
        };
        let read =
            self.stamps.get(|| async { store::view::stamps(db).await.map(Arc::new).map_err(Arc::new) });
        let read = if probe {
            match tokio::time::timeout(PROBE_TIMEOUT, read).await {
                Ok(read) => read,
                Err(_) => return Err(still_away()),
            }
        } else {
            read.await
        };
        let mut away = self.away.lock();
        match read {
            Ok(stamps) => {
                *away = None;
                drop(away);
                let mut kept = self.checked.write().unwrap_or_else(PoisonError::into_inner);
                *kept = Some((checked, Arc::clone(&stamps)));
                Ok(stamps)
            }
            Err(e) if database_away(&e) => {
                away.get_or_insert_with(Instant::now);
                Err(database_unavailable(e.as_ref()))
            }
            Err(e) => Err(WebError::internal(e)),
        }
    }

    /// Whether the database answers, asked only while it was found away, as the tournament pages
    /// ask it (at most one request each [`PROBE_EVERY`], waiting at most [`PROBE_TIMEOUT`]): the
    /// season and person pages and the session read call this before asking the database
    /// anything, so during an outage they answer at once (what they keep, marked, or a 503)
    /// instead of after the pool's timeout.
    ///
    /// # Errors
    /// [`WebError::Unavailable`] while the database stays away.
    pub async fn reachable(&self, db: &Store) -> Result<(), WebError> {
        if !self.database_away() {
            return Ok(());
        }
        self.current_stamps(db).await.map(|_| ())
    }

    /// A read outside the read model (a session, a season page's stamp) found the database away:
    /// the next requests are answered without waiting for it (see [`Views::reachable`]).
    pub fn found_away(&self) {
        self.away.found_away();
    }

    /// The outage state, shared with the session read (registered as app data at startup).
    #[must_use]
    pub fn outage(&self) -> Arc<Outage> {
        Arc::clone(&self.away)
    }

    /// Whether the database was away when last asked: the pages served meanwhile are what was
    /// acknowledged before the outage, and say so.
    #[must_use]
    pub fn database_away(&self) -> bool {
        self.away.lock().is_some()
    }

    /// The view of tournament `id` as of now: it shows every write acknowledged before this call.
    ///
    /// # Errors
    /// [`WebError::NotFound`] for no such tournament; the database fails.
    ///
    /// While the database is away (full, unreachable), the view last built is served: the public
    /// pages go on showing what was acknowledged before the outage, and the first request after it
    /// sees every write again.
    pub async fn get(&self, db: &Store, id: TournamentId) -> Result<Arc<TournamentView>, WebError> {
        let stamps = match self.current_stamps(db).await {
            Ok(stamps) => stamps,
            Err(e @ WebError::Unavailable { .. }) => {
                return self.slots().get(&id).and_then(|s| s.ready.clone()).ok_or(e);
            }
            Err(e) => return Err(e),
        };
        let stamp = *stamps.get(&id).ok_or(WebError::NotFound)?;
        if let Some(view) = self
            .slots
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&id)
            .and_then(|s| s.ready.as_ref())
            .filter(|v| v.stamp.covers(stamp))
        {
            return Ok(Arc::clone(view));
        }
        let build = {
            let mut slots = self.slots();
            let slot = slots.entry(id).or_default();
            if let Some(view) = slot.ready.as_ref().filter(|v| v.stamp.covers(stamp)) {
                return Ok(Arc::clone(view));
            }
            match &slot.building {
                Some((asked, build)) if asked.covers(stamp) => Arc::clone(build),
                _ => {
                    let build = Build::default();
                    slot.building = Some((stamp, Arc::clone(&build)));
                    build
                }
            }
        };
        let view = build
            .get_or_try_init(|| async {
                let started = std::time::Instant::now();
                let rows = store::view::rows(db, id).await?.ok_or(WebError::NotFound)?;
                let loaded = started.elapsed();
                let pages = PageStore::new(Arc::clone(&self.budget));
                // The league's work (every match, the standings, the bracket) runs off the async
                // workers, so pages of other tournaments and cached pages keep flowing meanwhile.
                let view = actix_web::rt::task::spawn_blocking(move || TournamentView::build(rows, pages))
                    .await
                    .map_err(|e| WebError::internal(format!("building the view: {e}")))?;
                tracing::debug!(
                    tournament = id.0,
                    load_ms = loaded.as_millis() as u64,
                    total_ms = started.elapsed().as_millis() as u64,
                    "read model built"
                );
                Ok::<_, WebError>(Arc::new(view))
            })
            .await?
            .clone();
        let replaced = {
            let mut slots = self.slots();
            let slot = slots.entry(id).or_default();
            if slot.building.as_ref().is_some_and(|(asked, _)| view.stamp.covers(*asked)) {
                slot.building = None;
            }
            if slot.ready.as_ref().is_some_and(|r| r.stamp.covers(view.stamp)) {
                None
            } else {
                slot.ready.replace(Arc::clone(&view))
            }
        };
        // Freeing a big tournament's old view (thousands of lines, its rendered pages) takes a few
        // milliseconds: not on the request that brought the new one.
        if let Some(old) = replaced {
            actix_web::rt::task::spawn_blocking(move || drop(old));
        }
        Ok(view)
    }

    /// The bodies kept for tournament `id`'s current view, and their bytes (`None`: no view built).
    #[must_use]
    pub fn kept(&self, id: TournamentId) -> Option<(usize, usize)> {
        self.slots().get(&id)?.ready.as_ref().map(|v| v.pages.kept())
    }

    /// The live pages rendered for anonymous visitors at tournament `id`'s current view (`None`: no
    /// view built).
    #[must_use]
    pub fn live_rendered(&self, id: TournamentId) -> Option<usize> {
        self.slots().get(&id)?.ready.as_ref().map(|v| v.pages.live_rendered())
    }

    /// The rendered bodies of the tournament list as of now (a new, empty store once any tournament
    /// was created or reconfigured).
    ///
    /// # Errors
    /// The database fails.
    /// While the database is away, the list's last store (its cached page answers).
    pub async fn home(&self, db: &Store) -> Result<Arc<PageStore>, WebError> {
        let stamps = match self.current_stamps(db).await {
            Ok(stamps) => stamps,
            Err(e @ WebError::Unavailable { .. }) => {
                let home = self.home.lock().unwrap_or_else(PoisonError::into_inner);
                return home.as_ref().map(|(_, pages)| Arc::clone(pages)).ok_or(e);
            }
            Err(e) => return Err(e),
        };
        let mut ids: Vec<(TournamentId, i64)> = stamps.iter().map(|(id, s)| (*id, s.config)).collect();
        ids.sort_unstable();
        // The seasons the page lists (issue 37), and the day, which decides which are current.
        let kept = *self.seasons_checked.lock().unwrap_or_else(PoisonError::into_inner);
        let seasons = match kept {
            Some((checked, seasons)) if checked.still_current(db) => seasons,
            _ => {
                let checked = Checked::before_reading(db);
                let seasons = self
                    .seasons
                    .get(|| async { store::seasons::listing::stamp(db).await.map_err(Arc::new) })
                    .await
                    .map_err(|e| {
                        if database_away(&e) {
                            database_unavailable(e.as_ref())
                        } else {
                            WebError::internal(e)
                        }
                    })?;
                *self.seasons_checked.lock().unwrap_or_else(PoisonError::into_inner) =
                    Some((checked, seasons));
                seasons
            }
        };
        let mut hasher = std::hash::DefaultHasher::new();
        ids.hash(&mut hasher);
        seasons.hash(&mut hasher);
        chrono::Utc::now().date_naive().hash(&mut hasher);
        let fingerprint = hasher.finish();
        let mut home = self.home.lock().unwrap_or_else(PoisonError::into_inner);
        match &*home {
            Some((f, pages)) if *f == fingerprint => Ok(Arc::clone(pages)),
            _ => {
                let pages = Arc::new(PageStore::new(Arc::clone(&self.budget)));
                *home = Some((fingerprint, Arc::clone(&pages)));
                Ok(pages)
            }
        }
    }
}
