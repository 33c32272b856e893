-- A forbidden pair may hold only up to a round (league `ForbiddenUntil::Round(n)`: rounds 1 to n);
-- NULL: always.
ALTER TABLE forbidden_pairs ADD COLUMN until_round INTEGER;
