-- Sharing a collection with an email address that has no account yet: the invitation becomes
-- a membership when an account with that email is created (admin-created or provisioned by
-- single sign-on). Accepted and revoked invitations are kept as the record of what happened.
CREATE TABLE collection_invitations (
    id            TEXT PRIMARY KEY,
    collection_id TEXT NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    -- normalised like users.email (trimmed, lowercased)
    email         TEXT NOT NULL,
    role          TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
    -- who invited; NULL once that account is deleted (the invitation stays for the owners)
    invited_by    TEXT REFERENCES users (id) ON DELETE SET NULL,
    status        TEXT NOT NULL CHECK (status IN ('pending', 'accepted', 'revoked')),
    created_at    TEXT NOT NULL,
    decided_at    TEXT
);
CREATE UNIQUE INDEX collection_invitations_one_pending
    ON collection_invitations (collection_id, email) WHERE status = 'pending';
CREATE INDEX collection_invitations_by_email ON collection_invitations (email, status);
