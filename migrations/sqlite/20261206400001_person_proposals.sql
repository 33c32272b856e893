-- Issue 36: a merge (or a "different persons") asked by someone without the right over both
-- persons (one of them has entries in events the asker does not run) is a proposal, confirmed by
-- the registry's owner: an administrator, or the coordinators of every season involved. Who asked,
-- from which tournament or season, the seasons that confirmed so far (a JSON array of ids), and
-- the decision: done (with the merge it made) or refused.
CREATE TABLE person_proposals (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('merge', 'apart')),
    kept INTEGER NOT NULL REFERENCES persons(id),
    merged INTEGER NOT NULL REFERENCES persons(id),
    tournament_id INTEGER REFERENCES tournaments(id),
    season_id INTEGER REFERENCES seasons(id),
    proposed_by INTEGER REFERENCES users(id),
    proposed_at TEXT NOT NULL,
    approvals TEXT NOT NULL DEFAULT '[]',
    state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'done', 'refused')),
    decided_by INTEGER REFERENCES users(id),
    decided_at TEXT,
    merge_id INTEGER REFERENCES person_merges(id)
);
CREATE INDEX person_proposals_by_state ON person_proposals(state);
