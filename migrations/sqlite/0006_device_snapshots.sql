-- The last info of each player, shown (marked cached) when the platform is unreachable.
CREATE TABLE device_snapshots (
    account_id TEXT NOT NULL REFERENCES player_accounts (id) ON DELETE CASCADE,
    device_id  TEXT NOT NULL,
    snapshot   TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (account_id, device_id)
);
