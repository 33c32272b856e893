-- Issue 39: entries from schools. An event's entries, opened by its organiser: the last day of
-- entries, the cap of players, an optional cap per school, the birth years admitted, the consent
-- text shown to guardians (its version counts up on every edit, so each consent names the text it
-- was given on), whether a teacher's declaration of a signed paper form counts as consent, and how
-- many schools may sign up at most (the abuse cap). New tables only: every row of an older database stays.
CREATE TABLE entry_rules (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournaments(id),
    deadline TEXT NOT NULL,
    cap INTEGER NOT NULL,
    per_school INTEGER,
    born_from INTEGER NOT NULL,
    born_to INTEGER NOT NULL,
    consent_text TEXT NOT NULL,
    consent_version INTEGER NOT NULL,
    paper_allowed INTEGER NOT NULL,
    max_schools INTEGER NOT NULL,
    opened_by INTEGER NOT NULL REFERENCES users(id),
    opened_at TEXT NOT NULL,
    seated_at TEXT
);

-- Every version of the consent text, kept: a consent record names one.
CREATE TABLE consent_texts (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    version INTEGER NOT NULL,
    body TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (tournament_id, version)
);

-- A school signed up by its teacher, without an account: only the SHA-256 of its private link's
-- token is kept; the organiser may revoke the link.
CREATE TABLE entry_schools (
    id INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    name TEXT NOT NULL,
    town TEXT NOT NULL,
    region TEXT NOT NULL,
    teacher TEXT NOT NULL,
    email TEXT NOT NULL,
    phone TEXT NOT NULL,
    token_sha256 TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    revoked_at TEXT
);
CREATE INDEX entry_schools_by_tournament ON entry_schools(tournament_id);

-- A pupil entered by a school, in order of arrival (the id). The state: 'consent' (waiting for the
-- guardian's consent), 'confirmed' (consent given, a place held), 'waiting' (consent given, on the
-- waiting list), 'withdrawn', 'refused' (by the organiser, with a reason), 'absent' (not checked in
-- when round 1 was paired). The guardian's link: only its token's SHA-256. `player_id`: the player
-- the entry became when round 1's players were seated.
CREATE TABLE entries (
    id INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    school_id INTEGER NOT NULL REFERENCES entry_schools(id),
    name TEXT NOT NULL,
    birth_date TEXT NOT NULL,
    class TEXT NOT NULL,
    guardian_sha256 TEXT NOT NULL UNIQUE,
    state TEXT NOT NULL,
    reason TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    checked_in_at TEXT,
    player_id INTEGER REFERENCES players(id),
    erased_at TEXT
);
CREATE INDEX entries_by_tournament ON entries(tournament_id, state);
CREATE INDEX entries_by_school ON entries(school_id);

-- A guardian's consent (or the teacher's declaration of a signed paper form): who, when, on which
-- text version, how ('online' or 'paper', with the form's date), and the optional consents
-- (publishing the name, photos). Withdrawn: the date; the row is kept, pseudonymous after the
-- erasure, as the proof that consent existed and was withdrawn.
CREATE TABLE consents (
    id INTEGER PRIMARY KEY,
    entry_id INTEGER NOT NULL REFERENCES entries(id),
    guardian TEXT NOT NULL,
    at TEXT NOT NULL,
    text_version INTEGER NOT NULL,
    how TEXT NOT NULL,
    paper_date TEXT,
    publish_name INTEGER NOT NULL,
    photos INTEGER NOT NULL,
    withdrawn_at TEXT
);
CREATE INDEX consents_by_entry ON consents(entry_id);
