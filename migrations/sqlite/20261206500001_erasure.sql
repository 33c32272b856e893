-- Issue 41: a person's personal data erased (after the season, on a guardian's request, on a
-- withdrawn consent, or by the season's retention). One row per erasure: the person's id and
-- pseudonym, why (a fixed word, never free text, so the log holds nothing of the erased data), who
-- (NULL: the service's retention task) and when. A consent withdrawn is proven by a row of reason
-- 'consent-withdrawn'. The season's setting: erase its persons' data N days after its last day
-- (NULL: never by itself). New table and a nullable column only: every row of an older database stays.
CREATE TABLE erasures (
    id INTEGER PRIMARY KEY,
    person_id INTEGER NOT NULL REFERENCES persons(id),
    pseudonym TEXT NOT NULL,
    reason TEXT NOT NULL,
    season_id INTEGER REFERENCES seasons(id),
    by_user INTEGER REFERENCES users(id),
    at TEXT NOT NULL
);
CREATE INDEX erasures_by_person ON erasures(person_id);
ALTER TABLE seasons ADD COLUMN erase_after_days INTEGER;
