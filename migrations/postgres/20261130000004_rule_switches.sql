-- The engine's rule switches beyond fortifications and flank attacks, per tournament.
ALTER TABLE tournaments ADD COLUMN no_retreat_eliminates BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE tournaments ADD COLUMN compulsory_advance BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE tournaments ADD COLUMN pillage_by_free_units_only BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE tournaments ADD COLUMN encirclement TEXT NOT NULL DEFAULT 'two-attackers'
    CHECK (encirclement IN ('two-attackers', 'flank-attack'));
