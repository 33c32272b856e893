-- A tournament's change counter (issue 14): every transaction that writes the tournament's data moves
-- it on first (`Store::write_tournament`), so it is the public pages' change stamp on both databases
-- (on PostgreSQL, history ids may commit out of order) and, on PostgreSQL, the row lock that
-- serialises the tournament's writers. Existing tournaments start from their history's size.
ALTER TABLE tournaments ADD COLUMN changes INTEGER NOT NULL DEFAULT 0;
UPDATE tournaments SET changes = (SELECT COUNT(*) FROM history h WHERE h.tournament_id = tournaments.id);
