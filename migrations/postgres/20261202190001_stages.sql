-- Issue 19: a tournament is a sequence of stages (see migrations/sqlite/ for what each table holds).
CREATE TABLE tournament_stages (
    tournament_id BIGINT NOT NULL REFERENCES tournaments(id),
    position BIGINT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('swiss', 'groups', 'knockout')),
    definition JSONB NOT NULL,
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    withdrawal TEXT NOT NULL DEFAULT 'results-stand' CHECK (withdrawal IN ('results-stand', 'annul-under-half')),
    ranking TEXT,
    PRIMARY KEY (tournament_id, position)
);
INSERT INTO tournament_stages (tournament_id, position, kind, definition)
    SELECT id, 1, 'swiss', ('{"kind":"swiss","rounds":' || swiss_rounds || '}')::jsonb FROM tournaments;
INSERT INTO tournament_stages (tournament_id, position, kind, definition)
    SELECT id, 2, 'knockout', ('{"kind":"knockout","size":' || knockout_size || ',"third_place":'
        || (CASE WHEN third_place THEN 'true' ELSE 'false' END) || ',"from":"swiss-standings"}')::jsonb
    FROM tournaments WHERE knockout_size >= 2;

CREATE TABLE group_draws (
    tournament_id BIGINT NOT NULL REFERENCES tournaments(id),
    stage BIGINT NOT NULL,
    seeding TEXT NOT NULL CHECK (seeding IN ('snake', 'pots', 'lot')),
    lot_seed BIGINT,
    clashes TEXT NOT NULL DEFAULT '[]',
    drawn_by BIGINT REFERENCES users(id),
    drawn_at TEXT NOT NULL,
    PRIMARY KEY (tournament_id, stage)
);

CREATE TABLE group_members (
    tournament_id BIGINT NOT NULL REFERENCES tournaments(id),
    stage BIGINT NOT NULL,
    group_no BIGINT NOT NULL,
    number BIGINT NOT NULL,
    player_id BIGINT NOT NULL REFERENCES players(id),
    PRIMARY KEY (tournament_id, stage, player_id),
    UNIQUE (tournament_id, stage, group_no, number)
);

CREATE TABLE group_lots (
    tournament_id BIGINT NOT NULL REFERENCES tournaments(id),
    stage BIGINT NOT NULL,
    group_no BIGINT NOT NULL,
    lot_seed BIGINT NOT NULL,
    drawn_by BIGINT REFERENCES users(id),
    drawn_at TEXT NOT NULL,
    PRIMARY KEY (tournament_id, stage, group_no)
);

ALTER TABLE matches ADD COLUMN group_no BIGINT;

ALTER TABLE rounds DROP CONSTRAINT rounds_phase_check;
ALTER TABLE rounds ADD CONSTRAINT rounds_phase_check CHECK (phase IN ('swiss', 'groups', 'knockout'));
