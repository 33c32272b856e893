-- Issue 20: one person across a season. Every tournament entry (a players row) links to a person
-- (name, birth date, school, region). Existing entries each get a person of their own (nobody is
-- merged by the migration: the organiser merges near-identical persons on purpose, reversibly).
-- A merged person keeps its row, pointing at the person it went into; each merge keeps the entries
-- it moved, so undoing it puts every one back.
CREATE TABLE persons (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    birth_date TEXT NOT NULL,
    school TEXT NOT NULL DEFAULT '',
    region TEXT NOT NULL DEFAULT '',
    merged_into INTEGER REFERENCES persons(id),
    erased_at TEXT,
    created_at TEXT NOT NULL,
    -- The entry this person was made from by this migration (NULL for persons made later).
    from_player INTEGER
);
CREATE INDEX persons_by_birth_date ON persons(birth_date);

INSERT INTO persons (name, birth_date, school, erased_at, created_at, from_player)
    SELECT name, birth_date, club, erased_at, created_at, id FROM players ORDER BY id;

ALTER TABLE players ADD COLUMN person_id INTEGER REFERENCES persons(id);
UPDATE players SET person_id = (SELECT p.id FROM persons p WHERE p.from_player = players.id);
CREATE INDEX players_by_person ON players(person_id);

-- A merge of one person into another, with the entries it moved (a JSON array of players ids),
-- who did it and when; undone_at/undone_by once it is undone.
CREATE TABLE person_merges (
    id INTEGER PRIMARY KEY,
    kept INTEGER NOT NULL REFERENCES persons(id),
    merged INTEGER NOT NULL REFERENCES persons(id),
    entries TEXT NOT NULL,
    user_id INTEGER REFERENCES users(id),
    at TEXT NOT NULL,
    undone_by INTEGER REFERENCES users(id),
    undone_at TEXT
);
