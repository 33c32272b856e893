-- A tournament's change counter (see migrations/sqlite/).
ALTER TABLE tournaments ADD COLUMN changes BIGINT NOT NULL DEFAULT 0;
UPDATE tournaments SET changes = (SELECT COUNT(*) FROM history h WHERE h.tournament_id = tournaments.id);
