-- Tokens of the links sent by mail (or handed over by an admin): password reset and email
-- verification. Only the SHA-256 of a token is kept, as for sessions, so a copy of the
-- database opens no link.

CREATE TABLE email_tokens (
    -- SHA-256 (hex) of the token in the link
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose    TEXT NOT NULL CHECK (purpose IN ('reset_password', 'verify_email')),
    -- the address the link was issued for: a verification link confirms exactly this address
    email      TEXT NOT NULL,
    created_at TEXT NOT NULL,
    -- the link stops working at this time (reset: 1 hour, verification: 48 hours)
    expires_at TEXT NOT NULL,
    -- set when the link is used, or when another use made it pointless (single use)
    used_at    TEXT
);
CREATE INDEX email_tokens_by_user ON email_tokens (user_id, purpose);
