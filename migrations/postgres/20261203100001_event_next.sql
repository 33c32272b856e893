-- Issue 20: where an event's qualifiers go when the level above has several events for its region
-- (the coordinator's choice; NULL: the one open event of the region at the next level, or the final).
-- A nullable column only: every row of an older database stays as it was.
ALTER TABLE season_events ADD COLUMN next_id BIGINT REFERENCES season_events(tournament_id);
