-- Issue 19: a tournament is a sequence of stages (league `Stages`): a Swiss or round-robin groups,
-- then at most a knockout. `tournament_stages` holds each stage's definition (the league's serde
-- form of `Stage`), its status (a closed stage's ranking is frozen in `ranking`, the league's
-- `GroupStandings` per group) and, for groups, what happens to a withdrawn player's results.
-- Every existing tournament becomes [Swiss] or [Swiss, Knockout] from its own columns, so it
-- renders exactly as before. `group_draws` records the seeding chosen and its lot's seed,
-- `group_members` who is in which group under which Berger number, `group_lots` the organiser's
-- lot for a tie at a qualifying place. A match of a group round names its group (`group_no`, 0 for
-- A; NULL outside groups); a round may be of the phase `groups`.
CREATE TABLE tournament_stages (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    position INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('swiss', 'groups', 'knockout')),
    definition TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    withdrawal TEXT NOT NULL DEFAULT 'results-stand' CHECK (withdrawal IN ('results-stand', 'annul-under-half')),
    ranking TEXT,
    PRIMARY KEY (tournament_id, position)
);
INSERT INTO tournament_stages (tournament_id, position, kind, definition)
    SELECT id, 1, 'swiss', '{"kind":"swiss","rounds":' || swiss_rounds || '}' FROM tournaments;
INSERT INTO tournament_stages (tournament_id, position, kind, definition)
    SELECT id, 2, 'knockout', '{"kind":"knockout","size":' || knockout_size || ',"third_place":'
        || (CASE WHEN third_place THEN 'true' ELSE 'false' END) || ',"from":"swiss-standings"}'
    FROM tournaments WHERE knockout_size >= 2;

CREATE TABLE group_draws (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    stage INTEGER NOT NULL,
    seeding TEXT NOT NULL CHECK (seeding IN ('snake', 'pots', 'lot')),
    lot_seed INTEGER,
    clashes TEXT NOT NULL DEFAULT '[]',
    drawn_by INTEGER REFERENCES users(id),
    drawn_at TEXT NOT NULL,
    PRIMARY KEY (tournament_id, stage)
);

CREATE TABLE group_members (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    stage INTEGER NOT NULL,
    group_no INTEGER NOT NULL,
    number INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players(id),
    PRIMARY KEY (tournament_id, stage, player_id),
    UNIQUE (tournament_id, stage, group_no, number)
);

CREATE TABLE group_lots (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    stage INTEGER NOT NULL,
    group_no INTEGER NOT NULL,
    lot_seed INTEGER NOT NULL,
    drawn_by INTEGER REFERENCES users(id),
    drawn_at TEXT NOT NULL,
    PRIMARY KEY (tournament_id, stage, group_no)
);

ALTER TABLE matches ADD COLUMN group_no INTEGER;

-- SQLite cannot change a CHECK in place: `rounds` is rebuilt with every row and id kept. The
-- references to it (matches, table_referees) are checked at commit (`defer_foreign_keys`), when
-- every round is back under its id.
PRAGMA defer_foreign_keys = ON;
CREATE TABLE rounds_before_19 AS SELECT * FROM rounds;
DROP TABLE rounds;
CREATE TABLE rounds (
    id INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    number INTEGER NOT NULL,
    phase TEXT NOT NULL CHECK (phase IN ('swiss', 'groups', 'knockout')),
    status TEXT NOT NULL CHECK (status IN ('draft', 'published', 'locked')),
    explanation TEXT NOT NULL DEFAULT '',
    version INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL,
    UNIQUE (tournament_id, number)
);
INSERT INTO rounds (id, tournament_id, number, phase, status, explanation, version, created_at)
    SELECT id, tournament_id, number, phase, status, explanation, version, created_at FROM rounds_before_19;
DROP TABLE rounds_before_19;
