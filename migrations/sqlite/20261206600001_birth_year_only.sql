-- Issue 41 item 3: a finished season keeps no birth dates of its players beyond its retention day,
-- unless a later season's eligibility needs them; then only the birth year is kept: the date
-- becomes 1 January of that year and this flag says the day and month are not known. New columns
-- with a default only: every row of an older database stays as it was.
ALTER TABLE persons ADD COLUMN birth_year_only INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN birth_year_only INTEGER NOT NULL DEFAULT 0;
