//! Reading an edition's data files from a folder, a zip or an upload: the I/O shell around the pure
//! `engine` edition loader. Files are matched by name (`cards.csv`...), wherever a zip keeps them.

use crate::engine::Edition;
use crate::engine::edition::{EditionError, EditionErrors, FILES};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Largest edition file accepted (the shipped `cards.csv` is 3 KB).
pub const MAX_FILE: u64 = 256 * 1024;
/// Largest zip accepted, and most entries read from it.
pub const MAX_ZIP: usize = 1024 * 1024;
const MAX_ENTRIES: usize = 64;

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

/// An edition's files as the loader takes them: (name, contents).
pub type Files = Vec<(String, String)>;
/// A file as sent: (name, bytes).
type Sent = (String, Vec<u8>);
/// A message in English and Polish.
type Message = (String, String);

/// The edition files found in an upload, and where they came from.
#[derive(Debug)]
pub struct Upload {
    pub files: Files,
    /// The names sent (a zip's name with the files taken from it): the provenance of an upload.
    pub source: String,
}

fn problem(file: &str, en: String, pl: String) -> EditionError {
    EditionError { file: file.to_string(), line: 0, message: en, message_pl: pl, fact: None }
}

/// The edition files among uploaded or zipped files, decoded: each name reduced to its file name in
/// lower case, each file UTF-8 text (a byte-order mark is kept for the loader to skip). A part named
/// `*.zip` (or starting like one) is opened and its `.csv` files taken; other files are left out.
///
/// # Errors
/// Every problem: an unreadable zip, a file too large or not UTF-8, a file sent twice, nothing sent.
pub fn files_from_upload(parts: Vec<Sent>) -> Result<Upload, Vec<EditionError>> {
    let mut problems = Vec::new();
    let mut found: Vec<Sent> = Vec::new();
    let mut source = Vec::new();
    for (name, bytes) in parts {
        let base = base_name(&name);
        if base.ends_with(".zip") || bytes.starts_with(b"PK\x03\x04") {
            match unzip(&bytes) {
                Ok(inner) => {
                    let names: Vec<&str> = inner.iter().map(|(n, _)| n.as_str()).collect();
                    source.push(format!("{name} ({})", names.join(", ")));
                    found.extend(inner);
                }
                Err(e) => problems.push(problem(&name, e.0, e.1)),
            }
        } else if !base.is_empty() {
            source.push(name.clone());
            found.push((base, bytes));
        }
    }
    let mut files: Vec<(String, String)> = Vec::new();
    for (name, bytes) in found {
        if files.iter().any(|(n, _)| *n == name) {
            problems.push(problem(&name, "sent twice".into(), "wysłany dwa razy".into()));
            continue;
        }
        if bytes.len() as u64 > MAX_FILE {
            let kb = MAX_FILE / 1024;
            problems.push(problem(&name, format!("larger than {kb} KB"), format!("większy niż {kb} KB")));
            continue;
        }
        match String::from_utf8(bytes) {
            Ok(text) => files.push((name, text)),
            Err(_) => problems.push(problem(
                &name,
                "is not UTF-8 text: save it as \"CSV UTF-8\"".into(),
                "to nie jest tekst UTF-8: zapisz plik jako „CSV UTF-8”".into(),
            )),
        }
    }
    if files.is_empty() && problems.is_empty() {
        let list = FILES.join(", ");
        problems.push(problem(
            "-",
            format!("no edition files were sent ({list}, or one zip of them)"),
            format!("nie wysłano plików edycji ({list} albo jednego pliku zip z nimi)"),
        ));
    }
    if problems.is_empty() { Ok(Upload { files, source: source.join(", ") }) } else { Err(problems) }
}

/// The last path component, in lower case (`Edycja/Cards.CSV` is `cards.csv`).
fn base_name(name: &str) -> String {
    name.rsplit(['/', '\\']).next().unwrap_or("").to_lowercase()
}

/// The `.csv` entries of a zip (name reduced as [`base_name`], contents), within the size limits; macOS
/// resource forks (`__MACOSX/`, `._*`) and other files are skipped. The error is (English, Polish).
fn unzip(bytes: &[u8]) -> Result<Vec<Sent>, Message> {
    let unreadable = |e: &dyn std::fmt::Display| {
        (format!("the zip file cannot be read: {e}"), format!("nie można odczytać pliku zip: {e}"))
    };
    if bytes.len() > MAX_ZIP {
        let kb = MAX_ZIP / 1024;
        return Err((
            format!("the zip is larger than {kb} KB"),
            format!("plik zip jest większy niż {kb} KB"),
        ));
    }
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).map_err(|e| unreadable(&e))?;
    if archive.len() > MAX_ENTRIES {
        return Err((
            format!("the zip holds {} files; an edition has 5", archive.len()),
            format!("plik zip zawiera {} plików; edycja ma ich 5", archive.len()),
        ));
    }
    let mut out = Vec::new();
    for i in 0..archive.len() {
        let entry = archive.by_index(i).map_err(|e| unreadable(&e))?;
        let name = entry.name().map(|n| n.to_string()).unwrap_or_default();
        let base = base_name(&name);
        if !entry.is_file()
            || !base.ends_with(".csv")
            || name.starts_with("__MACOSX/")
            || base.starts_with("._")
        {
            continue;
        }
        if entry.encrypted() {
            return Err((format!("{name} is encrypted"), format!("{name} jest zaszyfrowany")));
        }
        // The declared size may lie: read at most one byte more than allowed.
        let mut contents = Vec::new();
        entry.take(MAX_FILE + 1).read_to_end(&mut contents).map_err(|e| unreadable(&e))?;
        out.push((base, contents));
    }
    Ok(out)
}

