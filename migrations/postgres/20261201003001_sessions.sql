-- Server-side sessions and login throttling (see migrations/sqlite/). Times: Unix seconds; the
-- throttle's last_failure and blocked_until: Unix milliseconds.
CREATE TABLE sessions (
    id_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id),
    created_at BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL
);
CREATE INDEX sessions_by_user ON sessions(user_id);

CREATE TABLE login_throttle (
    key TEXT PRIMARY KEY,
    failures BIGINT NOT NULL,
    last_failure BIGINT NOT NULL,
    blocked_until BIGINT NOT NULL
);
