-- The PostgreSQL twin of migrations/sqlite/0023_oidc.sql, kept equal table by table (server/tests/api/schema_parity.rs):
-- INTEGER is BIGINT, REAL is DOUBLE PRECISION, TEXT compares byte by byte (COLLATE "C") as in SQLite.
-- Single sign-on through one OpenID Connect provider (issue 12).

-- The provider identity an account signs in with: at most one per account, and one account
-- per identity. Joined only by first sign-in (which creates the account), by the user while
-- signed in, or by an admin; never by a matching email.
ALTER TABLE users ADD COLUMN oidc_issuer TEXT COLLATE "C";
ALTER TABLE users ADD COLUMN oidc_subject TEXT COLLATE "C";
CREATE UNIQUE INDEX users_by_oidc_identity ON users (oidc_issuer, oidc_subject)
    WHERE oidc_subject IS NOT NULL;

-- Sessions opened through the provider remember which provider session they came from, so a
-- back-channel logout ends exactly those (by issuer + sid, or issuer + subject).
ALTER TABLE sessions ADD COLUMN oidc_issuer TEXT COLLATE "C";
ALTER TABLE sessions ADD COLUMN oidc_subject TEXT COLLATE "C";
ALTER TABLE sessions ADD COLUMN oidc_sid TEXT COLLATE "C";
CREATE INDEX sessions_by_oidc_sid ON sessions (oidc_issuer, oidc_sid) WHERE oidc_sid IS NOT NULL;

-- Sign-in and link flows in progress: single use, 15 minutes, bound to the browser that
-- started them (a cookie whose SHA-256 is kept here) and, for linking, to its session.
CREATE TABLE oidc_flows (
    -- SHA-256 (hex) of the OAuth `state`
    state_hash   TEXT COLLATE "C" PRIMARY KEY,
    -- SHA-256 (hex) of the flow cookie set by GET /auth/oidc/login
    browser_hash TEXT COLLATE "C" NOT NULL,
    mode         TEXT COLLATE "C" NOT NULL CHECK (mode IN ('sign_in', 'link')),
    -- the session (and its user) a link flow attaches the identity to
    session_id   TEXT COLLATE "C" REFERENCES sessions (id) ON DELETE CASCADE,
    user_id      TEXT COLLATE "C" REFERENCES users (id) ON DELETE CASCADE,
    -- the nonce and PKCE verifier, sealed with the server key bound to state_hash
    nonce        TEXT COLLATE "C" NOT NULL,
    verifier     TEXT COLLATE "C" NOT NULL,
    expires_at   TEXT COLLATE "C" NOT NULL,
    created_at   TEXT COLLATE "C" NOT NULL
);

-- `jti`s of accepted logout tokens, kept until the token expires: a replay is refused.
CREATE TABLE oidc_logout_tokens (
    issuer     TEXT COLLATE "C" NOT NULL,
    jti        TEXT COLLATE "C" NOT NULL,
    expires_at TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (issuer, jti)
);
