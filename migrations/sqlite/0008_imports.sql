-- Local cards made from cards of a linked account.
CREATE TABLE imports (
    card_id                TEXT PRIMARY KEY REFERENCES cards (id) ON DELETE CASCADE,
    player_account_id      TEXT NOT NULL REFERENCES player_accounts (id) ON DELETE CASCADE,
    player_card_id         TEXT NOT NULL,
    -- the local card's content hash when the import finished (null while it runs)
    content_hash_at_import TEXT,
    created_at             TEXT NOT NULL
);
CREATE INDEX imports_by_account ON imports (player_account_id, player_card_id);
