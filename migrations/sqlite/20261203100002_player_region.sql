-- Issue 20: the region an entry was registered with (as its school is in `club`): the stages'
-- draw keeps a region's players apart from it; the person keeps the latest in `persons.region`.
-- A column with a default only: every row of an older database stays as it was (no region).
ALTER TABLE players ADD COLUMN region TEXT NOT NULL DEFAULT '';
