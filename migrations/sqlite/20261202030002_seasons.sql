-- Issue 20: a league season (name, dates, edition, eligibility as JSON: `league::season::Eligibility`),
-- its levels and regions in order (ids of their own, so renaming one keeps its events), and its
-- events: tournaments at a level, in a region (the final has none), each with its qualification
-- rule (top `places` eligible, at most `per_school` of one school when set). An event is keyed by
-- its tournament, so the frozen final ranking and the invitations (next session) hang off it.
CREATE TABLE seasons (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    first_day TEXT NOT NULL,
    last_day TEXT NOT NULL,
    edition TEXT NOT NULL,
    eligibility TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 1,
    created_by INTEGER REFERENCES users(id),
    created_at TEXT NOT NULL
);

CREATE TABLE season_levels (
    id INTEGER PRIMARY KEY,
    season_id INTEGER NOT NULL REFERENCES seasons(id),
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    UNIQUE (season_id, position)
);

CREATE TABLE season_regions (
    id INTEGER PRIMARY KEY,
    season_id INTEGER NOT NULL REFERENCES seasons(id),
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    UNIQUE (season_id, position)
);

CREATE TABLE season_events (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournaments(id),
    season_id INTEGER NOT NULL REFERENCES seasons(id),
    level_id INTEGER NOT NULL REFERENCES season_levels(id),
    region_id INTEGER REFERENCES season_regions(id),
    places INTEGER NOT NULL,
    per_school INTEGER,
    created_at TEXT NOT NULL
);
CREATE INDEX season_events_by_season ON season_events(season_id);
