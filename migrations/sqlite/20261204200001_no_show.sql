-- Issue 25: the no-show of an online match. The organiser's waiting time (minutes, per tournament);
-- when a round was published (the waiting starts then, or when its match was made online, whichever
-- is later; NULL for rounds published before this column: the marking counts); and when each
-- player first opened their personal link after the match was made online.
ALTER TABLE tournaments ADD COLUMN no_show_wait_mins INTEGER NOT NULL DEFAULT 15;
ALTER TABLE rounds ADD COLUMN published_at TEXT;
ALTER TABLE online_links ADD COLUMN present_since TEXT;
