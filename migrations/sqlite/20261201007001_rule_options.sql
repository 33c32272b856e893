-- The engine's rule switches as one JSON object (issue 14), the serde form of `engine::RuleOptions`:
-- a switch the engine adds later is a key with its default (`#[serde(default)]`), not a column.
-- The seven columns' values move into it, then the columns go.
ALTER TABLE tournaments ADD COLUMN rules TEXT NOT NULL DEFAULT '{}';
UPDATE tournaments SET rules = json_object(
    'fortifications', json(CASE WHEN fortifications <> 0 THEN 'true' ELSE 'false' END),
    'flank_attacks', json(CASE WHEN flank_attacks <> 0 THEN 'true' ELSE 'false' END),
    'time_control_secs', time_control_secs,
    'no_retreat_eliminates', json(CASE WHEN no_retreat_eliminates <> 0 THEN 'true' ELSE 'false' END),
    'compulsory_advance', json(CASE WHEN compulsory_advance <> 0 THEN 'true' ELSE 'false' END),
    'pillage_by_free_units_only', json(CASE WHEN pillage_by_free_units_only <> 0 THEN 'true' ELSE 'false' END),
    'encirclement', encirclement
);
ALTER TABLE tournaments DROP COLUMN fortifications;
ALTER TABLE tournaments DROP COLUMN flank_attacks;
ALTER TABLE tournaments DROP COLUMN time_control_secs;
ALTER TABLE tournaments DROP COLUMN no_retreat_eliminates;
ALTER TABLE tournaments DROP COLUMN compulsory_advance;
ALTER TABLE tournaments DROP COLUMN pillage_by_free_units_only;
ALTER TABLE tournaments DROP COLUMN encirclement;
