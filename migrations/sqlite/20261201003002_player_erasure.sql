-- Erasing a player's personal data after the season (issue 11): results stay, under a pseudonym.
-- When set, the name is the pseudonym, the club is empty and the birth date is a fixed placeholder.
ALTER TABLE players ADD COLUMN erased_at TEXT;
