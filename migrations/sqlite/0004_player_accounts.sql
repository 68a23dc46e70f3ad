-- Accounts on the player platform linked by a user. Tokens are sealed with AES-256-GCM under
-- the server's encryption key and never leave the server.
CREATE TABLE player_accounts (
    id               TEXT PRIMARY KEY,
    user_id          TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- the platform's user id (the access token's `sub`)
    platform_user_id TEXT NOT NULL,
    -- the family's first member's email, shown to people
    label            TEXT NOT NULL,
    tokens           TEXT NOT NULL,
    status           TEXT NOT NULL CHECK (status IN ('linked', 'needs_relink')),
    status_detail    TEXT,
    created_at       TEXT NOT NULL,
    updated_at       TEXT NOT NULL,
    UNIQUE (user_id, platform_user_id)
);

-- Link flows in progress: single use, expiring, bound to the session that started them.
CREATE TABLE player_link_states (
    -- SHA-256 (hex) of the OAuth `state`
    state_hash  TEXT PRIMARY KEY,
    session_id  TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- the PKCE verifier, sealed like tokens
    verifier    TEXT NOT NULL,
    expires_at  TEXT NOT NULL,
    created_at  TEXT NOT NULL
);
