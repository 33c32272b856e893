-- bitwa initial schema. Portable SQL (SQLite now, PostgreSQL next): integer ids, TEXT timestamps in
-- RFC 3339 (UTC), integer booleans, no SQLite-only types. Scores are integer half-points.

CREATE TABLE app_secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    username TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    is_admin INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
);

CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    venue TEXT NOT NULL DEFAULT '',
    first_day TEXT NOT NULL,
    last_day TEXT NOT NULL,
    swiss_rounds INTEGER NOT NULL,
    knockout_size INTEGER NOT NULL DEFAULT 0,
    third_place INTEGER NOT NULL DEFAULT 0,
    score_win INTEGER NOT NULL DEFAULT 2,
    score_draw INTEGER NOT NULL DEFAULT 1,
    score_loss INTEGER NOT NULL DEFAULT 0,
    score_bye INTEGER NOT NULL DEFAULT 2,
    tiebreaks TEXT NOT NULL,
    fortifications INTEGER NOT NULL DEFAULT 0,
    flank_attacks INTEGER NOT NULL DEFAULT 0,
    time_control_secs INTEGER NOT NULL DEFAULT 900,
    edition TEXT NOT NULL DEFAULT 'builtin',
    version INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL
);

CREATE TABLE tournament_roles (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    role TEXT NOT NULL CHECK (role IN ('organiser', 'referee')),
    PRIMARY KEY (tournament_id, user_id, role)
);

CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    name TEXT NOT NULL,
    birth_date TEXT NOT NULL,
    club TEXT NOT NULL DEFAULT '',
    knowledge_score INTEGER,
    withdrawn INTEGER NOT NULL DEFAULT 0,
    age_override INTEGER NOT NULL DEFAULT 0,
    joined_round INTEGER NOT NULL DEFAULT 1,
    version INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL
);
CREATE INDEX players_by_tournament ON players(tournament_id);

CREATE TABLE forbidden_pairs (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    player_a INTEGER NOT NULL REFERENCES players(id),
    player_b INTEGER NOT NULL REFERENCES players(id),
    PRIMARY KEY (tournament_id, player_a, player_b)
);

-- A round: Swiss or knockout; draft (computed, not yet shown), published, locked (finished, no edits).
CREATE TABLE rounds (
    id INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    number INTEGER NOT NULL,
    phase TEXT NOT NULL CHECK (phase IN ('swiss', 'knockout')),
    status TEXT NOT NULL CHECK (status IN ('draft', 'published', 'locked')),
    explanation TEXT NOT NULL DEFAULT '',
    version INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL,
    UNIQUE (tournament_id, number)
);

-- A match (two games, sides swapped) or a bye (player_b NULL). player_a commands Red in game 1.
-- Knockout matches also carry their bracket slot and the extra game's lot when one is needed.
CREATE TABLE matches (
    id INTEGER PRIMARY KEY,
    round_id INTEGER NOT NULL REFERENCES rounds(id),
    table_no INTEGER NOT NULL,
    player_a INTEGER NOT NULL REFERENCES players(id),
    player_b INTEGER REFERENCES players(id),
    bracket_slot INTEGER,
    version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX matches_by_round ON matches(round_id);

-- One game of a match: 1 and 2 (sides swapped), 3 = the knockout's extra game.
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches(id),
    game_no INTEGER NOT NULL,
    red_player INTEGER NOT NULL REFERENCES players(id),
    winner TEXT CHECK (winner IN ('red', 'polish')),
    termination TEXT,
    red_points INTEGER,
    red_clock_secs INTEGER,
    polish_clock_secs INTEGER,
    log_text TEXT,
    log_status TEXT NOT NULL DEFAULT 'none' CHECK (log_status IN ('none', 'valid', 'invalid')),
    log_message TEXT NOT NULL DEFAULT '',
    version INTEGER NOT NULL DEFAULT 1,
    updated_by INTEGER REFERENCES users(id),
    updated_at TEXT,
    UNIQUE (match_id, game_no)
);

CREATE TABLE deck_checks (
    id INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    match_id INTEGER NOT NULL REFERENCES matches(id),
    set_label TEXT NOT NULL,
    red_count INTEGER NOT NULL,
    polish_count INTEGER NOT NULL,
    swapped_to TEXT NOT NULL DEFAULT '',
    missing_cards TEXT NOT NULL DEFAULT '[]',
    checked_by INTEGER REFERENCES users(id),
    checked_at TEXT NOT NULL
);

-- Every change to a result, pairing or player: who, when, old value, new value (JSON).
CREATE TABLE history (
    id INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    entity TEXT NOT NULL,
    entity_id INTEGER NOT NULL,
    action TEXT NOT NULL,
    user_id INTEGER REFERENCES users(id),
    at TEXT NOT NULL,
    old_value TEXT NOT NULL,
    new_value TEXT NOT NULL
);
CREATE INDEX history_by_entity ON history(entity, entity_id);
