-- Editions (board, units, decks): the built-in ones as rows without files, uploads with their
-- provenance and files as sent (see migrations/sqlite/).
CREATE TABLE editions (
    code TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    builtin BOOLEAN NOT NULL DEFAULT FALSE,
    uploaded_by BIGINT REFERENCES users(id),
    uploaded_at TEXT NOT NULL,
    source TEXT NOT NULL DEFAULT ''
);

CREATE TABLE edition_files (
    edition TEXT NOT NULL REFERENCES editions(code),
    name TEXT NOT NULL,
    contents TEXT NOT NULL,
    PRIMARY KEY (edition, name)
);

INSERT INTO editions (code, name, builtin, uploaded_at) VALUES
    ('bw-2021-reconstructed-v2', 'Bitwa Warszawska 2021 (reconstructed from the rulebook and the front of August 1920; rivers do not block)', TRUE, '2026-12-01T00:00:00Z'),
    ('bw-2021-reconstructed', 'Bitwa Warszawska 2021 (reconstructed from the rulebook and the front of August 1920)', TRUE, '2026-11-30T00:00:00Z');

ALTER TABLE games ADD COLUMN edition TEXT;
UPDATE games SET edition = 'bw-2021-reconstructed' WHERE log_text IS NOT NULL;
UPDATE tournaments SET edition = 'bw-2021-reconstructed' WHERE edition = 'builtin';
