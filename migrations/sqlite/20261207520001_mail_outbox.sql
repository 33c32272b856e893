-- Issue 39, item 7: e-mail, optional and real. A mail is written here in the same transaction as
-- the change that causes it (a school signed up: the teacher's private link; a guardian's consent:
-- the confirmation to the teacher; a place freed: the promotion from the waiting list), and only
-- when the service was started with BITWA_SMTP_URL. A background task sends what is due through
-- SMTP: `next_at` is when to try (a try leases the row by moving it a minute on), `attempts`
-- counts the failures, each waiting twice as long as the one before (at most an hour); after
-- 12 failures `failed_at` ends it. `sent_at` marks it delivered to the relay. New table only.
CREATE TABLE mail_outbox (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at TEXT NOT NULL,
    next_at TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT NOT NULL DEFAULT '',
    sent_at TEXT,
    failed_at TEXT
);
CREATE INDEX mail_outbox_due ON mail_outbox(next_at) WHERE sent_at IS NULL AND failed_at IS NULL;
