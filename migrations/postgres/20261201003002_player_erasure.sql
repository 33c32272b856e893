-- Erasing a player's personal data after the season: when set, the name is a pseudonym.
ALTER TABLE players ADD COLUMN erased_at TEXT;
