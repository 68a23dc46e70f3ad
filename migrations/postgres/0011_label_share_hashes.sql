-- The PostgreSQL twin of migrations/sqlite/0011_label_share_hashes.sql, kept equal table by table (server/tests/api/schema_parity.rs):
-- INTEGER is BIGINT, REAL is DOUBLE PRECISION, TEXT compares byte by byte (COLLATE "C") as in SQLite.
-- Share tokens are stored hashed, like session tokens.
--
-- token_hash holds the SHA-256 (hex) of the token, which is what a request is matched by;
-- token_sealed holds the token sealed with the encryption key (the share's id bound as
-- associated data), so the owner can still copy the link while a copy of the database opens
-- nothing. SQLite cannot hash here: rows from before this migration keep the plain token in
-- token_hash with token_sealed NULL, and the server hashes and seals them at start, before it
-- serves (cardsmith_core::labels::hash_legacy_share_tokens), so existing links keep working.
ALTER TABLE label_shares RENAME COLUMN token TO token_hash;
ALTER TABLE label_shares ADD COLUMN token_sealed TEXT COLLATE "C";
