-- Accounts, server-side sessions and the audit trail.
-- Ids are UUIDv7 text; timestamps are fixed-width RFC 3339 UTC text (sortable as text).

CREATE TABLE users (
    id                   TEXT PRIMARY KEY,
    -- stored lowercased and trimmed, so lookups are exact
    email                TEXT NOT NULL UNIQUE,
    display_name         TEXT NOT NULL,
    -- argon2id PHC string; NULL for accounts that can only sign in through SSO
    password_hash        TEXT,
    role                 TEXT NOT NULL CHECK (role IN ('admin', 'user')),
    -- 'locked' is never stored: it is derived from locked_until
    status               TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'deactivated')),
    auth_type            TEXT NOT NULL DEFAULT 'password',
    created_at           TEXT NOT NULL,
    updated_at           TEXT NOT NULL,
    email_verified_at    TEXT,
    -- failed sign-ins in a row since the last success or lockout
    failed_login_count   INTEGER NOT NULL DEFAULT 0,
    -- a lockout is in force while this is in the future
    locked_until         TEXT,
    -- how many lockouts the account has had, reported as locked_account_count
    locked_account_count INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE sessions (
    id           TEXT PRIMARY KEY,
    -- SHA-256 (hex) of the cookie value: a leaked database does not leak live sessions
    token_hash   TEXT NOT NULL UNIQUE,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    expires_at   TEXT NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_id);

CREATE TABLE audit_log (
    id         TEXT PRIMARY KEY,
    -- whom the event is about
    user_id    TEXT NOT NULL DEFAULT '',
    -- who did it ('' for the system or an anonymous caller)
    actor_id   TEXT NOT NULL DEFAULT '',
    action     TEXT NOT NULL,
    detail     TEXT NOT NULL DEFAULT '',
    ip         TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
);
CREATE INDEX audit_log_by_time ON audit_log (created_at);
