-- The digital table: games recorded live at the table (see migrations/sqlite/).
CREATE TABLE recordings (
    game_id BIGINT PRIMARY KEY REFERENCES games(id),
    edition TEXT NOT NULL,
    red_ms BIGINT NOT NULL,
    polish_ms BIGINT NOT NULL,
    running TEXT CHECK (running IN ('red', 'polish')),
    since_ms BIGINT NOT NULL,
    paused BOOLEAN NOT NULL DEFAULT FALSE,
    steps BIGINT NOT NULL DEFAULT 0,
    status TEXT NOT NULL CHECK (status IN ('recording', 'finished')),
    started_by BIGINT REFERENCES users(id),
    started_at TEXT NOT NULL
);

CREATE TABLE recorded_lines (
    game_id BIGINT NOT NULL REFERENCES recordings(game_id),
    step BIGINT NOT NULL,
    line TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    by_user BIGINT REFERENCES users(id),
    PRIMARY KEY (game_id, step)
);
