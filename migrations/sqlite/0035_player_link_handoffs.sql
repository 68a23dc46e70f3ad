-- Linking a player account finished in another browser than the one that started it (a
-- native app that opens the system browser, a command line): the flow is bound to a one-time
-- code the client shows instead of to a session (core/src/player/handoff.rs). The callback
-- stores the platform's tokens sealed here; they become an account only when the person types
-- the code in that browser.
CREATE TABLE player_link_handoffs (
    -- what the client polls
    id             TEXT PRIMARY KEY,
    user_id        TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- SHA-256 (hex) of the OAuth `state`
    state_hash     TEXT NOT NULL UNIQUE,
    -- SHA-256 (hex) of the code the client shows
    user_code_hash TEXT NOT NULL,
    -- the PKCE verifier, sealed like tokens
    verifier       TEXT NOT NULL,
    -- the platform's tokens, sealed, once the browser came back
    tokens         TEXT,
    status         TEXT NOT NULL CHECK (status IN ('waiting', 'authorized', 'linked', 'failed')),
    error          TEXT,
    -- wrong codes typed so far
    attempts       INTEGER NOT NULL DEFAULT 0,
    account_id     TEXT,
    expires_at     TEXT NOT NULL,
    created_at     TEXT NOT NULL
);
CREATE INDEX player_link_handoffs_by_user ON player_link_handoffs (user_id);
