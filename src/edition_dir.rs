//! Reading an edition's data files from a folder: the I/O shell around the pure `engine` edition loader.

use crate::engine::{Edition, edition::EditionErrors};
use std::path::{Path, PathBuf};

/// Why an edition folder could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum EditionDirError {
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    /// Every problem in the data, each with its file and line.
    #[error("{}", render(.0, .1, false))]
    Invalid(EditionErrors, PathBuf),
}

impl EditionDirError {
    /// The message in Polish (`Display` is English); an I/O error keeps the system's words.
    #[must_use]
    pub fn polish(&self) -> String {
        match self {
            EditionDirError::Invalid(all, dir) => render(all, dir, true),
            other => other.to_string(),
        }
    }
}

/// One problem a line, each prefixed with the folder.
fn render(all: &EditionErrors, dir: &Path, polish: bool) -> String {
    all.0.iter().map(|e| format!("{}/{}", dir.display(), e.render(polish))).collect::<Vec<_>>().join("\n")
}

/// Read every `.csv` file of `dir` and load the edition from them.
///
/// # Errors
/// A file that cannot be read, or every problem in the data (file, line, what is wrong).
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
    Edition::check_files(&files).map_err(|e| EditionDirError::Invalid(e, dir.to_path_buf()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_edition_folders_load_as_the_built_in_editions() {
        for e in Edition::builtins() {
            let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/editions").join(e.id());
            let loaded = read_edition_dir(&dir).expect("valid");
            assert_eq!((loaded.id(), loaded.name()), (e.id(), e.name()));
            assert_eq!(loaded.hex_count(), e.hex_count());
        }
    }

    #[test]
    fn a_missing_folder_is_an_io_error() {
        let err = read_edition_dir(Path::new("/nonexistent/edition")).expect_err("no folder");
        assert!(matches!(err, EditionDirError::Io { .. }));
    }
}
