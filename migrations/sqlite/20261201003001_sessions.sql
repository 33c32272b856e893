-- Server-side sessions and login throttling (issue 11). Portable SQL; times are Unix seconds (UTC).

-- One row per logged-in browser. The cookie carries a random session id; only its SHA-256 is stored,
-- so a copy of the database does not hand out live sessions. Logout deletes the row; a row idle for
-- longer than the idle timeout, or older than the absolute timeout, is refused and deleted.
CREATE TABLE sessions (
    id_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    created_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL
);
CREATE INDEX sessions_by_user ON sessions(user_id);

-- Failed logins per key (a client address, an account from an untrusted client, an account, a
-- trusted device): how many in the current window, the last one, and until when the key is blocked
-- (these two in Unix milliseconds, so that Retry-After rounds the same way every time).
CREATE TABLE login_throttle (
    key TEXT PRIMARY KEY,
    failures INTEGER NOT NULL,
    last_failure INTEGER NOT NULL,
    blocked_until INTEGER NOT NULL
);
