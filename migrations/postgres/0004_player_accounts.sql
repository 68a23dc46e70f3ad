-- The PostgreSQL twin of migrations/sqlite/0004_player_accounts.sql, kept equal table by table (server/tests/api/schema_parity.rs):
-- INTEGER is BIGINT, REAL is DOUBLE PRECISION, TEXT compares byte by byte (COLLATE "C") as in SQLite.
-- Accounts on the player platform linked by a user. Tokens are sealed with AES-256-GCM under
-- the server's encryption key and never leave the server.
CREATE TABLE player_accounts (
    id               TEXT COLLATE "C" PRIMARY KEY,
    user_id          TEXT COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- the platform's user id (the access token's `sub`)
    platform_user_id TEXT COLLATE "C" NOT NULL,
    -- the family's first member's email, shown to people
    label            TEXT COLLATE "C" NOT NULL,
    tokens           TEXT COLLATE "C" NOT NULL,
    status           TEXT COLLATE "C" NOT NULL CHECK (status IN ('linked', 'needs_relink')),
    status_detail    TEXT COLLATE "C",
    created_at       TEXT COLLATE "C" NOT NULL,
    updated_at       TEXT COLLATE "C" NOT NULL,
    UNIQUE (user_id, platform_user_id)
);

-- Link flows in progress: single use, expiring, bound to the session that started them.
CREATE TABLE player_link_states (
    -- SHA-256 (hex) of the OAuth `state`
    state_hash  TEXT COLLATE "C" PRIMARY KEY,
    session_id  TEXT COLLATE "C" NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    user_id     TEXT COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- the PKCE verifier, sealed like tokens
    verifier    TEXT COLLATE "C" NOT NULL,
    expires_at  TEXT COLLATE "C" NOT NULL,
    created_at  TEXT COLLATE "C" NOT NULL
);
