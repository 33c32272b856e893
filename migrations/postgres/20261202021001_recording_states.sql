-- Issue 21: more states of a recording and its write revision (see migrations/sqlite/).
ALTER TABLE recordings DROP CONSTRAINT recordings_status_check;
ALTER TABLE recordings ADD CONSTRAINT recordings_status_check
    CHECK (status IN ('recording', 'finished', 'ended', 'awaiting', 'set-aside'));
ALTER TABLE recordings ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;
