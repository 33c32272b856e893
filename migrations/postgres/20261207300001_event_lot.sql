-- Issue 34: the organiser's lot for a tie at a qualifying place of a season's event (players
-- sharing a place of the final ranking, some of them qualifying and some not). The recorded seed
-- orders every shared place of the ranking for the qualification (`league::season::by_lot`), so
-- anyone can draw it again. NULL: no lot drawn. A nullable column only.
ALTER TABLE season_events ADD COLUMN lot_seed BIGINT;
