-- The digital table: games recorded live at the table, one event line at a time, with the league clock
-- kept by the server. A row per game being (or having been) recorded; the finished record becomes the
-- game's validated log and result like a submitted log (games.log_text, history, standings).
CREATE TABLE recordings (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    -- The edition the game is recorded on (the tournament's when recording started).
    edition TEXT NOT NULL,
    -- The clocks: each side's remaining milliseconds as of since_ms, and the side whose clock runs
    -- (NULL: none, before the first decision, while paused, after the end).
    red_ms INTEGER NOT NULL,
    polish_ms INTEGER NOT NULL,
    running TEXT CHECK (running IN ('red', 'polish')),
    since_ms INTEGER NOT NULL,
    paused INTEGER NOT NULL DEFAULT 0,
    -- Lines recorded so far: the version two devices check before appending.
    steps INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL CHECK (status IN ('recording', 'finished')),
    started_by INTEGER REFERENCES users(id),
    started_at TEXT NOT NULL
);

-- One notation line per step (the mover's clock reading in it), saved before the answer.
CREATE TABLE recorded_lines (
    game_id INTEGER NOT NULL REFERENCES recordings(game_id),
    step INTEGER NOT NULL,
    line TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    by_user INTEGER REFERENCES users(id),
    PRIMARY KEY (game_id, step)
);
