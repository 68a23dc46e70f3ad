-- The PostgreSQL twin of migrations/sqlite/0007_publish.sql, kept equal table by table (server/tests/api/schema_parity.rs):
-- INTEGER is BIGINT, REAL is DOUBLE PRECISION, TEXT compares byte by byte (COLLATE "C") as in SQLite.
-- Where each card was published: one record per card and linked account.
CREATE TABLE publish_records (
    id                      TEXT COLLATE "C" PRIMARY KEY,
    card_id                 TEXT COLLATE "C" NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
    player_account_id       TEXT COLLATE "C" NOT NULL REFERENCES player_accounts (id) ON DELETE CASCADE,
    player_card_id          TEXT COLLATE "C",
    status                  TEXT COLLATE "C" NOT NULL CHECK (status IN ('queued', 'publishing', 'published', 'failed')),
    error                   TEXT COLLATE "C",
    job_id                  TEXT COLLATE "C",
    content_hash_at_publish TEXT COLLATE "C",
    -- digest of the document as sent, to tell a change made on the platform from ours
    remote_digest           TEXT COLLATE "C",
    last_published_at       TEXT COLLATE "C",
    created_at              TEXT COLLATE "C" NOT NULL,
    updated_at              TEXT COLLATE "C" NOT NULL,
    UNIQUE (card_id, player_account_id)
);

-- Media an account already has, so a re-publish uploads only what changed: audio by the
-- local M4A's hash (with the platform's transcode result), covers by image hash.
CREATE TABLE uploaded_media (
    player_account_id TEXT COLLATE "C" NOT NULL REFERENCES player_accounts (id) ON DELETE CASCADE,
    kind              TEXT COLLATE "C" NOT NULL CHECK (kind IN ('audio', 'cover', 'icon')),
    local_hash        TEXT COLLATE "C" NOT NULL,
    -- `yoto:#…` reference or URL to put in the card
    remote_ref        TEXT COLLATE "C" NOT NULL,
    duration_s        DOUBLE PRECISION,
    file_size         DOUBLE PRECISION,
    format            TEXT COLLATE "C",
    channels          TEXT COLLATE "C",
    uploaded_at       TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (player_account_id, kind, local_hash)
);
