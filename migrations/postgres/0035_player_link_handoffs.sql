-- Linking a player account finished in another browser than the one that started it (a
-- native app that opens the system browser, a command line): the flow is bound to a one-time
-- code the client shows instead of to a session (core/src/player/handoff.rs). The callback
-- stores the platform's tokens sealed here; they become an account only when the person types
-- the code in that browser.
CREATE TABLE player_link_handoffs (
    -- what the client polls
    id             TEXT COLLATE "C" PRIMARY KEY,
    user_id        TEXT COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- SHA-256 (hex) of the OAuth `state`
    state_hash     TEXT COLLATE "C" NOT NULL UNIQUE,
    -- SHA-256 (hex) of the code the client shows
    user_code_hash TEXT COLLATE "C" NOT NULL,
    -- the PKCE verifier, sealed like tokens
    verifier       TEXT COLLATE "C" NOT NULL,
    -- the platform's tokens, sealed, once the browser came back
    tokens         TEXT COLLATE "C",
    status         TEXT COLLATE "C" NOT NULL CHECK (status IN ('waiting', 'authorized', 'linked', 'failed')),
    error          TEXT COLLATE "C",
    -- wrong codes typed so far
    attempts       BIGINT NOT NULL DEFAULT 0,
    account_id     TEXT COLLATE "C",
    expires_at     TEXT COLLATE "C" NOT NULL,
    created_at     TEXT COLLATE "C" NOT NULL
);
CREATE INDEX player_link_handoffs_by_user ON player_link_handoffs (user_id);
