-- Issue 25: the no-show of an online match (see migrations/sqlite/).
ALTER TABLE tournaments ADD COLUMN no_show_wait_mins BIGINT NOT NULL DEFAULT 15;
ALTER TABLE rounds ADD COLUMN published_at TEXT;
ALTER TABLE online_links ADD COLUMN present_since TEXT;
