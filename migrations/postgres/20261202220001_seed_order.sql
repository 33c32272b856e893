-- Issue 19: the organiser's seed list for the groups' draw (a JSON array of player ids, best seed
-- first; players not in it follow in registration order). NULL, as for every stage until now: the
-- registration order, so every stored draw and page stays as it was.
ALTER TABLE tournament_stages ADD COLUMN seed_order TEXT;