/// Load an edition from a folder of its files, or from one `.zip` of them.
///
/// # Errors
/// As [`read_edition_dir`]; for a zip, also an unreadable archive or an oversized file.
pub fn read_edition_path(path: &Path) -> Result<Edition, EditionDirError> {
    if !(path.is_file() && path.extension().is_some_and(|x| x.eq_ignore_ascii_case("zip"))) {
        return read_edition_dir(path);
    }
    let bytes =
        std::fs::read(path).map_err(|source| EditionDirError::Io { path: path.to_path_buf(), source })?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("edition.zip").to_string();
    let invalid = |all: Vec<EditionError>| EditionDirError::Invalid(EditionErrors(all), path.to_path_buf());
    let upload = files_from_upload(vec![(name, bytes)]).map_err(invalid)?;
    Edition::check_files(&upload.files).map_err(|e| EditionDirError::Invalid(e, path.to_path_buf()))
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

    fn zip_of(entries: &[(&str, &[u8])], method: zip::CompressionMethod) -> Vec<u8> {
        use std::io::Write;
        let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        for (name, contents) in entries {
            w.start_file(*name, zip::write::SimpleFileOptions::default().compression_method(method))
                .expect("entry");
            w.write_all(contents).expect("write");
        }
        w.finish().expect("zip").into_inner()
    }

    #[test]
    fn a_zipped_edition_in_a_folder_loads_as_the_files_do() {
        let files = Edition::builtin_files(Edition::builtin().id()).expect("files");
        let mut entries: Vec<(String, Vec<u8>)> = files
            .iter()
            .map(|(n, c)| (format!("Edycja/{}", n.to_uppercase()), c.clone().into_bytes()))
            .collect();
        entries.push(("__MACOSX/Edycja/._cards.csv".into(), b"junk".to_vec()));
        entries.push(("Edycja/README.txt".into(), b"notes".to_vec()));
        let refs: Vec<(&str, &[u8])> = entries.iter().map(|(n, c)| (n.as_str(), c.as_slice())).collect();
        for method in [zip::CompressionMethod::Stored, zip::CompressionMethod::Deflated] {
            let bytes = zip_of(&refs, method);
            let Upload { files: found, source } =
                files_from_upload(vec![("edycja.zip".into(), bytes)]).expect("read");
            let mut names: Vec<&str> = found.iter().map(|(n, _)| n.as_str()).collect();
            names.sort_unstable();
            assert_eq!(names, ["blocked.csv", "board.csv", "cards.csv", "edition.csv", "units.csv"]);
            assert!(source.starts_with("edycja.zip (edition.csv, "), "{source}");
            assert_eq!(Edition::check_files(&found).expect("valid").id(), Edition::builtin().id());
        }
    }

    #[test]
    fn an_upload_names_every_problem() {
        let big = vec![b'a'; usize::try_from(MAX_FILE).expect("small") + 1];
        let bomb = zip_of(&[("cards.csv", &big)], zip::CompressionMethod::Deflated);
        assert!(bomb.len() < 4096, "deflated, the oversized file is small");
        let parts = vec![
            ("units.csv".to_string(), vec![0xff, 0xfe, b'a']),
            ("board.csv".to_string(), b"label\n".to_vec()),
            ("board.csv".to_string(), b"label\n".to_vec()),
            ("bomb.zip".to_string(), bomb),
            ("broken.zip".to_string(), b"PK\x03\x04 not really".to_vec()),
        ];
        let problems = files_from_upload(parts).expect_err("four problems");
        let text: Vec<String> = problems.iter().map(|p| p.render(false)).collect();
        assert_eq!(text.len(), 4, "{text:?}");
        assert!(text.iter().any(|t| t.starts_with("broken.zip: the zip file cannot be read")), "{text:?}");
        assert!(text.contains(&"board.csv: sent twice".to_string()), "{text:?}");
        assert!(text.contains(&"cards.csv: larger than 256 KB".to_string()), "{text:?}");
        assert!(text.iter().any(|t| t.starts_with("units.csv: is not UTF-8")), "{text:?}");
        assert!(problems.iter().all(|p| !p.message_pl.is_empty() && p.message_pl != p.message));
        let none = files_from_upload(Vec::new()).expect_err("nothing sent");
        assert!(none[0].message_pl.starts_with("nie wysłano plików edycji"));
    }

    #[test]
    fn check_edition_reads_a_zip_file_too() {
        let files = Edition::builtin_files(Edition::builtin().id()).expect("files");
        let refs: Vec<(&str, &[u8])> = files.iter().map(|(n, c)| (n.as_str(), c.as_bytes())).collect();
        let path = std::env::temp_dir().join(format!("bitwa-edition-{}.zip", std::process::id()));
        std::fs::write(&path, zip_of(&refs, zip::CompressionMethod::Deflated)).expect("temp file");
        let loaded = read_edition_path(&path);
        let broken = std::fs::write(&path, b"PK\x03\x04 no").map(|()| read_edition_path(&path));
        let _ = std::fs::remove_file(&path);
        assert_eq!(loaded.expect("valid").id(), Edition::builtin().id());
        let err = broken.expect("written").expect_err("not a zip");
        assert!(err.to_string().contains("the zip file cannot be read"), "{err}");
        assert!(err.polish().contains("nie można odczytać pliku zip"), "{}", err.polish());
    }

    #[test]
    fn a_missing_folder_is_an_io_error() {
        let err = read_edition_dir(Path::new("/nonexistent/edition")).expect_err("no folder");
        assert!(matches!(err, EditionDirError::Io { .. }));
    }
}
