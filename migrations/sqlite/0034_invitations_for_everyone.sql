-- Sharing a collection invites everybody, account or not: the invitee accepts or declines
-- (a declined invitation is kept, like the others, as the record of what happened), and
-- `mailed_at` says whether the invitation was mailed (at most once a day per address and
-- collection). SQLite cannot change a CHECK constraint: the table is rebuilt.
CREATE TABLE collection_invitations_new (
    id            TEXT PRIMARY KEY,
    collection_id TEXT NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    -- normalised like users.email (trimmed, lowercased)
    email         TEXT NOT NULL,
    role          TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
    -- who invited; NULL once that account is deleted (the invitation stays for the owners)
    invited_by    TEXT REFERENCES users (id) ON DELETE SET NULL,
    status        TEXT NOT NULL CHECK (status IN ('pending', 'accepted', 'revoked', 'declined')),
    created_at    TEXT NOT NULL,
    decided_at    TEXT,
    mailed_at     TEXT
);
INSERT INTO collection_invitations_new
    (id, collection_id, email, role, invited_by, status, created_at, decided_at, mailed_at)
    SELECT id, collection_id, email, role, invited_by, status, created_at, decided_at, created_at
    FROM collection_invitations;
DROP TABLE collection_invitations;
ALTER TABLE collection_invitations_new RENAME TO collection_invitations;
CREATE UNIQUE INDEX collection_invitations_one_pending
    ON collection_invitations (collection_id, email) WHERE status = 'pending';
CREATE INDEX collection_invitations_by_email ON collection_invitations (email, status);
