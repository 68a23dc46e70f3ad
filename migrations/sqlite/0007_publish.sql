-- Where each card was published: one record per card and linked account.
CREATE TABLE publish_records (
    id                      TEXT PRIMARY KEY,
    card_id                 TEXT NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
    player_account_id       TEXT NOT NULL REFERENCES player_accounts (id) ON DELETE CASCADE,
    player_card_id          TEXT,
    status                  TEXT NOT NULL CHECK (status IN ('queued', 'publishing', 'published', 'failed')),
    error                   TEXT,
    job_id                  TEXT,
    content_hash_at_publish TEXT,
    -- digest of the document as sent, to tell a change made on the platform from ours
    remote_digest           TEXT,
    last_published_at       TEXT,
    created_at              TEXT NOT NULL,
    updated_at              TEXT NOT NULL,
    UNIQUE (card_id, player_account_id)
);

-- Media an account already has, so a re-publish uploads only what changed: audio by the
-- local M4A's hash (with the platform's transcode result), covers by image hash.
CREATE TABLE uploaded_media (
    player_account_id TEXT NOT NULL REFERENCES player_accounts (id) ON DELETE CASCADE,
    kind              TEXT NOT NULL CHECK (kind IN ('audio', 'cover', 'icon')),
    local_hash        TEXT NOT NULL,
    -- `yoto:#…` reference or URL to put in the card
    remote_ref        TEXT NOT NULL,
    duration_s        REAL,
    file_size         REAL,
    format            TEXT,
    channels          TEXT,
    uploaded_at       TEXT NOT NULL,
    PRIMARY KEY (player_account_id, kind, local_hash)
);
