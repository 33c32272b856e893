-- Issue 20: a merge of two persons moves the merged person's season invitations to the person kept
-- (with their entries and stored rankings' rows), and undoing it moves exactly those back: the ids
-- it moved, as a JSON list. Older merges moved none: '[]'. Every row of an older database stays.
ALTER TABLE person_merges ADD COLUMN invitations TEXT NOT NULL DEFAULT '[]';
