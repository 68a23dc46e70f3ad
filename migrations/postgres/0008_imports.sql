-- The PostgreSQL twin of migrations/sqlite/0008_imports.sql, kept equal table by table (server/tests/api/schema_parity.rs):
-- INTEGER is BIGINT, REAL is DOUBLE PRECISION, TEXT compares byte by byte (COLLATE "C") as in SQLite.
-- Local cards made from cards of a linked account.
CREATE TABLE imports (
    card_id                TEXT COLLATE "C" PRIMARY KEY REFERENCES cards (id) ON DELETE CASCADE,
    player_account_id      TEXT COLLATE "C" NOT NULL REFERENCES player_accounts (id) ON DELETE CASCADE,
    player_card_id         TEXT COLLATE "C" NOT NULL,
    -- the local card's content hash when the import finished (null while it runs)
    content_hash_at_import TEXT COLLATE "C",
    created_at             TEXT COLLATE "C" NOT NULL
);
CREATE INDEX imports_by_account ON imports (player_account_id, player_card_id);
