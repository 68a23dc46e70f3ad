-- The PostgreSQL twin of migrations/sqlite/0001_users_sessions_audit.sql, kept equal table by table (server/tests/api/schema_parity.rs):
-- INTEGER is BIGINT, REAL is DOUBLE PRECISION, TEXT compares byte by byte (COLLATE "C") as in SQLite.
-- Accounts, server-side sessions and the audit trail.
-- Ids are UUIDv7 text; timestamps are fixed-width RFC 3339 UTC text (sortable as text).

CREATE TABLE users (
    id                   TEXT COLLATE "C" PRIMARY KEY,
    -- stored lowercased and trimmed, so lookups are exact
    email                TEXT COLLATE "C" NOT NULL UNIQUE,
    display_name         TEXT COLLATE "C" NOT NULL,
    -- argon2id PHC string; NULL for accounts that can only sign in through SSO
    password_hash        TEXT COLLATE "C",
    role                 TEXT COLLATE "C" NOT NULL CHECK (role IN ('admin', 'user')),
    -- 'locked' is never stored: it is derived from locked_until
    status               TEXT COLLATE "C" NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'deactivated')),
    auth_type            TEXT COLLATE "C" NOT NULL DEFAULT 'password',
    created_at           TEXT COLLATE "C" NOT NULL,
    updated_at           TEXT COLLATE "C" NOT NULL,
    email_verified_at    TEXT COLLATE "C",
    -- failed sign-ins in a row since the last success or lockout
    failed_login_count   BIGINT NOT NULL DEFAULT 0,
    -- a lockout is in force while this is in the future
    locked_until         TEXT COLLATE "C",
    -- how many lockouts the account has had, reported as locked_account_count
    locked_account_count BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE sessions (
    id           TEXT COLLATE "C" PRIMARY KEY,
    -- SHA-256 (hex) of the cookie value: a leaked database does not leak live sessions
    token_hash   TEXT COLLATE "C" NOT NULL UNIQUE,
    user_id      TEXT COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   TEXT COLLATE "C" NOT NULL,
    last_seen_at TEXT COLLATE "C" NOT NULL,
    expires_at   TEXT COLLATE "C" NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_id);

CREATE TABLE audit_log (
    id         TEXT COLLATE "C" PRIMARY KEY,
    -- whom the event is about
    user_id    TEXT COLLATE "C" NOT NULL DEFAULT '',
    -- who did it ('' for the system or an anonymous caller)
    actor_id   TEXT COLLATE "C" NOT NULL DEFAULT '',
    action     TEXT COLLATE "C" NOT NULL,
    detail     TEXT COLLATE "C" NOT NULL DEFAULT '',
    ip         TEXT COLLATE "C" NOT NULL DEFAULT '',
    created_at TEXT COLLATE "C" NOT NULL
);
CREATE INDEX audit_log_by_time ON audit_log (created_at);
