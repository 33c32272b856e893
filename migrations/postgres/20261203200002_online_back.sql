-- Issue 25: an online match switched back to the table (its links revoked), when; NULL while online.
ALTER TABLE online_matches ADD COLUMN back_at TEXT;
