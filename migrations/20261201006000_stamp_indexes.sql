-- The read model's change stamp (`store::view::stamps`) asks for the newest history row of every
-- tournament on each public request (coalesced); deck checks are loaded per tournament with the view.
CREATE INDEX history_by_tournament ON history(tournament_id, id);
CREATE INDEX deck_checks_by_tournament ON deck_checks(tournament_id);
