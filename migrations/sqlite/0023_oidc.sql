-- Single sign-on through one OpenID Connect provider (issue 12).

-- The provider identity an account signs in with: at most one per account, and one account
-- per identity. Joined only by first sign-in (which creates the account), by the user while
-- signed in, or by an admin; never by a matching email.
ALTER TABLE users ADD COLUMN oidc_issuer TEXT;
ALTER TABLE users ADD COLUMN oidc_subject TEXT;
CREATE UNIQUE INDEX users_by_oidc_identity ON users (oidc_issuer, oidc_subject)
    WHERE oidc_subject IS NOT NULL;

-- Sessions opened through the provider remember which provider session they came from, so a
-- back-channel logout ends exactly those (by issuer + sid, or issuer + subject).
ALTER TABLE sessions ADD COLUMN oidc_issuer TEXT;
ALTER TABLE sessions ADD COLUMN oidc_subject TEXT;
ALTER TABLE sessions ADD COLUMN oidc_sid TEXT;
CREATE INDEX sessions_by_oidc_sid ON sessions (oidc_issuer, oidc_sid) WHERE oidc_sid IS NOT NULL;

-- Sign-in and link flows in progress: single use, 15 minutes, bound to the browser that
-- started them (a cookie whose SHA-256 is kept here) and, for linking, to its session.
CREATE TABLE oidc_flows (
    -- SHA-256 (hex) of the OAuth `state`
    state_hash   TEXT PRIMARY KEY,
    -- SHA-256 (hex) of the flow cookie set by GET /auth/oidc/login
    browser_hash TEXT NOT NULL,
    mode         TEXT NOT NULL CHECK (mode IN ('sign_in', 'link')),
    -- the session (and its user) a link flow attaches the identity to
    session_id   TEXT REFERENCES sessions (id) ON DELETE CASCADE,
    user_id      TEXT REFERENCES users (id) ON DELETE CASCADE,
    -- the nonce and PKCE verifier, sealed with the server key bound to state_hash
    nonce        TEXT NOT NULL,
    verifier     TEXT NOT NULL,
    expires_at   TEXT NOT NULL,
    created_at   TEXT NOT NULL
);

-- `jti`s of accepted logout tokens, kept until the token expires: a replay is refused.
CREATE TABLE oidc_logout_tokens (
    issuer     TEXT NOT NULL,
    jti        TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    PRIMARY KEY (issuer, jti)
);
