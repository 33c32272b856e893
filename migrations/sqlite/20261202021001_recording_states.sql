-- Issue 21: nothing lost between the recorder and the result form, recorder writes atomic.
-- A recording may now also be `ended` (the organiser stopped it before the game ended, so that a
-- result can be typed; its lines are kept), `awaiting` (the game ended on the recorder where a result
-- already stood: which one stands is asked) and `set-aside` (the typed result was kept; the recorded
-- one is in history). `revision` counts every write to a recording (a line, an undo, a pause): a
-- write lands only on the revision it was decided on, so of two racing writes exactly one lands.
-- SQLite cannot change a CHECK in place: the table is rebuilt with every row kept. Renaming
-- `recordings` points `recorded_lines`' reference at the old table, so the lines move too.
ALTER TABLE recordings RENAME TO recordings_before_21;
CREATE TABLE recordings (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    edition TEXT NOT NULL,
    red_ms INTEGER NOT NULL,
    polish_ms INTEGER NOT NULL,
    running TEXT CHECK (running IN ('red', 'polish')),
    since_ms INTEGER NOT NULL,
    paused INTEGER NOT NULL DEFAULT 0,
    steps INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL CHECK (status IN ('recording', 'finished', 'ended', 'awaiting', 'set-aside')),
    started_by INTEGER REFERENCES users(id),
    started_at TEXT NOT NULL,
    revision INTEGER NOT NULL DEFAULT 0
);
INSERT INTO recordings (game_id, edition, red_ms, polish_ms, running, since_ms, paused, steps, status,
    started_by, started_at)
    SELECT game_id, edition, red_ms, polish_ms, running, since_ms, paused, steps, status, started_by, started_at
    FROM recordings_before_21;
CREATE TABLE recorded_lines_new (
    game_id INTEGER NOT NULL REFERENCES recordings(game_id),
    step INTEGER NOT NULL,
    line TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    by_user INTEGER REFERENCES users(id),
    PRIMARY KEY (game_id, step)
);
INSERT INTO recorded_lines_new (game_id, step, line, at_ms, by_user)
    SELECT game_id, step, line, at_ms, by_user FROM recorded_lines;
DROP TABLE recorded_lines;
DROP TABLE recordings_before_21;
ALTER TABLE recorded_lines_new RENAME TO recorded_lines;
