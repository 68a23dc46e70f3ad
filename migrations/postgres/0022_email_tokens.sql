-- The PostgreSQL twin of migrations/sqlite/0022_email_tokens.sql, kept equal table by table (server/tests/api/schema_parity.rs):
-- INTEGER is BIGINT, REAL is DOUBLE PRECISION, TEXT compares byte by byte (COLLATE "C") as in SQLite.
-- Tokens of the links sent by mail (or handed over by an admin): password reset and email
-- verification. Only the SHA-256 of a token is kept, as for sessions, so a copy of the
-- database opens no link.

CREATE TABLE email_tokens (
    -- SHA-256 (hex) of the token in the link
    token_hash TEXT COLLATE "C" PRIMARY KEY,
    user_id    TEXT COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose    TEXT COLLATE "C" NOT NULL CHECK (purpose IN ('reset_password', 'verify_email')),
    -- the address the link was issued for: a verification link confirms exactly this address
    email      TEXT COLLATE "C" NOT NULL,
    created_at TEXT COLLATE "C" NOT NULL,
    -- the link stops working at this time (reset: 1 hour, verification: 48 hours)
    expires_at TEXT COLLATE "C" NOT NULL,
    -- set when the link is used, or when another use made it pointless (single use)
    used_at    TEXT COLLATE "C"
);
CREATE INDEX email_tokens_by_user ON email_tokens (user_id, purpose);
