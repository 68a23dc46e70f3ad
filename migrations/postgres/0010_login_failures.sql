-- The PostgreSQL twin of migrations/sqlite/0010_login_failures.sql, kept equal table by table (server/tests/api/schema_parity.rs):
-- INTEGER is BIGINT, REAL is DOUBLE PRECISION, TEXT compares byte by byte (COLLATE "C") as in SQLite.
-- Sign-in hardening: failed sign-ins are counted per (email, client address).

-- Failed sign-ins, per email (whether or not an account has it, so unknown emails lock out
-- exactly like real ones) and per client address (so a stranger elsewhere cannot lock the
-- owner out of their own browser). A row is removed by a successful sign-in.
CREATE TABLE login_failures (
    -- normalised (trimmed, lowercased), as users.email
    email          TEXT COLLATE "C" NOT NULL,
    -- the client's IP address as text; '' when none is known
    address        TEXT COLLATE "C" NOT NULL,
    -- failed sign-ins in a row; the one reaching the limit starts a lockout
    failures       BIGINT NOT NULL,
    last_failed_at TEXT COLLATE "C" NOT NULL,
    -- a lockout is in force while this is in the future
    locked_until   TEXT COLLATE "C",
    PRIMARY KEY (email, address)
);

-- The account-wide counters are replaced by the table above. An account shows `locked`
-- while any address is locked out of it.
ALTER TABLE users DROP COLUMN failed_login_count;
ALTER TABLE users DROP COLUMN locked_until;
