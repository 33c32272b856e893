//! Reading an edition's data files from a folder: the I/O shell around the pure `engine` edition loader.

use crate::engine::{Edition, EditionError};
use std::path::{Path, PathBuf};

/// Why an edition folder could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum EditionDirError {
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("{dir}/{0}", dir = .1.display())]
    Invalid(EditionError, PathBuf),
}

/// Read every `.csv` file of `dir` and load the edition from them.
///
/// # Errors
/// A file that cannot be read, or the first problem in the data (file, line, what is wrong).
pub fn read_edition_dir(dir: &Path) -> Result<Edition, EditionDirError> {
    let io = |path: &Path, source| EditionDirError::Io { path: path.to_path_buf(), source };
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| io(dir, e))? {
        let path = entry.map_err(|e| io(dir, e))?.path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else { continue };
        if path.is_file() && name.ends_with(".csv") {
            let contents = std::fs::read_to_string(&path).map_err(|e| io(&path, e))?;
            files.push((name.to_string(), contents));
        }
    }
    files.sort();
    Edition::from_files(&files).map_err(|e| EditionDirError::Invalid(e, dir.to_path_buf()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_edition_folder_loads() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/editions/bw-2021-reconstructed");
        let e = read_edition_dir(&dir).expect("valid");
        assert_eq!(e.id(), Edition::builtin().id());
    }

    #[test]
    fn a_missing_folder_is_an_io_error() {
        let err = read_edition_dir(Path::new("/nonexistent/edition")).expect_err("no folder");
        assert!(matches!(err, EditionDirError::Io { .. }));
    }
}
