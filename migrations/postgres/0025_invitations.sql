-- The PostgreSQL twin of migrations/sqlite/0025_invitations.sql, kept equal table by table (server/tests/api/schema_parity.rs):
-- INTEGER is BIGINT, REAL is DOUBLE PRECISION, TEXT compares byte by byte (COLLATE "C") as in SQLite.
-- Sharing a collection with an email address that has no account yet: the invitation becomes
-- a membership when an account with that email is created (admin-created or provisioned by
-- single sign-on). Accepted and revoked invitations are kept as the record of what happened.
CREATE TABLE collection_invitations (
    id            TEXT COLLATE "C" PRIMARY KEY,
    collection_id TEXT COLLATE "C" NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    -- normalised like users.email (trimmed, lowercased)
    email         TEXT COLLATE "C" NOT NULL,
    role          TEXT COLLATE "C" NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
    -- who invited; NULL once that account is deleted (the invitation stays for the owners)
    invited_by    TEXT COLLATE "C" REFERENCES users (id) ON DELETE SET NULL,
    status        TEXT COLLATE "C" NOT NULL CHECK (status IN ('pending', 'accepted', 'revoked')),
    created_at    TEXT COLLATE "C" NOT NULL,
    decided_at    TEXT COLLATE "C"
);
CREATE UNIQUE INDEX collection_invitations_one_pending
    ON collection_invitations (collection_id, email) WHERE status = 'pending';
CREATE INDEX collection_invitations_by_email ON collection_invitations (email, status);
