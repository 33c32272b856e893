-- Editions (board, units, decks). The built-in ones are compiled into the binary and listed here as
-- rows (builtin = 1, no files) so that every edition a tournament can name is a row; an organiser's
-- upload keeps its provenance (who, when, what was sent) and its files as sent. An edition never
-- changes once stored: logs name it by `code` (the `id` in its edition.csv, a log's Edition tag).
CREATE TABLE editions (
    code TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    builtin INTEGER NOT NULL DEFAULT 0,
    uploaded_by INTEGER REFERENCES users(id),
    uploaded_at TEXT NOT NULL,
    -- What was uploaded: the file names, or the zip's name and the files taken from it.
    source TEXT NOT NULL DEFAULT ''
);

CREATE TABLE edition_files (
    edition TEXT NOT NULL REFERENCES editions(code),
    name TEXT NOT NULL,
    contents TEXT NOT NULL,
    PRIMARY KEY (edition, name)
);

INSERT INTO editions (code, name, builtin, uploaded_at) VALUES
    ('bw-2021-reconstructed-v2', 'Bitwa Warszawska 2021 (reconstructed from the rulebook and the front of August 1920; rivers do not block)', 1, '2026-12-01T00:00:00Z'),
    ('bw-2021-reconstructed', 'Bitwa Warszawska 2021 (reconstructed from the rulebook and the front of August 1920)', 1, '2026-11-30T00:00:00Z');

-- The edition a stored log was validated with (NULL: no log). Logs stored before editions were
-- chosen were validated with the built-in edition of the time, the first reconstruction.
ALTER TABLE games ADD COLUMN edition TEXT;
UPDATE games SET edition = 'bw-2021-reconstructed' WHERE log_text IS NOT NULL;

-- `tournaments.edition` names an edition's code; 'builtin' meant the first reconstruction.
UPDATE tournaments SET edition = 'bw-2021-reconstructed' WHERE edition = 'builtin';
