-- The engine's rule switches beyond fortifications and flank attacks (`engine::RuleOptions`), per
-- tournament. Defaults are `RuleOptions::default()`: the rules-interpretation register's decisions.
ALTER TABLE tournaments ADD COLUMN no_retreat_eliminates INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN compulsory_advance INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN pillage_by_free_units_only INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN encirclement TEXT NOT NULL DEFAULT 'two-attackers'
    CHECK (encirclement IN ('two-attackers', 'flank-attack'));
