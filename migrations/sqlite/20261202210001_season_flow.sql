-- Issue 20, the qualification flow: an event closes with its final ranking stored (one row per
-- player in ranking order: the place, the person, the school and whether the season's eligibility
-- admits them, as the qualification read them), its reopenings and the coordinator's wildcards are
-- logged (season_log), qualifiers become invitations into the next level's event (a wildcard has no
-- source event), and the season's coordinators are its creator plus the users appointed here.
-- New tables and nullable columns only: every row of an older database stays as it was.
ALTER TABLE season_events ADD COLUMN closed_at TEXT;
ALTER TABLE season_events ADD COLUMN closed_by INTEGER REFERENCES users(id);

CREATE TABLE event_rankings (
    tournament_id INTEGER NOT NULL REFERENCES season_events(tournament_id),
    position INTEGER NOT NULL,
    place INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players(id),
    person_id INTEGER NOT NULL REFERENCES persons(id),
    school TEXT NOT NULL,
    eligible INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, position)
);

CREATE TABLE invitations (
    id INTEGER PRIMARY KEY,
    season_id INTEGER NOT NULL REFERENCES seasons(id),
    source_id INTEGER REFERENCES season_events(tournament_id),
    target_id INTEGER NOT NULL REFERENCES season_events(tournament_id),
    source_player_id INTEGER REFERENCES players(id),
    person_id INTEGER NOT NULL REFERENCES persons(id),
    kind TEXT NOT NULL,
    state TEXT NOT NULL,
    reason TEXT,
    player_id INTEGER REFERENCES players(id),
    created_by INTEGER REFERENCES users(id),
    created_at TEXT NOT NULL,
    decided_by INTEGER REFERENCES users(id),
    decided_at TEXT
);
CREATE INDEX invitations_by_target ON invitations(target_id);
CREATE INDEX invitations_by_source ON invitations(source_id);
CREATE INDEX invitations_by_season ON invitations(season_id);

CREATE TABLE season_log (
    id INTEGER PRIMARY KEY,
    season_id INTEGER NOT NULL REFERENCES seasons(id),
    tournament_id INTEGER REFERENCES season_events(tournament_id),
    kind TEXT NOT NULL,
    person_id INTEGER REFERENCES persons(id),
    reason TEXT NOT NULL,
    by_user INTEGER REFERENCES users(id),
    at TEXT NOT NULL
);
CREATE INDEX season_log_by_season ON season_log(season_id);

CREATE TABLE season_coordinators (
    season_id INTEGER NOT NULL REFERENCES seasons(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    PRIMARY KEY (season_id, user_id)
);
