-- A match not played over the board: who did not come or who withdrew (league `MatchPlay::NoShow` /
-- `MatchPlay::Withdrawal`). NULL: the games were played (or are still to be entered).
-- Values: 'absent-a', 'absent-b', 'absent-both', 'withdrew-a', 'withdrew-b' (a = Red in game 1).
ALTER TABLE matches ADD COLUMN forfeit TEXT
    CHECK (forfeit IN ('absent-a', 'absent-b', 'absent-both', 'withdrew-a', 'withdrew-b'));
