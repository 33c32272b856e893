-- The read model's lookups by tournament.
CREATE INDEX history_by_tournament ON history(tournament_id, id);
CREATE INDEX deck_checks_by_tournament ON deck_checks(tournament_id);
