-- The PostgreSQL twin of migrations/sqlite/0006_device_snapshots.sql, kept equal table by table (server/tests/api/schema_parity.rs):
-- INTEGER is BIGINT, REAL is DOUBLE PRECISION, TEXT compares byte by byte (COLLATE "C") as in SQLite.
-- The last info of each player, shown (marked cached) when the platform is unreachable.
CREATE TABLE device_snapshots (
    account_id TEXT COLLATE "C" NOT NULL REFERENCES player_accounts (id) ON DELETE CASCADE,
    device_id  TEXT COLLATE "C" NOT NULL,
    snapshot   TEXT COLLATE "C" NOT NULL,
    updated_at TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (account_id, device_id)
);
