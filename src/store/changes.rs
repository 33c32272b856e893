//! Has anything been committed to the database since a moment: the read models' question before
//! they serve what they keep (`web::read_model::fresh`).
//!
//! On SQLite, in WAL mode, every process's commit rewrites the wal-index header at the start of
//! the `-shm` file before its `COMMIT` returns; SQLite's `wal.c` documents it:
//!
//! > The wal-index header contains the following fields: … iChange: Counter incremented each
//! > transaction … mxFrame: Index of last valid frame in the WAL … aSalt: Two salt values copied
//! > from WAL header (changed on every checkpoint reset).
//!
//! So the first 48 bytes of that file, read with one `pread`, change with every commit of any
//! process on the file, and stay the same otherwise: a [`Token`]. PostgreSQL has no such file: a
//! token is never taken there, and the read models ask the database each time (one coalesced
//! query), so several processes on one PostgreSQL database still see each other's writes at once.

use std::fs::File;
use std::os::unix::fs::{FileExt, MetadataExt};
use std::path::PathBuf;
use std::sync::RwLock;

/// The wal-index header (48 bytes) and the `-shm` file's inode (SQLite may delete and create the
/// file again when every connection closed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    header: [u8; 48],
    inode: u64,
}

/// The `-shm` file of a SQLite database, kept open.
#[derive(Debug)]
pub struct Changes {
    path: PathBuf,
    /// Read under a shared lock on every request; written only when the file is new.
    file: RwLock<Option<(File, u64)>>,
}

/// `iVersion` of the wal-index header SQLite writes (3.7.0's format, unchanged since).
const WAL_INDEX_VERSION: u32 = 3_007_000;

impl Changes {
    /// For the SQLite database file at `db`.
    pub fn sqlite(db: &std::path::Path) -> Changes {
        let mut path = db.as_os_str().to_owned();
        path.push("-shm");
        Changes { path: PathBuf::from(path), file: RwLock::new(None) }
    }

    /// The token now; `None` when it cannot be read (no such file yet, an unknown format): then
    /// the caller asks the database.
    pub fn token(&self) -> Option<Token> {
        let inode = std::fs::metadata(&self.path).ok()?.ino();
        if self.file.read().ok()?.as_ref().is_none_or(|(_, i)| *i != inode) {
            *self.file.write().ok()? = Some((File::open(&self.path).ok()?, inode));
        }
        let kept = self.file.read().ok()?;
        let (file, inode) = kept.as_ref()?;
        let mut header = [0u8; 48];
        file.read_exact_at(&mut header, 0).ok()?;
        // iVersion in native byte order, and isInit set: a header SQLite has written.
        let version = u32::from_ne_bytes(header[0..4].try_into().ok()?);
        (version == WAL_INDEX_VERSION && header[12] == 1).then_some(Token { header, inode: *inode })
    }
}
