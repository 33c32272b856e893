-- Issue 21: who keeps the time of a recorded game (see migrations/sqlite/).
ALTER TABLE tournaments ADD COLUMN table_clock TEXT NOT NULL DEFAULT 'players'
    CHECK (table_clock IN ('players', 'tablet'));
