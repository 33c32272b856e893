-- Issue 25: matches played online, each player on their own device through a personal link.
-- A match the organiser marked online (whole rounds mark each of their matches).
CREATE TABLE online_matches (
    match_id INTEGER PRIMARY KEY REFERENCES matches(id),
    marked_by INTEGER NOT NULL REFERENCES users(id),
    marked_at TEXT NOT NULL
);

-- A player's personal link to an online match: only the SHA-256 of its token (hex) is kept, so the
-- database never holds a working link. A revoked link answers 403; the referee may issue a new one.
CREATE TABLE online_links (
    id INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES online_matches(match_id),
    player_id INTEGER NOT NULL REFERENCES players(id),
    token_sha256 TEXT NOT NULL UNIQUE,
    created_by INTEGER NOT NULL REFERENCES users(id),
    created_at TEXT NOT NULL,
    revoked_at TEXT
);
CREATE INDEX online_links_by_match ON online_links(match_id);

-- The deal of an online game: 32 bytes from the operating system (hex), drawn when the match is
-- marked online (or when its game starts, for a game made later), and their SHA-256 (hex), shown
-- to both players from the start; the seed itself is shown only once the game is over.
CREATE TABLE online_games (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    seed TEXT NOT NULL,
    seed_sha256 TEXT NOT NULL
);
