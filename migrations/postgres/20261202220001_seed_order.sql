-- Issue 19: the organiser's seed list for the groups' draw (a JSON array of player ids, best seed
-- first; players not in it follow in registration order) and the groups' tiebreak order (the
-- league's names, comma-separated). NULL, as for every stage until now: the registration order and
-- the default group tiebreaks, so every stored draw, standing and page stays as it was.
ALTER TABLE tournament_stages ADD COLUMN seed_order TEXT;
ALTER TABLE tournament_stages ADD COLUMN tiebreaks TEXT;
