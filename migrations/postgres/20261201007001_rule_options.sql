-- The engine's rule switches as one JSON object (see migrations/sqlite/): the columns' values move
-- into it, then the columns go.
ALTER TABLE tournaments ADD COLUMN rules JSONB NOT NULL DEFAULT '{}';
UPDATE tournaments SET rules = jsonb_build_object(
    'fortifications', fortifications,
    'flank_attacks', flank_attacks,
    'time_control_secs', time_control_secs,
    'no_retreat_eliminates', no_retreat_eliminates,
    'compulsory_advance', compulsory_advance,
    'pillage_by_free_units_only', pillage_by_free_units_only,
    'encirclement', encirclement
);
ALTER TABLE tournaments
    DROP COLUMN fortifications,
    DROP COLUMN flank_attacks,
    DROP COLUMN time_control_secs,
    DROP COLUMN no_retreat_eliminates,
    DROP COLUMN compulsory_advance,
    DROP COLUMN pillage_by_free_units_only,
    DROP COLUMN encirclement;
