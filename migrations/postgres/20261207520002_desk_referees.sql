-- Issue 39, item 5: the organiser may let the event's referees use the check-in desk. Off for
-- every event opened before (only organisers at the desk, as until now).
ALTER TABLE entry_rules ADD COLUMN desk_referees BOOLEAN NOT NULL DEFAULT FALSE;
