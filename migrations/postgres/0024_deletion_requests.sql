-- The PostgreSQL twin of migrations/sqlite/0024_deletion_requests.sql, kept equal table by table (server/tests/api/schema_parity.rs):
-- INTEGER is BIGINT, REAL is DOUBLE PRECISION, TEXT compares byte by byte (COLLATE "C") as in SQLite.
-- Account deletion: requests made by users, decided by an admin.
--
-- `user_id` has no foreign key on purpose (like audit_log.user_id): a decided request outlives
-- the account it deleted, so the trail of who asked and who decided stays readable.
CREATE TABLE deletion_requests (
    id         TEXT COLLATE "C" PRIMARY KEY,
    user_id    TEXT COLLATE "C" NOT NULL,
    reason     TEXT COLLATE "C" NOT NULL DEFAULT '',
    -- pending until an admin approves or rejects it, or until expires_at passes (expired)
    status     TEXT COLLATE "C" NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'expired')),
    created_at TEXT COLLATE "C" NOT NULL,
    expires_at TEXT COLLATE "C" NOT NULL,
    decided_at TEXT COLLATE "C",
    -- the admin who approved or rejected it ('' for an expiry or an account deleted directly)
    decided_by TEXT COLLATE "C" NOT NULL DEFAULT ''
);
-- At most one pending request per user (a second is a 409).
CREATE UNIQUE INDEX deletion_requests_one_pending ON deletion_requests (user_id) WHERE status = 'pending';
CREATE INDEX deletion_requests_by_status ON deletion_requests (status, expires_at);
