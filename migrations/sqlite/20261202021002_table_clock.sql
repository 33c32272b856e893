-- Issue 21: who keeps the time of a recorded game. `players`: the players' chess clock at the table
-- (the recorder writes only the readings the scribe types, and a flag fall the scribe taps);
-- `tablet`: a clock the server keeps on a tablet between the players, each pressing their half (each
-- recorded event carries the reading of its player's last press). Existing tournaments: players.
ALTER TABLE tournaments ADD COLUMN table_clock TEXT NOT NULL DEFAULT 'players'
    CHECK (table_clock IN ('players', 'tablet'));
