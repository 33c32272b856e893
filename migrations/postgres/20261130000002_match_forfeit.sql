-- A match not played over the board (see migrations/sqlite/ for the values' meaning).
ALTER TABLE matches ADD COLUMN forfeit TEXT
    CHECK (forfeit IN ('absent-a', 'absent-b', 'absent-both', 'withdrew-a', 'withdrew-b'));
